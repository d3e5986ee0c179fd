import { and, desc, eq, inArray, isNotNull, isNull, notInArray, or } from "drizzle-orm";
import { canTransition } from "../../../domain/order-status";
import {
  FINAL_CARRIER_STATUSES,
  isFinalCarrierStatus,
  largestParcelSize,
  nextDemoStatus,
  type ParcelSizeCode,
} from "../../../domain/shipment";
import type { Order } from "../../../domain/types";
import { parseForm } from "../../../domain/validation/errors";
import { createShipmentsSchema } from "../../../domain/validation/shipment";
import type { Db } from "../../db/client";
import { orderItems, orders, products, shipments, users } from "../../db/schema";
import { type Carrier, CarrierRefusedError, type ShipmentRequest } from "../../integrations/shipping/carrier";
import { fail, ok, type Result } from "../../lib/result";
import type { ServiceLog } from "../../services";
import type { AuditActor } from "../audit/audit";
import { inTransaction, recordChange, refuse } from "../audit/audited-write";
import type { JobQueue } from "../jobs/job-queue";
import {
  carrierStatusTitles,
  recordCarrierStatus,
  type StatusArrival,
  type StatusArrivalOutcome,
} from "./carrier-status";
import { carrierFailure, labelsPdf, packingSlipsPdf, staffError } from "./shipment-documents";
import { shipmentRequestOf } from "./shipment-request";

// Shipments (issue 29, docs/decisions/069): from a paid order to a parcel on its way. Staff ask for
// shipments (one order or many) in one audited write that also queues a `shipments.track` job per
// shipment; the job creates the shipment at the carrier (a row that has the carrier's id is never
// created again), then asks for its tracking number, again with back-off until it exists, which
// goes onto the order exactly as typing it does (order-staff.service.ts addShipmentNumber: the status,
// the history, the shipment e-mail; once — the same number again is refused there, and the row
// remembers it went on). Carrier statuses arrive through `statusArrived` (carrier-status.ts), from
// ShipX webhooks, the periodic `shipments.sync-statuses` poll, or the demo carrier's button.
// A refusal by the carrier (CarrierRefusedError) is kept on the row for staff and not retried; the
// carrier out of reach (CarrierUnavailableError, any other error) is kept too and the job retried.

export const SHIPMENT_JOBS = {
  track: "shipments.track",
  syncStatuses: "shipments.sync-statuses",
} as const;

/** Asking again for the tracking number: the second time after 2 s, doubling up to 10 min, at most this many times (about a day). */
export const MAX_TRACKING_POLLS = 150;
/** The wait before the `round`-th ask again (1, 2, …). */
export function trackingPollDelayMs(round: number): number {
  return Math.min(2_000 * 2 ** Math.min(Math.max(round - 1, 0), 9), 10 * 60_000);
}

type ShipmentRow = typeof shipments.$inferSelect;

export interface ShipmentView {
  _id: number;
  orderId: number;
  carrier: "inpost" | "demo";
  carrierShipmentId: string | null;
  trackingNumber: string | null;
  /** the carrier's status name and its Polish title */
  status: string | null;
  statusTitle: string | null;
  parcelSize: ParcelSizeCode;
  delivery: "locker" | "courier";
  lastError: string | null;
  createdAt: string;
  canceledAt: string | null;
  /** the demo carrier's next status (the "Następny status (demo)" button), or null */
  demoNextStatus: string | null;
}

export interface ShipmentsCreated {
  created: ShipmentView[];
  /** orders that got none, with why: not-found, not-allowed (unpaid, canceled, delivered), exists, no-point */
  skipped: {
    orderId: number;
    orderNumber: string | null;
    reason: "not-found" | "not-allowed" | "exists" | "no-point";
  }[];
}

export interface ShipmentsDeps {
  carrier: Carrier;
  queue: JobQueue;
  /** the order's tracking number, as staff typing it (order-staff.service.ts addShipmentNumber) */
  addShipmentNumber(
    actor: AuditActor,
    orderId: number,
    input: { shipmentNumber: string },
  ): Promise<Result<unknown>>;
  /** orders as the order card shows them (orders.queries.ts getManyById): the packing slips */
  readOrders(ids: readonly number[]): Promise<Order[]>;
  /** ShipX webhooks are configured: no periodic status poll */
  webhooks?: boolean;
  log: ServiceLog;
}

