import type { ParcelSizeCode } from "../../../domain/shipment";
import type { AddressData, DeliveryPoint } from "../../../domain/types";
import type { ShipmentRequest } from "../../integrations/shipping/carrier";

// What the carrier is asked for an order (issue 29): the order number as reference, the recipient as
// receiver, the order's parcel locker as target point or a courier to the recipient's address.

/** "ul. Krawiecka 12/3" → street "ul. Krawiecka", building "12/3" (the last number-like word). */
export function splitStreet(street: string): { street: string; buildingNumber: string } {
  const trimmed = street.trim().replace(/\s+/g, " ");
  const match = /^(.*\S)\s+(\d+[A-Za-z]?(?:\s*(?:\/|m\.?|lok\.?)\s*\d+[A-Za-z]?)?)$/.exec(trimmed);
  if (!match?.[1] || !match[2]) return { street: trimmed, buildingNumber: "" };
  return { street: match[1], buildingNumber: match[2].replace(/\s+/g, "") };
}

export interface OrderToShip {
  orderNumber: string;
  deliveryMethod: "courier" | "parcel-locker";
  recipient: AddressData;
  deliveryPoint: DeliveryPoint | null;
}

/** The request for an order, or null when a locker order has no point. */
export function shipmentRequestOf(order: OrderToShip, parcelSize: ParcelSizeCode): ShipmentRequest | null {
  const { recipient } = order;
  const receiver = {
    name: recipient.displayName,
    companyName: null,
    email: recipient.email,
    phone: recipient.phone,
  };
  if (order.deliveryMethod === "parcel-locker") {
    const point = order.deliveryPoint?.foreign_access_point_id;
    if (!point) return null;
    return {
      reference: order.orderNumber,
      receiver,
      delivery: { kind: "locker", targetPoint: point },
      parcelSize,
    };
  }
  return {
    reference: order.orderNumber,
    receiver,
    delivery: {
      kind: "courier",
      address: {
        ...splitStreet(recipient.street),
        city: recipient.city,
        postCode: recipient.postCode,
        countryCode: "PL",
      },
    },
    parcelSize,
  };
}
