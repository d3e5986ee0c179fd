import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, id, requiredRef, updatedAt } from "./columns";
import { orders } from "./orders";

// Shipments (issue 29, docs/decisions/069): one row per parcel asked of a carrier. The row is written
// first (with its job); the job creates it at the carrier, stores the carrier's id (never created
// twice) and polls until the tracking number exists, which then goes onto the order once.

export const shipments = pgTable(
  "shipments",
  {
    id: id(),
    orderId: requiredRef("order_id", () => orders.id, "cascade"),
    /** which carrier: "inpost" (ShipX) or "demo" */
    carrierKind: text("carrier_kind", { enum: ["inpost", "demo"] }).notNull(),
    /** the carrier's id, once created there */
    carrierShipmentId: text("carrier_shipment_id"),
    trackingNumber: text("tracking_number"),
    /** the carrier's latest status name (ShipX), furthest in the flow */
    status: text("status"),
    parcelSize: text("parcel_size", { enum: ["A", "B", "C"] }).notNull(),
    delivery: text("delivery", { enum: ["locker", "courier"] }).notNull(),
    /** what was sent to the carrier (integrations/shipping/carrier.ts ShipmentRequest; the demo carrier draws its label from it) */
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    /** the carrier's refusal or the last failure, shown to staff */
    lastError: text("last_error"),
    /** when the tracking number went onto the order (once) */
    trackingAddedAt: timestamp("tracking_added_at", { withTimezone: true }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("shipments_carrier_id_idx").on(t.carrierKind, t.carrierShipmentId),
    // one active shipment per order
    uniqueIndex("shipments_active_order_idx").on(t.orderId).where(sql`canceled_at is null`),
    index("shipments_order_idx").on(t.orderId, t.createdAt),
  ],
);
