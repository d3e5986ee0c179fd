import { and, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { orders, payments } from "../../db/schema";
import type {
  PaymentNotification,
  PaymentProvider,
  PaymentStatus,
} from "../../integrations/payments/payment-provider";
import { fail, ok, type Result } from "../../lib/result";
import { CLOSED_PAYMENT_STATUS } from "./open-payments";
import { IDEMPOTENCY_KEY_MAX } from "./payment-start";

// A provider's notifications (DESIGN.md "Order statuses change only through the transition rules"):
// verified by the provider adapter (signature), then applied in one transaction holding the order
// row lock, so repeats and concurrent deliveries change the status once. This side keeps the
// payments table: payment statuses only move forward (a PENDING after CONFIRMED changes nothing),
// an amount or currency that does not match the order never confirms it, an older attempt's news
// never overrules the latest. What the order does then (confirmed and invoiced, failed and its
// units back, money owed back) is the orders area's (`settle`, orders/payment-outcome.ts), in the
// same transaction; the events it returns are announced after the commit.

/**
 * After a committed change: paid, failed (payment refused) and refund-owed (money arrived that the
 * order cannot take: the shop is told).
 */
export type OrderEvent = "paid" | "failed" | "refund-owed";

/** The order row as locked for a notification. */
export type LockedOrder = typeof orders.$inferSelect;

/** What a notification means for its order, once the payment's own record is updated. */
export type PaymentOutcome =
  /** money arrived whose amount or currency does not match the order: not confirmed, owed back */
  | { kind: "wrong-amount" }
  /** the payment is confirmed (also a payment closed when its order was canceled) */
  | { kind: "confirmed"; externalId: string }
  /** the order's latest attempt moved to this status */
  | { kind: "status"; status: Exclude<PaymentStatus, "PAYMENT_CONFIRMED"> };

/** The orders area's reaction to a payment outcome, in the notification's transaction. */
export type SettleOrderPayment = (
  tx: Tx,
  order: LockedOrder,
  outcome: PaymentOutcome,
  now: Date,
) => Promise<OrderEvent[]>;

export interface PaymentNotificationDependencies {
  provider: PaymentProvider;
  settle: SettleOrderPayment;
  /** after a committed status change (e-mails); errors are the callee's to log */
  onOrderEvent(event: OrderEvent, orderId: number): Promise<void>;
  log: { warn(data: object, message: string): void };
}

const PAYMENT_RANK: Record<PaymentStatus, number> = {
  PAYMENT_NEW: 0,
  PAYMENT_PENDING: 1,
  PAYMENT_ERROR: 2,
  PAYMENT_CONFIRMED: 3,
};

export function createPaymentNotifications(db: Db, deps: PaymentNotificationDependencies) {
  const { provider } = deps;

  /**
   * Applies a verified notification. Returns the events to announce after the commit, none when
   * nothing changed (a repeat, an out-of-order status, an old attempt's failure).
   */
  async function applyNotification(notification: PaymentNotification): Promise<OrderEvent[]> {
    const now = new Date();
    return db.transaction(async (tx) => {
      let [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider.name), eq(payments.externalId, notification.externalId)));
      if (!payment && notification.orderNumber) {
        // registered with the provider, but the shop never heard back (timeout): adopt it
        const [order] = await tx
          .select({ id: orders.id, priceGrosze: orders.priceGrosze })
          .from(orders)
          .where(eq(orders.orderNumber, notification.orderNumber));
        if (order) {
          [payment] = await tx
            .insert(payments)
            .values({
              orderId: order.id,
              provider: provider.name,
              externalId: notification.externalId,
              status: "PAYMENT_NEW",
              amountGrosze: order.priceGrosze,
              redirectUrl: "",
              idempotencyKey: `adopted-${notification.externalId}`.slice(0, IDEMPOTENCY_KEY_MAX),
            })
            .onConflictDoNothing()
            .returning();
          [payment] = payment
            ? [payment]
            : await tx
                .select()
                .from(payments)
                .where(
                  and(eq(payments.provider, provider.name), eq(payments.externalId, notification.externalId)),
                );
        }
      }
      if (!payment) return [];

      // the order row lock serialises every notification of this order
      const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for("update");
      if (!order) return [];
      const [latest] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.orderId, order.id))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(1);

      const next = notification.status;
      if (payment.status === CLOSED_PAYMENT_STATUS) {
        // closed when its order was canceled: only money that still arrives matters (owed back)
        if (next !== "PAYMENT_CONFIRMED") return [];
      } else {
        const current = payment.status as PaymentStatus;
        if (
          PAYMENT_RANK[next] <= PAYMENT_RANK[current] &&
          !(current === "PAYMENT_ERROR" && next === "PAYMENT_CONFIRMED")
        ) {
          return []; // a repeat or an out-of-order older status
        }
      }

      if (next === "PAYMENT_CONFIRMED") {
        const amountMatches =
          payment.amountGrosze === order.priceGrosze &&
          payment.currency === "PLN" &&
          (notification.amountGrosze === null || notification.amountGrosze === order.priceGrosze) &&
          (notification.currency === null || notification.currency === "PLN");
        if (!amountMatches) {
          deps.log.warn(
            { orderNumber: order.orderNumber, externalId: payment.externalId, notification },
            "payment amount or currency does not match the order: not confirmed",
          );
          await tx
            .update(payments)
            .set({ status: "PAYMENT_ERROR", updatedAt: now })
            .where(eq(payments.id, payment.id));
          return deps.settle(tx, order, { kind: "wrong-amount" }, now);
        }
      }
      await tx.update(payments).set({ status: next, updatedAt: now }).where(eq(payments.id, payment.id));

      if (next === "PAYMENT_CONFIRMED") {
        return deps.settle(tx, order, { kind: "confirmed", externalId: payment.externalId }, now);
      }
      // an older attempt's news must not overrule the latest attempt
      if (latest?.id !== payment.id) return [];
      return deps.settle(tx, order, { kind: "status", status: next }, now);
    });
  }

  async function announce(events: readonly OrderEvent[], orderId: number | null) {
    if (orderId === null) return;
    for (const event of events) await deps.onOrderEvent(event, orderId);
  }

  async function orderIdOfPayment(externalId: string): Promise<number | null> {
    const [row] = await db
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(and(eq(payments.provider, provider.name), eq(payments.externalId, externalId)));
    return row?.orderId ?? null;
  }

  /**
   * A provider's webhook: verify (signature), then apply. Bad signature or malformed body →
   * payment/bad-notification (400, nothing changes); otherwise ok (202), also for repeats.
   */
  async function handleNotification(
    providerName: string,
    rawBody: string,
    headers: Record<string, string | undefined>,
  ): Promise<Result<void>> {
    if (providerName !== provider.name) return fail("not-found");
    const verified = provider.verifyNotification(rawBody, headers);
    if (!verified.ok) return fail("payment/bad-notification");
    const known = await orderIdOfPayment(verified.notification.externalId);
    if (known === null && !verified.notification.orderNumber) return fail("payment/bad-notification");
    const events = await applyNotification(verified.notification);
    await announce(events, await orderIdOfPayment(verified.notification.externalId));
    return ok(undefined);
  }

  return { handleNotification };
}
