import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Order } from "../../../domain/types";
import type { Db } from "../../db/client";
import { shipments } from "../../db/schema";
import {
  type Carrier,
  CarrierRefusedError,
  CarrierUnavailableError,
} from "../../integrations/shipping/carrier";
import { type Failure, fail, ok, type Result } from "../../lib/result";
import { storableError } from "../jobs/job-queue";
import { mergeLabels } from "./labels-pdf";
import { renderPackingSlips } from "./packing-slip-pdf";

// What staff print for a parcel (issue 29): one PDF of the labels of the orders named, and their
// packing slips; and how a carrier's error is worded for staff (kept on the row, or a refusal's toast).

export interface PdfFile {
  fileName: string;
  bytes: Uint8Array;
}

/** What staff are shown of a carrier's error: its message and the carrier's details. */
export function staffError(error: unknown): string {
  if (error instanceof CarrierRefusedError) {
    return storableError(new Error([error.message, ...error.details].join(" · ")));
  }
  return storableError(error);
}

/** A carrier's refusal or absence as the failure staff are shown; null for any other error. */
export function carrierFailure(error: unknown): Failure | null {
  if (error instanceof CarrierRefusedError) {
    return fail("shipment/carrier-refused", undefined, {
      details: error.details,
      params: { message: staffError(error) },
    });
  }
  if (error instanceof CarrierUnavailableError) return fail("shipment/carrier-unavailable");
  return null;
}

/**
 * One PDF of the labels of these orders' active shipments at `carrier`, in the order given (orders
 * without a created shipment are left out; none at all: shipment/no-label).
 */
export async function labelsPdf(
  db: Db,
  carrier: Carrier,
  orderIds: readonly number[],
  format: "A6" | "A4",
): Promise<Result<PdfFile>> {
  const rows = await db
    .select()
    .from(shipments)
    .where(
      and(
        inArray(shipments.orderId, [...orderIds]),
        eq(shipments.carrierKind, carrier.kind),
        isNull(shipments.canceledAt),
        isNotNull(shipments.carrierShipmentId),
      ),
    );
  const byOrder = new Map(rows.map((row) => [row.orderId, row]));
  const ids = orderIds.flatMap((id) => {
    const carrierId = byOrder.get(id)?.carrierShipmentId;
    return carrierId ? [carrierId] : [];
  });
  if (ids.length === 0) return fail("shipment/no-label");
  const labels: Uint8Array[] = [];
  for (const id of ids) {
    try {
      labels.push(await carrier.label(id, format));
    } catch (error) {
      const failure = carrierFailure(error);
      if (failure) return failure;
      throw error;
    }
  }
  const single = ids.length === 1 ? byOrder.get(orderIds[0] ?? 0)?.trackingNumber : null;
  return ok({
    fileName: single ? `etykieta-${single}.pdf` : `etykiety-${ids.length}.pdf`,
    bytes: await mergeLabels(labels),
  });
}

/** The packing slip of each of these orders (as `found`), one page or more each, in the order given. */
export async function packingSlipsPdf(
  orderIds: readonly number[],
  found: readonly Order[],
): Promise<Result<PdfFile>> {
  if (found.length === 0) return fail("order/not-found");
  const byId = new Map(found.map((order) => [order._id, order]));
  const ordered = orderIds.flatMap((id) => {
    const order = byId.get(id);
    return order ? [order] : [];
  });
  return ok({
    fileName:
      ordered.length === 1
        ? `lista-${ordered[0]?.orderNumber}.pdf`
        : `lista-do-spakowania-${ordered.length}.pdf`,
    bytes: await renderPackingSlips(ordered),
  });
}
