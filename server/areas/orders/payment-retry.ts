import { eq } from "drizzle-orm";
import { canTransition } from "../../../domain/order-status";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { orders } from "../../db/schema";
import { fail, ok, type Result } from "../../lib/result";
import type { OrderQueries } from "./orders.queries";
import { reserveOrderStockAgain } from "./stock";

// Paying an unpaid order again (GET /api/orders/retry-payment/{id}, the "Zapłać teraz" pages,
// docs/decisions/040): the open payment is resumed at the bank, or, after a failed one, the order
// takes its units again (a new payment time) and a new payment is started (payments/payment-start.ts).

export interface PaymentRetryDependencies {
  queries: OrderQueries;
  /** registers a new payment of an unpaid order (payments.service.ts startPayment) */
  startPayment(orderId: number): Promise<Result<{ redirectUrl: string }>>;
}

export function createPaymentRetry(db: Db, config: Config, deps: PaymentRetryDependencies) {
  /**
   * A new payment for an unpaid order (after a failed one). Failures: order/not-found,
   * order/canceled, order/payment-time-over (its units are no longer held: the expiry cancels it),
   * conflict, order/out-of-stock.
   */
  return async function retry(orderNumber: string, email: string): Promise<Result<{ redirectUrl: string }>> {
    const order = await deps.queries.findByNumber(orderNumber, email);
    if (!order) return fail("order/not-found");
    if (order.status === "CANCELED") return fail("order/canceled");
    if (order.reservedUntil && new Date(order.reservedUntil).getTime() <= Date.now())
      return fail("order/payment-time-over");
    const open = await deps.queries.openPaymentUrl(order._id);
    if (open && order.status !== "PAYMENT_ERROR") return ok({ redirectUrl: open });
    if (!canTransition(order.status, "PAYMENT_NEW")) return fail("conflict");
    const shortage = await db.transaction(async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order._id)).for("update");
      const missing = await reserveOrderStockAgain(tx, order._id);
      if (!missing) {
        const reservedUntil = new Date(Date.now() + config.orderPaymentTimeoutMinutes * 60_000);
        await tx.update(orders).set({ reservedUntil }).where(eq(orders.id, order._id));
      }
      return missing;
    });
    if (shortage) return fail("order/out-of-stock", undefined, { ...shortage });
    return deps.startPayment(order._id);
  };
}
