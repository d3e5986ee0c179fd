import type { RefundOwedStatus } from "../../../domain/order-status";
import type { Tx } from "../../db/client";
import { orderStatuses } from "../../db/schema";

// Money owed back (issue 24, docs/decisions/032): money arrived for an order that cannot take it
// (canceled, a wrong amount or currency, its units sold meanwhile, paid twice). The shop keeps no
// automatic refund: the order gets a hidden history entry (domain/order-status.ts
// REFUND_OWED_STATUSES), staff see "Do zwrotu" and return the money by hand (order-staff.service.ts
// lists them), and the shop is told by e-mail (order-mailer.ts refundOwed). Recorded by the
// reaction to a payment's outcome (payment-outcome.ts), in the notification's transaction.

/** Records that the order's money is owed back and why; the order's own status does not change. */
export async function recordRefundOwed(
  tx: Tx,
  orderId: number,
  reason: RefundOwedStatus,
  now: Date,
): Promise<void> {
  await tx.insert(orderStatuses).values({ orderId, status: reason, hidden: true, createdAt: now });
}
