import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { shipments } from "../../db/schema";
import type { ShipmentRequest } from "../../integrations/shipping/carrier";
import type { DemoShipmentRecord } from "../../integrations/shipping/demo-carrier";

/** What the demo carrier draws a label from: the shop's own record of a demo shipment. */
export async function findDemoShipment(
  db: Db,
  carrierShipmentId: string,
): Promise<DemoShipmentRecord | null> {
  const [row] = await db
    .select({ request: shipments.request, trackingNumber: shipments.trackingNumber })
    .from(shipments)
    .where(and(eq(shipments.carrierKind, "demo"), eq(shipments.carrierShipmentId, carrierShipmentId)));
  return row
    ? { request: row.request as unknown as ShipmentRequest, trackingNumber: row.trackingNumber }
    : null;
}
