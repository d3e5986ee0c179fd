import { eq } from "drizzle-orm";
import { canTransition } from "../../../domain/order-status";
import type { Db, Tx } from "../../db/client";
import { orderStatuses, orders } from "../../db/schema";
import { issueInvoice } from "../invoices/invoice-issue";
import type { LockedOrder, OrderEvent, PaymentOutcome } from "../payments/payment-notifications";
import { recordRefundOwed } from "./refund-owed";
import { releaseOrderStock, reserveOrderStockAgain } from "./stock";

// What an order does when its payment's status changes (docs/decisions/058): the payments area
// reports the outcome of a notification (payments/payment-notifications.ts) and of a payment the
// provider would not start (payments/payment-start.ts); server/services.ts hands it these two
// functions. In the notification's transaction, under the order's row lock:
// - confirmed: the units are taken again if they went back (a failed attempt), the order is
//   PAYMENT_CONFIRMED and paid, its invoice is issued (invoices/invoice-issue.ts) and the shop's
//   e-mail of it queued (shop-notify.ts);
// - confirmed but the order cannot take it (canceled, paid already), a wrong amount, or its units
//   sold meanwhile: the money is owed back (refund-owed.ts);
// - the latest attempt failed: PAYMENT_ERROR, and the units go back (a retry takes them again).

export interface PaymentOutcomeDependencies {
  log: { error(data: object, message: string): void };
  /** the order just became paid, in this transaction: what else is queued with it (the shop's e-mail) */
  paid?(tx: Tx, orderId: number): Promise<void>;
  /** a new invoice, in the payment's transaction (its KSeF submission queued: server/areas/ksef) */
  invoiceIssued?: (tx: Tx, ref: { invoiceId: number }, now: Date) => Promise<void>;
}

async function appendStatus(tx: Tx, orderId: number, status: string, now: Date) {
  await tx.insert(orderStatuses).values({ orderId, status, hidden: false, createdAt: now });
  await tx.update(orders).set({ status, updatedAt: now }).where(eq(orders.id, orderId));
}

export function createPaymentOutcome(db: Db, deps: PaymentOutcomeDependencies) {
  /** A confirmed payment: the order paid and invoiced, or the money owed back. */
  async function confirmed(tx: Tx, order: LockedOrder, externalId: string, now: Date): Promise<OrderEvent[]> {
    if (!canTransition(order.status, "PAYMENT_CONFIRMED")) {
      if (order.status === "CANCELED") {
        // money arrived for a canceled order (by staff, or its payment time ran out): it must
        // be refunded by hand; staff see "Do zwrotu" and the shop gets an e-mail
        deps.log.error(
          { orderNumber: order.orderNumber, externalId },
          "payment confirmed for a canceled order: refund it",
        );
        await recordRefundOwed(tx, order.id, "ERROR_PAID_AFTER_CANCEL", now);
        return ["refund-owed"];
      }
      if (order.paidAt) {
        // another attempt (a failed one that succeeded after all) paid the order already
        deps.log.error({ externalId }, "second payment of a paid order: refund it");
        await recordRefundOwed(tx, order.id, "ERROR_PAID_TWICE", now);
        return ["refund-owed"];
      }
      return [];
    }
    const shortage = await reserveOrderStockAgain(tx, order.id);
    if (shortage) {
      // paid after its units went back and were sold: the money is taken, staff must act
      deps.log.error({ orderId: order.id, shortage }, "paid order is short of stock");
      await recordRefundOwed(tx, order.id, "ERROR_STOCK_SHORTAGE", now);
    }
    await appendStatus(tx, order.id, "PAYMENT_CONFIRMED", now);
    await tx.update(orders).set({ paidAt: now, reservedUntil: null }).where(eq(orders.id, order.id));
    await issueInvoice(tx, order, now, deps.invoiceIssued);
    await deps.paid?.(tx, order.id);
    return shortage ? ["paid", "refund-owed"] : ["paid"];
  }

  return {
    /** The order's reaction to its payment's outcome (payments/payment-notifications.ts SettleOrderPayment). */
    async settle(tx: Tx, order: LockedOrder, outcome: PaymentOutcome, now: Date): Promise<OrderEvent[]> {
      if (outcome.kind === "wrong-amount") {
        await recordRefundOwed(tx, order.id, "ERROR_PAYMENT_AMOUNT", now);
        return ["refund-owed"];
      }
      if (outcome.kind === "confirmed") return confirmed(tx, order, outcome.externalId, now);
      const next = outcome.status;
      if (order.status === next || !canTransition(order.status, next)) return [];
      await appendStatus(tx, order.id, next, now);
      if (next === "PAYMENT_ERROR") {
        await releaseOrderStock(tx, order.id);
        return ["failed"];
      }
      return [];
    },

    /** The provider refused or is down: the order is marked PAYMENT_ERROR and gives its units back. */
    async notStarted(orderId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
        if (locked && locked.status !== "PAYMENT_ERROR" && canTransition(locked.status, "PAYMENT_ERROR")) {
          await appendStatus(tx, orderId, "PAYMENT_ERROR", new Date());
        }
        await releaseOrderStock(tx, orderId);
      });
    },
  };
}
