// Shipment number entry (SPEC §5): required; must differ from the previous number.

import { z } from "zod";
import { SHIPMENT_NUMBER_MAX } from "../constants";
import { requiredString } from "./common";
import { MSG } from "./messages";

export const shipmentNumberSchema = requiredString({ max: SHIPMENT_NUMBER_MAX });

/** Comparison form of a shipment number: whitespace removed, upper case. */
export function normalizeShipmentNumber(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** True when `next` is the same number as `previous` (ignoring spaces and letter case). */
export function isSameShipmentNumber(previous: string | null | undefined, next: string): boolean {
  if (previous == null) return false;
  const before = normalizeShipmentNumber(previous);
  return before !== "" && before === normalizeShipmentNumber(next);
}

/** `PUT /orders/{id}/add-shipment-number` body. */
export const addShipmentNumberSchema = z.object({ shipmentNumber: shipmentNumberSchema });

/** The moderator's form, which also rejects the number already on the order. */
export function makeShipmentNumberFormSchema(previous: string | null | undefined) {
  return addShipmentNumberSchema.refine((data) => !isSameShipmentNumber(previous, data.shipmentNumber), {
    path: ["shipmentNumber"],
    error: MSG.shipmentSameAsPrevious,
  });
}

/** The most orders one bulk shipment request, label or packing-slip download names. */
export const SHIPMENT_BULK_MAX = 100;

const orderIdsSchema = z
  .array(z.coerce.number().int().positive().max(2_147_483_647))
  .min(1)
  .max(SHIPMENT_BULK_MAX);

/**
 * `POST /shipments` (staff, issue 29): shipments for these orders; the parcel size of each is the
 * largest of its products' unless staff choose one.
 */
export const createShipmentsSchema = z.object({
  orderIds: orderIdsSchema,
  parcelSize: z.enum(["A", "B", "C"]).optional(),
});

/** `?id=1&id=2…` of the labels and packing-slip downloads (one id or several), with the label format. */
export const shipmentDocumentsQuerySchema = z.object({
  id: z
    .union([z.coerce.number().int().positive().max(2_147_483_647), orderIdsSchema])
    .transform((value) => (Array.isArray(value) ? value : [value])),
  format: z.enum(["A6", "A4"]).optional(),
});
