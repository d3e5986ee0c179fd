import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { payments } from "../../db/schema";

// A canceled order's payments are closed (issue 24): the shopper can no longer pay them (the demo
// bank refuses, retry-payment refuses) and a confirmation that still arrives is recorded as money
// owed back, never as a payment of the order. Paynow v3 has no call that cancels a payment
// (docs/decisions/032), so closing is the shop's own record; the provider's payment may still
// complete, and then the refund-owed path takes over.

/** The payments table's status of a payment the shop closed (never a provider's status). */
export const CLOSED_PAYMENT_STATUS = "PAYMENT_CANCELED";

/** Statuses of a payment the shopper may still complete. */
export const OPEN_PAYMENT_STATUSES = ["PAYMENT_NEW", "PAYMENT_PENDING"] as const;

/** Closes every open payment of the order (in the caller's transaction); returns how many. */
export async function closeOpenPayments(tx: Tx, orderId: number, now: Date): Promise<number> {
  const closed = await tx
    .update(payments)
    .set({ status: CLOSED_PAYMENT_STATUS, updatedAt: now })
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, [...OPEN_PAYMENT_STATUSES])))
    .returning({ id: payments.id });
  return closed.length;
}