export function createShipmentsService(db: Db, deps: ShipmentsDeps) {
  const { carrier, queue } = deps;
  const title = carrierStatusTitles(carrier);

  async function viewOf(row: ShipmentRow): Promise<ShipmentView> {
    const active = row.canceledAt === null && row.carrierShipmentId !== null;
    return {
      _id: row.id,
      orderId: row.orderId,
      carrier: row.carrierKind,
      carrierShipmentId: row.carrierShipmentId,
      trackingNumber: row.trackingNumber,
      status: row.status,
      statusTitle: row.status ? await title(row.status) : null,
      parcelSize: row.parcelSize,
      delivery: row.delivery,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      canceledAt: row.canceledAt?.toISOString() ?? null,
      demoNextStatus:
        active && row.carrierKind === "demo" && !isFinalCarrierStatus(row.status)
          ? nextDemoStatus(row.delivery, row.status)
          : null,
    };
  }

  async function rowOf(shipmentId: number): Promise<ShipmentRow | null> {
    const [row] = await db.select().from(shipments).where(eq(shipments.id, shipmentId));
    return row ?? null;
  }

  async function activeOf(orderId: number): Promise<ShipmentRow | null> {
    const [row] = await db
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, orderId), isNull(shipments.canceledAt)));
    return row ?? null;
  }

  async function keepError(shipmentId: number, error: unknown): Promise<void> {
    await db
      .update(shipments)
      .set({ lastError: staffError(error), updatedAt: new Date() })
      .where(eq(shipments.id, shipmentId));
  }

  /** The largest parcel size of each order's products. */
  async function sizesOf(orderIds: readonly number[]): Promise<Map<number, ParcelSizeCode>> {
    const rows = await db
      .select({ orderId: orderItems.orderId, size: products.parcelSize })
      .from(orderItems)
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(inArray(orderItems.orderId, [...orderIds]));
    const sizes = new Map<number, string[]>();
    for (const row of rows) sizes.set(row.orderId, [...(sizes.get(row.orderId) ?? []), row.size]);
    return new Map(orderIds.map((id) => [id, largestParcelSize(sizes.get(id) ?? [])]));
  }

  /** Who the job acts for when it adds the tracking number: the staff member who asked for the shipment. */
  async function actorOf(row: ShipmentRow): Promise<AuditActor> {
    if (row.createdBy !== null) {
      const [user] = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.id, row.createdBy));
      if (user) return { _id: user.id, email: user.email };
    }
    return { _id: 0, email: "shipments" };
  }

  /** The tracking number onto the order, once: as staff typing it (the shipment e-mail goes with it). */
  async function addTracking(row: ShipmentRow, trackingNumber: string): Promise<void> {
    const result = await deps.addShipmentNumber(await actorOf(row), row.orderId, {
      shipmentNumber: trackingNumber,
    });
    // the same number already there (this job ran before and its end was not recorded) is done too
    if (!result.ok && result.code !== "validation") {
      await keepError(
        row.id,
        new Error(`The tracking number ${trackingNumber} could not be added to the order (${result.code})`),
      );
      return;
    }
    await db
      .update(shipments)
      .set({ trackingAddedAt: new Date(), lastError: null, updatedAt: new Date() })
      .where(and(eq(shipments.id, row.id), isNull(shipments.trackingAddedAt)));
  }

  async function schedulePoll(shipmentId: number, round: number): Promise<void> {
    if (round >= MAX_TRACKING_POLLS) return;
    const runAt = new Date(queue.clock().getTime() + trackingPollDelayMs(round));
    await queue.enqueue(SHIPMENT_JOBS.track, { shipmentId, round }, { runAt });
  }

  /** The carrier's view of a created shipment: its tracking number and status kept; the number onto the order. */
  async function check(row: ShipmentRow, round: number): Promise<void> {
    if (!row.carrierShipmentId || row.canceledAt || row.trackingAddedAt || row.carrierKind !== carrier.kind)
      return;
    let found: Awaited<ReturnType<Carrier["get"]>>;
    try {
      found = await carrier.get(row.carrierShipmentId);
    } catch (error) {
      await keepError(row.id, error);
      if (error instanceof CarrierRefusedError) return;
      throw error;
    }
    if (found.trackingNumber && found.trackingNumber !== row.trackingNumber) {
      await db
        .update(shipments)
        .set({ trackingNumber: found.trackingNumber, updatedAt: new Date() })
        .where(eq(shipments.id, row.id));
    }
    if (found.status)
      await statusArrived({
        carrier: row.carrierKind,
        shipmentId: row.carrierShipmentId,
        status: found.status,
      });
    if (found.trackingNumber) await addTracking(row, found.trackingNumber);
    else await schedulePoll(row.id, round + 1);
  }

  async function statusArrived(arrival: StatusArrival): Promise<StatusArrivalOutcome> {
    const { outcome } = await recordCarrierStatus(db, arrival, title);
    return outcome;
  }

  return {
    /**
     * "Utwórz przesyłki" (staff): a shipment for each order that may get one (paid, not canceled, not
     * delivered, no active shipment, a locker order with its point), in one transaction with an audit
     * entry and a `shipments.track` job each. One order refused: that failure; several: the rest go.
     */
    async create(actor: AuditActor, input: unknown): Promise<Result<ShipmentsCreated>> {
      const parsed = parseForm(createShipmentsSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const orderIds = [...new Set(parsed.data.orderIds)];
      const sizes = await sizesOf(orderIds);
      const result = await inTransaction(db, async (tx) => {
        const rows = await tx
          .select()
          .from(orders)
          .where(inArray(orders.id, orderIds))
          .orderBy(orders.id)
          .for("update");
        const byId = new Map(rows.map((row) => [row.id, row]));
        const active = await tx
          .select({ orderId: shipments.orderId })
          .from(shipments)
          .where(and(inArray(shipments.orderId, orderIds), isNull(shipments.canceledAt)));
        const shipped = new Set(active.map((row) => row.orderId));
        const skipped: ShipmentsCreated["skipped"] = [];
        const created: ShipmentRow[] = [];
        for (const orderId of orderIds) {
          const order = byId.get(orderId);
          const skip = (reason: ShipmentsCreated["skipped"][number]["reason"]) =>
            skipped.push({ orderId, orderNumber: order?.orderNumber ?? null, reason });
          if (!order) {
            skip("not-found");
            continue;
          }
          if (order.paidAt === null || !canTransition(order.status, "SHIPMENT_NUMBER_ADDED")) {
            skip("not-allowed");
            continue;
          }
          if (shipped.has(orderId)) {
            skip("exists");
            continue;
          }
          const parcelSize = parsed.data.parcelSize ?? sizes.get(orderId) ?? "A";
          const request = shipmentRequestOf(order, parcelSize);
          if (!request) {
            skip("no-point");
            continue;
          }
          const [row] = await tx
            .insert(shipments)
            .values({
              orderId,
              carrierKind: carrier.kind,
              parcelSize,
              delivery: request.delivery.kind,
              request: request as unknown as Record<string, unknown>,
              createdBy: actor._id,
            })
            .returning();
          if (!row) throw new Error("shipment not inserted");
          created.push(row);
          await recordChange(tx, actor, "shipment.create", {
            entityId: row.id,
            before: null,
            after: { orderId, carrier: row.carrierKind, parcelSize, delivery: row.delivery },
          });
        }
        if (orderIds.length === 1 && skipped[0]) {
          const reason = skipped[0].reason;
          refuse(
            reason === "not-found"
              ? fail("order/not-found")
              : fail("shipment/not-allowed", undefined, {
                  reason,
                  params: { orderNumber: skipped[0].orderNumber ?? "" },
                }),
          );
        }
        await queue.enqueueMany(
          created.map((row) => ({ kind: SHIPMENT_JOBS.track, payload: { shipmentId: row.id, round: 0 } })),
          tx,
        );
        return { created, skipped };
      });
      if (!result.ok) return result;
      if (result.value.created.length > 0) queue.notify();
      return ok({
        created: await Promise.all(result.value.created.map(viewOf)),
        skipped: result.value.skipped,
      });
    },

    /**
     * The `shipments.track` job: created at the carrier once (the row keeps its id), then its tracking
     * number asked for; without it the same job again later (`round`: how many times it was asked).
     */
    async track(shipmentId: number, round: number): Promise<void> {
      let row = await rowOf(shipmentId);
      // a shipment of another carrier (the shop switched from the demo carrier to ShipX) is left alone
      if (!row || row.canceledAt || row.carrierKind !== carrier.kind) return;
      if (!row.carrierShipmentId) {
        let made: Awaited<ReturnType<Carrier["create"]>>;
        try {
          made = await carrier.create(row.request as unknown as ShipmentRequest);
        } catch (error) {
          await keepError(shipmentId, error);
          if (error instanceof CarrierRefusedError) return; // shown to staff; asking again changes nothing
          throw error;
        }
        const [stored] = await db
          .update(shipments)
          .set({
            carrierShipmentId: made.id,
            status: made.status,
            trackingNumber: made.trackingNumber,
            lastError: null,
            updatedAt: new Date(),
          })
          .where(and(eq(shipments.id, shipmentId), isNull(shipments.carrierShipmentId)))
          .returning();
        if (!stored) {
          // another run stored its id first (a job run twice at once): this one is not kept
          await carrier.cancel(made.id).catch((error: unknown) => {
            deps.log.warn({ err: error, shipmentId }, "a second carrier shipment could not be canceled");
          });
          return;
        }
        row = stored;
        if (row.canceledAt) {
          // canceled by staff while it was being created: cancel it at the carrier too
          await carrier.cancel(made.id);
          return;
        }
      }
      await check(row, round);
    },

    /** The `shipments.track` job landed in the dead letter: its error stays on the row for staff. */
    async trackGaveUp(shipmentId: number, error: unknown): Promise<void> {
      await keepError(shipmentId, error);
    },

    /** A carrier status arrived (webhook, poll or the demo button): carrier-status.ts recordCarrierStatus. */
    statusArrived,

    /**
     * The periodic `shipments.sync-statuses` job: every active shipment not yet in a final status is
     * asked its status (ShipX without webhooks; the demo carrier moves only by its button). How many changed.
     */
    async syncStatuses(): Promise<number> {
      if (deps.webhooks || carrier.kind === "demo") return 0;
      const rows = await db
        .select({ id: shipments.id, carrierShipmentId: shipments.carrierShipmentId })
        .from(shipments)
        .where(
          and(
            eq(shipments.carrierKind, carrier.kind),
            isNull(shipments.canceledAt),
            isNotNull(shipments.carrierShipmentId),
            or(isNull(shipments.status), notInArray(shipments.status, [...FINAL_CARRIER_STATUSES])),
          ),
        )
        .limit(500);
      let changed = 0;
      for (const row of rows) {
        if (!row.carrierShipmentId) continue;
        try {
          const found = await carrier.get(row.carrierShipmentId);
          const arrival = { carrier: carrier.kind, shipmentId: row.carrierShipmentId, status: found.status };
          if ((await statusArrived(arrival)) === "recorded") changed++;
        } catch (error) {
          // one shipment the carrier does not answer for stops none of the others (asked again next time)
          deps.log.warn({ err: error, shipmentId: row.id }, "carrier status not read");
        }
      }
      return changed;
    },

    /** "Następny status (demo)": the demo flow's next status, through the same path as a webhook. */
    async advanceDemo(actor: AuditActor, orderId: number): Promise<Result<ShipmentView>> {
      const row = await activeOf(orderId);
      if (row?.carrierKind !== "demo" || !row.carrierShipmentId) return fail("not-found");
      const next = nextDemoStatus(row.delivery, row.status);
      if (!next || isFinalCarrierStatus(row.status))
        return fail("shipment/not-allowed", undefined, { reason: "final" });
      await statusArrived({ carrier: "demo", shipmentId: row.carrierShipmentId, status: next });
      const after = await rowOf(row.id);
      if (!after) return fail("not-found");
      await inTransaction(db, (tx) =>
        recordChange(tx, actor, "shipment.demo-status", {
          entityId: row.id,
          before: { status: row.status },
          after: { status: after.status },
        }),
      );
      return ok(await viewOf(after));
    },

    /**
     * Cancel a shipment created by mistake: at the carrier first (it may refuse: a parcel already on
     * its way), then the row. The order keeps its history and tracking number: its status table has
     * no step back from SHIPMENT_NUMBER_ADDED, and a new shipment's number replaces the number.
     */
    async cancel(actor: AuditActor, orderId: number): Promise<Result<ShipmentView>> {
      const row = await activeOf(orderId);
      if (!row) return fail("not-found");
      // at the carrier first (a shipment of a carrier no longer configured: in the shop only)
      if (row.carrierShipmentId && row.carrierKind === carrier.kind) {
        try {
          await carrier.cancel(row.carrierShipmentId);
        } catch (error) {
          await keepError(row.id, error);
          const failure = carrierFailure(error);
          if (failure) return failure;
          throw error;
        }
      }
      const result = await inTransaction(db, async (tx) => {
        const [canceled] = await tx
          .update(shipments)
          .set({ canceledAt: new Date(), updatedAt: new Date() })
          .where(and(eq(shipments.id, row.id), isNull(shipments.canceledAt)))
          .returning();
        if (!canceled) refuse(fail("not-found"));
        await recordChange(tx, actor, "shipment.cancel", {
          entityId: row.id,
          before: { canceledAt: null, carrierShipmentId: row.carrierShipmentId },
          after: { canceledAt: canceled.canceledAt?.toISOString() },
        });
        return canceled;
      });
      if (!result.ok) return result;
      return ok(await viewOf(result.value));
    },

    /** An order's shipments, newest first (the active one first of all). */
    async listForOrder(orderId: number): Promise<ShipmentView[]> {
      const rows = await db
        .select()
        .from(shipments)
        .where(eq(shipments.orderId, orderId))
        .orderBy(desc(shipments.createdAt), desc(shipments.id));
      return Promise.all(rows.map(viewOf));
    },

    /** One PDF of the labels of these orders' shipments (shipment-documents.ts labelsPdf). */
    labels: (orderIds: readonly number[], format: "A6" | "A4") => labelsPdf(db, carrier, orderIds, format),

    /** The packing slips of these orders, in one PDF (shipment-documents.ts packingSlipsPdf). */
    packingSlips: async (orderIds: readonly number[]) =>
      packingSlipsPdf(orderIds, await deps.readOrders(orderIds)),
  };
}

export type ShipmentsService = ReturnType<typeof createShipmentsService>;
