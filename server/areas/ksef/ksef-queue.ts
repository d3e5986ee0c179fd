import { eq } from "drizzle-orm";
import { goesToKsef } from "../../../domain/ksef-environment";
import type { Config } from "../../config";
import type { Tx } from "../../db/client";
import { correctingInvoices, invoices, orders } from "../../db/schema";
import type { JobQueue } from "../jobs/job-queue";
import type { KsefDocumentRef } from "./ksef-pdf";

// When an invoice or a correcting invoice is issued (in the transaction that issues it: the payment's,
// invoices/invoice-issue.ts, or the refund's, after-sale/correcting-invoice.ts) and it goes to KSeF
// (domain/ksef-environment.ts goesToKsef: the buyer's NIP, KSEF_B2C), its `ksef.prepare` job is queued
// in that same transaction: an issued invoice is never left without its submission. For an invoice,
// also the deadline of the customer's "paid" e-mail (`ksef.invoice-email`, after KSEF_EMAIL_WAIT_MINUTES).

export const KSEF_JOBS = {
  /** builds the FA(3) XML and stores the submission row (before any network call) */
  prepare: "ksef.prepare",
  /** opens a session, uploads the invoice (or finds it in the recorded session), closes the session */
  send: "ksef.send",
  /** asks KSeF where the upload is, with back-off, until accepted or refused */
  poll: "ksef.poll",
  /** fetches and stores the UPO of an accepted invoice */
  upo: "ksef.upo",
  /** the "paid" e-mail's deadline: sent without the KSeF number if it has not come by then */
  invoiceEmail: "ksef.invoice-email",
} as const;

/** KSeF jobs may wait out a long outage: with the back-off's one-hour cap, about a day of attempts. */
export const KSEF_MAX_ATTEMPTS = 30;

/** What the issuing transactions call (server/services.ts wires it in). */
export type KsefIssued = (tx: Tx, ref: KsefDocumentRef, now: Date) => Promise<void>;

export function createKsefIssueHook(config: Config, queue: JobQueue): KsefIssued {
  return async (tx, ref, now) => {
    if (config.ksef.env === "off") return;
    const [row] =
      "invoiceId" in ref
        ? await tx
            .select({ invoiceData: orders.invoiceData })
            .from(invoices)
            .innerJoin(orders, eq(orders.id, invoices.orderId))
            .where(eq(invoices.id, ref.invoiceId))
        : await tx
            .select({ invoiceData: orders.invoiceData })
            .from(correctingInvoices)
            .innerJoin(orders, eq(orders.id, correctingInvoices.orderId))
            .where(eq(correctingInvoices.id, ref.correctingInvoiceId));
    if (!row || !goesToKsef(config.ksef, buyerNipOf(row.invoiceData))) return;
    const jobs: Parameters<JobQueue["enqueueMany"]>[0][number][] = [
      { kind: KSEF_JOBS.prepare, payload: ref, options: { maxAttempts: KSEF_MAX_ATTEMPTS } },
    ];
    if ("invoiceId" in ref) {
      jobs.push({
        kind: KSEF_JOBS.invoiceEmail,
        payload: ref,
        options: { runAt: new Date(now.getTime() + config.ksef.emailWaitMs), maxAttempts: KSEF_MAX_ATTEMPTS },
      });
    }
    await queue.enqueueMany(jobs, tx);
  };
}

/** Whether an order's "paid" e-mail waits for its invoice's KSeF number (ksef.service.ts sends it). */
export function paidEmailWaitsForKsef(
  config: Config,
  order: { invoiceUrl: string | null; invoiceData: { nip?: string | null } },
): boolean {
  return order.invoiceUrl !== null && goesToKsef(config.ksef, buyerNipOf(order.invoiceData));
}

/** The buyer's NIP as the invoice names it (an empty field: none, a consumer). */
function buyerNipOf(invoiceData: { nip?: string | null }): string | null {
  return invoiceData.nip?.trim() ? invoiceData.nip : null;
}
