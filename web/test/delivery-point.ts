import type { DeliveryPoint } from "../../domain/types";

/** A chosen parcel locker, with a flat number, as the order stores it. */
export const KRAKOW_POINT: DeliveryPoint = {
  foreign_access_point_id: "KRA010",
  name: "Paczkomat KRA010",
  street: "Karmelicka",
  house_number: "45",
  flat_number: "3",
  postal_code: "31-128",
  city: "Kraków",
};
