import { and, eq, sql } from "drizzle-orm";
import { invoiceNumber, invoicePeriod } from "../../../domain/invoice";
import type { Tx } from "../../db/client";
import { invoices, orders } from "../../db/schema";
import { invoiceUrlOf } from "./invoice-url";

// Issuing an order's invoice (docs/decisions/013): its number and date are fixed in the transaction
// that confirms the order's payment (orders/payment-outcome.ts), numbered per month with no gaps and
// no duplicates whatever the concurrency. The PDF is drawn from the stored order when asked
// (invoices.service.ts).

const INVOICE_LOCK_ID = 7_246_002;

/**
 * Issues the order's invoice (in the caller's transaction) unless it has one already; `issued` is
 * told of a new one in the same transaction (its KSeF submission is queued: server/areas/ksef).
 */
export async function issueInvoice(
  tx: Tx,
  order: { id: number; orderNumber: string; email: string },
  now: Date,
  issued?: (tx: Tx, ref: { invoiceId: number }, now: Date) => Promise<void>,
): Promise<void> {
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.orderId, order.id));
  if (existing) return;
  // one numbering per month with no gaps and no duplicates, whatever the concurrency
  await tx.execute(sql`select pg_advisory_xact_lock(${INVOICE_LOCK_ID})`);
  const { year, month } = invoicePeriod(now);
  const [last] = await tx
    .select({ max: sql<number>`coalesce(max(${invoices.sequence}), 0)::int` })
    .from(invoices)
    .where(and(eq(invoices.year, year), eq(invoices.month, month)));
  const sequence = (last?.max ?? 0) + 1;
  const [inserted] = await tx
    .insert(invoices)
    .values({
      orderId: order.id,
      year,
      month,
      sequence,
      number: invoiceNumber(year, month, sequence),
      issuedAt: now,
    })
    .returning({ id: invoices.id });
  if (inserted && issued) await issued(tx, { invoiceId: inserted.id }, now);
  await tx
    .update(orders)
    .set({ invoiceUrl: invoiceUrlOf(order) })
    .where(eq(orders.id, order.id));
}
