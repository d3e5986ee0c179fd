import { and, inArray, isNull, lt } from "drizzle-orm";
import { UNPAID_STATUSES } from "../../../domain/order-status";
import type { Db } from "../../db/client";
import { orders } from "../../db/schema";
import { cancelLockedOrder, lockOrder } from "./order-cancel";

// Unpaid orders expire (docs/decisions/032): the periodic job orders.expire-unpaid
// (jobs/job-kinds.ts) cancels every order whose payment time is over.

export interface OrderExpiryDependencies {
  /** after an order is canceled for want of payment (the "order canceled" e-mail saying why) */
  expired(orderId: number): Promise<void>;
}

export function createOrderExpiry(db: Db, deps: OrderExpiryDependencies) {
  /**
   * Cancels the unpaid orders whose payment time is over: each in its own transaction under its row
   * lock, through the one cancel (units back, open payments closed; the coupon use goes back with
   * the status), then the "order canceled" e-mail saying why. Every instance may run this at once:
   * the lock and the transition rules cancel each order once. A payment that still arrives is
   * recorded as money owed back (payment-outcome.ts).
   */
  return async function cancelExpired(now: Date = new Date()): Promise<number> {
    const due = await db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          lt(orders.reservedUntil, now),
          isNull(orders.paidAt),
          inArray(orders.status, [...UNPAID_STATUSES]),
        ),
      )
      .orderBy(orders.id)
      .limit(500);
    let canceled = 0;
    for (const { id } of due) {
      const done = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        // re-read under the lock: paid, retried (a new payment time) or canceled meanwhile
        if (!order || order.paidAt || !order.reservedUntil || order.reservedUntil >= now) return false;
        if (!(UNPAID_STATUSES as readonly string[]).includes(order.status)) return false;
        return cancelLockedOrder(tx, order, now);
      });
      if (!done) continue;
      canceled++;
      await deps.expired(id);
    }
    return canceled;
  };
}
