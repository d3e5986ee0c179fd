import { z } from "zod";
import type { ShipmentsCreated, ShipmentView } from "./shipments.service";

// What the shipments' /api routes answer (issue 29), typed against the service's shapes.

const id = z.number().int();

export const shipmentReply: z.ZodType<ShipmentView> = z.object({
  _id: id,
  orderId: id,
  carrier: z.enum(["inpost", "demo"]),
  carrierShipmentId: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  status: z.string().nullable(),
  statusTitle: z.string().nullable(),
  parcelSize: z.enum(["A", "B", "C"]),
  delivery: z.enum(["locker", "courier"]),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  canceledAt: z.string().nullable(),
  demoNextStatus: z.string().nullable(),
});

export const orderShipmentsReply = z.object({ shipments: z.array(shipmentReply) });

export const shipmentsCreatedReply: z.ZodType<ShipmentsCreated> = z.object({
  created: z.array(shipmentReply),
  skipped: z.array(
    z.object({
      orderId: id,
      orderNumber: z.string().nullable(),
      reason: z.enum(["not-found", "not-allowed", "exists", "no-point"]),
    }),
  ),
});
