import { and, eq, like } from "drizzle-orm";
import { canTransition } from "../../../domain/order-status";
import { carrierStatusRank, isCarrierStatusName } from "../../../domain/shipment";
import type { Db } from "../../db/client";
import { orderStatuses, orders, shipments } from "../../db/schema";
import type { Carrier } from "../../integrations/shipping/carrier";
import { lockOrder } from "../orders/order-cancel";

// "A carrier status arrived" (issue 29, docs/decisions/069): the one way a carrier's status reaches an
// order, whoever brings it — a ShipX webhook, the status poll, or the demo carrier's button. Under the
// order's row lock: the status goes into the order's history as INPOST_<name> with the carrier's
// Polish title once (a repeated or late arrival changes nothing), when domain/order-status.ts
// canTransition allows it; the order's status becomes it unless an arrival further along the flow is
// already there (a late "confirmed" after "out_for_delivery" lands in the history only).
// INPOST_delivered is a delivered status: it ends the order and starts the withdrawal period.

export type CarrierKind = Carrier["kind"];

/** What came of an arrival. */
export type StatusArrivalOutcome =
  /** a new history entry */
  | "recorded"
  /** the order already has this status in its history */
  | "known"
  /** the order's status does not allow it (canceled, delivered) or the shipment was canceled */
  | "ignored"
  /** no shipment of this carrier has that id (the webhook's caller logs it) */
  | "unknown-shipment"
  /** not a status name (refused before any lookup) */
  | "bad-status";

export interface StatusArrival {
  carrier: CarrierKind;
  /** the carrier's shipment id */
  shipmentId: string;
  /** the carrier's status name, e.g. "delivered" */
  status: string;
}

/** Titles of the carrier's statuses in Polish, asked once per process (the name itself when unknown). */
export function carrierStatusTitles(carrier: Pick<Carrier, "statuses">) {
  let titles: Promise<Map<string, string>> | null = null;
  return async (name: string): Promise<string> => {
    titles ??= carrier.statuses().then((list) => new Map(list.map((entry) => [entry.name, entry.title])));
    try {
      return (await titles).get(name) ?? name;
    } catch {
      titles = null; // asked again next time
      return name;
    }
  };
}

export async function recordCarrierStatus(
  db: Db,
  arrival: StatusArrival,
  title: (name: string) => Promise<string>,
  now: Date = new Date(),
): Promise<{ outcome: StatusArrivalOutcome; orderId: number | null }> {
  const name = arrival.status;
  if (!isCarrierStatusName(name) || arrival.shipmentId.length > 100)
    return { outcome: "bad-status", orderId: null };
  const statusTitle = await title(name);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: shipments.id, orderId: shipments.orderId })
      .from(shipments)
      .where(
        and(eq(shipments.carrierKind, arrival.carrier), eq(shipments.carrierShipmentId, arrival.shipmentId)),
      );
    if (!found) return { outcome: "unknown-shipment" as const, orderId: null };
    // the order first, then the shipment: the same lock order as every order change
    const order = await lockOrder(tx, found.orderId);
    const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, found.id)).for("update");
    if (!order || !shipment) return { outcome: "unknown-shipment" as const, orderId: null };
    if (shipment.canceledAt) return { outcome: "ignored" as const, orderId: order.id };
    if (carrierStatusRank(name) > carrierStatusRank(shipment.status)) {
      await tx.update(shipments).set({ status: name, updatedAt: now }).where(eq(shipments.id, shipment.id));
    }
    const status = `INPOST_${name}`;
    const history = await tx
      .select({ status: orderStatuses.status })
      .from(orderStatuses)
      .where(and(eq(orderStatuses.orderId, order.id), like(orderStatuses.status, "INPOST\\_%")));
    const carrierNames = history.map((entry) => entry.status.slice("INPOST_".length));
    if (carrierNames.includes(name)) return { outcome: "known" as const, orderId: order.id };
    if (!canTransition(order.status, status)) return { outcome: "ignored" as const, orderId: order.id };
    await tx
      .insert(orderStatuses)
      .values({ orderId: order.id, status, data: { title: statusTitle }, createdAt: now });
    // the order's status: this one unless the history has one further along the flow
    const furthest = Math.max(-1, ...carrierNames.map((known) => carrierStatusRank(known)));
    if (carrierStatusRank(name) >= furthest) {
      await tx.update(orders).set({ status, updatedAt: now }).where(eq(orders.id, order.id));
    }
    return { outcome: "recorded" as const, orderId: order.id };
  });
}
