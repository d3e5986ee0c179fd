import { REFUND_OWED_RETURNED, type RefundOwedStatus } from "../../../domain/order-status";
import type { Tx } from "../../db/client";
import { orderStatuses } from "../../db/schema";

// Money owed back (issue 24, docs/decisions/032): money arrived for an order that cannot take it
// (canceled, a wrong amount or currency, its units sold meanwhile, paid twice). The shop keeps no
// automatic refund: the order gets a hidden history entry (domain/order-status.ts
// REFUND_OWED_STATUSES), staff see "Do zwrotu" and return the money through the provider
// (after-sale/refunds.service.ts; order-staff.service.ts lists them), and the shop is told by e-mail
// (order-mailer.ts refundOwed). Recorded by the reaction to a payment's outcome (payment-outcome.ts),
// in the notification's transaction. A successful refund of the money owed adds a hidden
// REFUND_OWED_RETURNED entry in the refund's transaction, which ends the mark (ADR 066).

/** Records that the order's money is owed back and why; the order's own status does not change. */
export async function recordRefundOwed(
  tx: Tx,
  orderId: number,
  reason: RefundOwedStatus,
  now: Date,
): Promise<void> {
  await tx.insert(orderStatuses).values({ orderId, status: reason, hidden: true, createdAt: now });
}

/** Records that the money owed back was refunded: the "Do zwrotu" mark ends, the owed entry stays. */
export async function recordRefundOwedReturned(tx: Tx, orderId: number, now: Date): Promise<void> {
  await tx
    .insert(orderStatuses)
    .values({ orderId, status: REFUND_OWED_RETURNED, hidden: true, createdAt: now });
}
