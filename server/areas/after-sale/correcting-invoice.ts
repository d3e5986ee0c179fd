import { and, eq, sql } from "drizzle-orm";
import { isRefundReason } from "../../../domain/after-sale-status";
import {
  buildCorrectingInvoiceDocument,
  CORRECTION_REASONS,
  correctingInvoiceNumber,
  correctionLines,
} from "../../../domain/correcting-invoice";
import { type InvoiceDocument, type InvoiceSellerInput, invoicePeriod } from "../../../domain/invoice";
import { refundForCancel } from "../../../domain/refund-amount";
import { isShopModerator } from "../../../domain/roles";
import type { PublicUser } from "../../../domain/types";
import type { Config } from "../../config";
import type { Db, Tx } from "../../db/client";
import { correctingInvoices, invoices, orders, type refunds } from "../../db/schema";
import { renderInvoicePdf } from "../../integrations/invoices/invoice-pdf";
import { fail, ok, type Result } from "../../lib/result";
import type { InvoiceFile } from "../invoices/invoices.service";
import { ksefPdfBlock } from "../ksef/ksef-pdf";
import { loadRefundBasis, proposalFor } from "./refund-basis";

// Correcting invoices (faktura korygująca, issue 27, docs/decisions/066): one per successful refund
// of an invoiced order, issued in the transaction that records the refund as SUCCESSFUL. Numbered
// KOR/{year}/{month}/{seq} per month, gap-free under concurrency like the invoices
// (invoice-issue.ts: an advisory lock, then max + 1), with its own lock and sequence. The lines are
// the difference lines of domain/correcting-invoice.ts; the PDF is drawn by invoice-pdf.ts.

const CORRECTION_LOCK_ID = 7_246_027;

/** The correcting invoice's path, as the order pages and e-mails link it. */
export function correctionPdfPath(id: number): string {
  return `/api/after-sale/corrections/${id}/pdf`;
}

/**
 * Issues the correcting invoice of a refund that has just succeeded (in the caller's transaction),
 * unless it has one or its order has no invoice. Money owed back (refund-owed) was never invoiced.
 */
export async function issueCorrectingInvoice(
  tx: Tx,
  refund: typeof refunds.$inferSelect,
  now: Date,
  issued?: (tx: Tx, ref: { correctingInvoiceId: number }, now: Date) => Promise<void>,
): Promise<number | null> {
  if (refund.reason === "refund-owed" || !isRefundReason(refund.reason)) return null;
  const [existing] = await tx
    .select({ id: correctingInvoices.id })
    .from(correctingInvoices)
    .where(eq(correctingInvoices.refundId, refund.id));
  if (existing) return existing.id;
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, refund.orderId));
  if (!invoice) return null;
  const basis = await loadRefundBasis(tx, refund.orderId, refund.reason, refund.id);
  if (!basis) return null;
  const proposal = await proposalFor(tx, basis, { caseId: refund.caseId, reason: refund.reason });
  // an amount with nothing proposed (e.g. a case's units already paid) spreads over the whole order
  const weights =
    proposal && proposal.totalGrosze > 0
      ? proposal
      : refundForCancel({ order: basis.refundOrder, alreadyRefundedGrosze: 0 });
  const lines = correctionLines({
    corrected: { items: basis.items, deliveryTitle: basis.order.deliveryTitle },
    proposal: weights,
    amountGrosze: refund.amountGrosze,
  });
  await tx.execute(sql`select pg_advisory_xact_lock(${CORRECTION_LOCK_ID})`);
  const { year, month } = invoicePeriod(now);
  const [last] = await tx
    .select({ max: sql<number>`coalesce(max(${correctingInvoices.sequence}), 0)::int` })
    .from(correctingInvoices)
    .where(and(eq(correctingInvoices.year, year), eq(correctingInvoices.month, month)));
  const sequence = (last?.max ?? 0) + 1;
  const [row] = await tx
    .insert(correctingInvoices)
    .values({
      orderId: refund.orderId,
      invoiceId: invoice.id,
      refundId: refund.id,
      year,
      month,
      sequence,
      number: correctingInvoiceNumber(year, month, sequence),
      lines,
      totalGrosze: lines.reduce((sum, line) => sum + line.amountGrosze, 0),
      reason: CORRECTION_REASONS[refund.reason],
      issuedAt: now,
    })
    .returning({ id: correctingInvoices.id });
  // its KSeF submission queued in this transaction (server/areas/ksef)
  if (row && issued) await issued(tx, { correctingInvoiceId: row.id }, now);
  return row?.id ?? null;
}

type CorrectionRows = {
  correction: typeof correctingInvoices.$inferSelect;
  invoice: typeof invoices.$inferSelect;
  order: typeof orders.$inferSelect;
};

/** A correcting invoice with the invoice it corrects and its order (null when it is not there). */
async function readCorrection(db: Db, id: number): Promise<CorrectionRows | null> {
  const [row] = await db
    .select({ correction: correctingInvoices, invoice: invoices, order: orders })
    .from(correctingInvoices)
    .innerJoin(invoices, eq(invoices.id, correctingInvoices.invoiceId))
    .innerJoin(orders, eq(orders.id, correctingInvoices.orderId))
    .where(eq(correctingInvoices.id, id));
  return row ?? null;
}

/** The correcting invoice's document: what its PDF shows and what goes to KSeF (server/areas/ksef). */
function correctingDocumentOf(row: CorrectionRows, seller: InvoiceSellerInput): InvoiceDocument {
  const { order } = row;
  return buildCorrectingInvoiceDocument({
    number: row.correction.number,
    issuedAt: row.correction.issuedAt,
    reason: row.correction.reason,
    lines: row.correction.lines,
    invoice: {
      number: row.invoice.number,
      issuedAt: row.invoice.issuedAt,
      saleDate: order.paidAt ?? row.invoice.issuedAt,
    },
    order: { orderNumber: order.orderNumber, invoiceData: order.invoiceData },
    seller,
  });
}

/** A correcting invoice's document by its id, with the id of the invoice it corrects. */
export async function loadCorrectingDocument(
  db: Db,
  seller: InvoiceSellerInput,
  id: number,
): Promise<{ document: InvoiceDocument; invoiceId: number } | null> {
  const row = await readCorrection(db, id);
  return row ? { document: correctingDocumentOf(row, seller), invoiceId: row.invoice.id } : null;
}

/**
 * The correcting invoice as a PDF: for the order's customer, staff, or whoever names the order's
 * number and e-mail (a guest; the route rate-limits the lookup). Anyone else: not found.
 */
export async function correctingInvoicePdf(
  db: Db,
  config: Config,
  id: number,
  viewer: { user: PublicUser | null; orderNumber: string | null; email: string | null },
): Promise<Result<InvoiceFile>> {
  const row = await readCorrection(db, id);
  if (!row) return fail("not-found");
  const { order } = row;
  const allowed =
    (viewer.user !== null && (viewer.user._id === order.userId || isShopModerator(viewer.user))) ||
    (viewer.email !== null &&
      viewer.orderNumber !== null &&
      viewer.orderNumber.trim().toUpperCase() === order.orderNumber &&
      viewer.email.trim().toLowerCase() === order.email.toLowerCase());
  if (!allowed) return fail("not-found");
  const document = correctingDocumentOf(row, config.seller);
  const ksef = await ksefPdfBlock(db, config, { correctingInvoiceId: id }, document.issueDate);
  const bytes = await renderInvoicePdf(document, { ksef });
  return ok({ bytes, fileName: `${row.correction.number.replaceAll("/", "-")}.pdf` });
}
