import { eq } from "drizzle-orm";
import { canTransition } from "../../../domain/order-status";
import type { Tx } from "../../db/client";
import { orderStatuses, orders } from "../../db/schema";
import { closeOpenPayments } from "../payments/open-payments";
import { releaseOrderStock } from "./stock";

// The one way an order is canceled (issue 24), used by staff (PUT /orders/{id}/add-status) and by
// the expiry of unpaid orders (order-expiry.ts cancelExpired): under the order's row lock the
// transition rules decide, then in the same transaction the CANCELED entry, the units back and
// every open payment closed. The coupon use goes back by itself: a coupon's uses count the orders
// that are not canceled. The caller sends the "order canceled" e-mail after the commit.

/** Locks the order's row for the rest of the transaction; null when it does not exist. */
export async function lockOrder(tx: Tx, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order ?? null;
}

/**
 * Cancels an order whose row the caller holds locked (`lockOrder`), when the transition rules
 * allow it. Returns false (nothing written) when they do not, e.g. it is already canceled or paid.
 */
export async function cancelLockedOrder(
  tx: Tx,
  order: { id: number; status: string },
  now: Date,
): Promise<boolean> {
  if (!canTransition(order.status, "CANCELED")) return false;
  await tx.insert(orderStatuses).values({ orderId: order.id, status: "CANCELED", createdAt: now });
  // no hold any more: the expiry's index range (reserved_until) keeps only orders still waiting
  await tx
    .update(orders)
    .set({ status: "CANCELED", reservedUntil: null, updatedAt: now })
    .where(eq(orders.id, order.id));
  await releaseOrderStock(tx, order.id);
  await closeOpenPayments(tx, order.id, now);
  return true;
}
