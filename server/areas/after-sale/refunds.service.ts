import { and, desc, eq } from "drizzle-orm";
import {
  type AfterSaleKind,
  canRefundTransition,
  canTransition,
  isFinalRefundStatus,
  type RefundReason,
  type RefundStatus,
} from "../../../domain/after-sale-status";
import type { Lang } from "../../../domain/i18n";
import { refundAmountProblem, refundableGrosze } from "../../../domain/refund-amount";
import { refundRequestSchema } from "../../../domain/validation/after-sale";
import { parseForm } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import type { Config } from "../../config";
import type { Db, Tx } from "../../db/client";
import {
  afterSaleCases,
  afterSaleEvents,
  correctingInvoices,
  orders,
  payments,
  refunds,
} from "../../db/schema";
import {
  type PaymentProvider,
  PaymentProviderError,
  type RefundReason as ProviderRefundReason,
} from "../../integrations/payments/payment-provider";
import { fail, ok, type Result } from "../../lib/result";
import type { ServiceLog } from "../../services";
import type { AuditActor } from "../audit/audit";
import { recordAudit } from "../audit/audit";
import { auditedWrite, refuse } from "../audit/audited-write";
import type { JobQueue } from "../jobs/job-queue";
import { storableError } from "../jobs/job-queue";
import type { MailService } from "../mail/mail.service";
import { recordRefundOwedReturned } from "../orders/refund-owed";
import { resultUrlOf } from "../payments/result-url";
import { correctionPdfPath, issueCorrectingInvoice } from "./correcting-invoice";
import { loadRefundBasis, proposalFor, type RefundBasis } from "./refund-basis";
import { type RefundEmailKind, refundEmail } from "./refund-emails";

// Money back through the payment provider (issue 27, docs/decisions/066). A staff refund is a row
// first: `startRefund` checks the amount on the server (1 ≤ amount ≤ paid − refunded − in progress,
// with a confirmed payment to send it to) and, in one transaction with its audit entry, writes the
// refund (REQUESTED, its idempotency key made from the row) and a `refunds.send` job. The job asks
// the provider with that key (a retry, a crash after the call or a second instance gets the same
// refund), stores the provider's id and status, then `refunds.poll` reads the status with back-off
// until it is final. A provider error is kept on the row (lastError, shown to staff) and the job
// fails so the queue retries it; in the dead letter it shows on the jobs page while the refund stays
// "not done" on the desk. Recording a status is idempotent (the refund row locked, forward moves
// only, domain/after-sale-status.ts canRefundTransition); SUCCESSFUL sets completedAt, moves the case
// to REFUNDED (a refund of money owed back ends the order's "Do zwrotu" mark instead, orders/refund-owed.ts),
// issues the correcting invoice of an invoiced order, and the customer is e-mailed
// "refund started" (the provider accepted it) and "refund done" after the commit.
//
// Three ways in: a withdrawal or complaint case (the amount proposed for its units), an order with
// money owed back (ADR 032 REFUND_OWED_STATUSES), and staff canceling a paid order
// (`startCancelRefund`, inside the cancel's transaction: refundForCancel, everything back).

export const REFUND_JOBS = { send: "refunds.send", poll: "refunds.poll" } as const;

/**
 * Polls of a refund's status: the first after 2 s (the demo bank and most refunds are done by then),
 * doubling up to an hour, at most this many (about five days, as long as Paynow keeps one waiting).
 */
export const MAX_REFUND_POLLS = 130;
export function refundPollDelayMs(round: number): number {
  return Math.min(2_000 * 2 ** Math.min(round, 11), 60 * 60_000);
}

export interface RefundView {
  _id: number;
  orderId: number;
  caseId: number | null;
  amountGrosze: number;
  reason: string;
  status: string;
  providerRefundId: string | null;
  lastError: string | null;
  createdAt: string;
  completedAt: string | null;
  correction: { _id: number; number: string; url: string } | null;
}

export interface RefundProposalView {
  orderId: number;
  caseId: number | null;
  reason: RefundReason;
  paidGrosze: number;
  refundedGrosze: number;
  inProgressGrosze: number;
  /** what may still be sent: paid − refunded − in progress */
  refundableGrosze: number;
  /** the amount proposed (capped at what may be sent) */
  proposedGrosze: number;
  goodsGrosze: number;
  deliveryGrosze: number;
  hasPayment: boolean;
}

export interface RefundsDeps {
  config: Config;
  provider: PaymentProvider;
  queue: JobQueue;
  mail: MailService;
  log: ServiceLog;
  /** a new correcting invoice, in the refund's transaction (its KSeF submission queued: server/areas/ksef) */
  correctionIssued?: (tx: Tx, ref: { correctingInvoiceId: number }, now: Date) => Promise<void>;
}

type RefundRow = typeof refunds.$inferSelect;

/** The key the provider knows the refund by: made from the row, so every retry sends the same (≤ 45). */
export function refundIdempotencyKey(row: { id: number; createdAt: Date }): string {
  return `refund-${row.id}-${row.createdAt.getTime().toString(36)}`;
}

/** Paynow's vocabulary for why the money goes back (a complaint is RMA). */
function providerReason(reason: string): ProviderRefundReason {
  return reason === "complaint" ? "RMA" : "OTHER";
}

/** What staff are shown of a provider error: its type and the provider's own message. */
export function staffError(error: unknown): string {
  if (error instanceof PaymentProviderError) {
    const parts = [error.errorType, error.providerMessage ?? error.message].filter(Boolean);
    return storableError(new Error(parts.join(": ")));
  }
  return storableError(error);
}

function viewOf(row: RefundRow, correction: { id: number; number: string } | null): RefundView {
  return {
    _id: row.id,
    orderId: row.orderId,
    caseId: row.caseId,
    amountGrosze: row.amountGrosze,
    reason: row.reason,
    status: row.status,
    providerRefundId: row.providerRefundId,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    correction: correction
      ? { _id: correction.id, number: correction.number, url: correctionPdfPath(correction.id) }
      : null,
  };
}

function proposalView(
  basis: RefundBasis,
  input: { caseId: number | null; reason: RefundReason },
  proposed: { goodsGrosze: number; deliveryGrosze: number; totalGrosze: number } | null,
): RefundProposalView {
  const left = refundableGrosze({
    paidGrosze: basis.paidGrosze,
    alreadyRefundedGrosze: basis.refundedGrosze + basis.inProgressGrosze,
  });
  return {
    orderId: basis.order.id,
    caseId: input.caseId,
    reason: input.reason,
    paidGrosze: basis.paidGrosze,
    refundedGrosze: basis.refundedGrosze,
    inProgressGrosze: basis.inProgressGrosze,
    refundableGrosze: left,
    proposedGrosze: Math.min(proposed ? proposed.totalGrosze : left, left),
    goodsGrosze: proposed?.goodsGrosze ?? 0,
    deliveryGrosze: proposed?.deliveryGrosze ?? 0,
    hasPayment: basis.payment !== null,
  };
}

/** Writes a REQUESTED refund and its send job in the caller's transaction; the new row. */
async function insertRefund(
  tx: Tx,
  queue: JobQueue,
  actor: AuditActor,
  values: { orderId: number; caseId: number | null; paymentId: number; amountGrosze: number; reason: string },
): Promise<RefundRow> {
  const [inserted] = await tx
    .insert(refunds)
    .values({ ...values, idempotencyKey: `pending-${crypto.randomUUID()}`, createdBy: actor._id })
    .returning();
  if (!inserted) throw new Error("refund not inserted");
  const [row] = await tx
    .update(refunds)
    .set({ idempotencyKey: refundIdempotencyKey(inserted) })
    .where(eq(refunds.id, inserted.id))
    .returning();
  if (!row) throw new Error("refund not keyed");
  await queue.enqueue(REFUND_JOBS.send, { refundId: row.id }, {}, tx);
  return row;
}

export function createRefundsService(db: Db, deps: RefundsDeps) {
  const { queue, provider } = deps;

  async function correctionOf(refundId: number) {
    const [row] = await db
      .select({ id: correctingInvoices.id, number: correctingInvoices.number })
      .from(correctingInvoices)
      .where(eq(correctingInvoices.refundId, refundId));
    return row ?? null;
  }

  /** The customer's e-mail of a refund event (after the commit; a failure is logged, never undoes it). */
  async function tell(kind: RefundEmailKind, refundId: number): Promise<void> {
    try {
      const [row] = await db
        .select({ refund: refunds, order: orders })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(eq(refunds.id, refundId));
      if (!row) return;
      const correction = kind === "done" ? await correctionOf(refundId) : null;
      const absolute = (path: string) => `${deps.config.publicUrl}${path}`;
      const orderUrl = absolute(resultUrlOf(row.order).replace("/gotowe", "/zamowienie"));
      const guest = `?orderNumber=${encodeURIComponent(row.order.orderNumber)}&email=${encodeURIComponent(row.order.email)}`;
      await deps.mail.send(
        refundEmail(kind, {
          to: row.order.email,
          lang: (row.order.lang === "en" ? "en" : "pl") satisfies Lang,
          shopName: deps.config.shopName,
          orderNumber: row.order.orderNumber,
          amountGrosze: row.refund.amountGrosze,
          orderUrl,
          correctionUrl: correction ? absolute(`${correctionPdfPath(correction.id)}${guest}`) : null,
        }),
      );
    } catch (error) {
      deps.log.error({ err: error, refundId, kind }, "refund e-mail not sent");
    }
  }

  /**
   * Records what the provider said of a refund, under its row lock: forward moves only (a retry or a
   * second instance reporting the same status changes nothing). The e-mails the move calls for.
   */
  async function record(
    refundId: number,
    status: RefundStatus,
    providerRefundId: string | null,
  ): Promise<RefundEmailKind[]> {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update");
      if (!row) return [];
      const now = new Date();
      if (!canRefundTransition(row.status, status)) {
        if (providerRefundId && !row.providerRefundId) {
          await tx.update(refunds).set({ providerRefundId, updatedAt: now }).where(eq(refunds.id, row.id));
        }
        return [];
      }
      const successful = status === "SUCCESSFUL";
      const [updated] = await tx
        .update(refunds)
        .set({
          status,
          providerRefundId: providerRefundId ?? row.providerRefundId,
          lastError: status === "FAILED" || status === "CANCELLED" ? `${status}` : null,
          updatedAt: now,
          ...(successful ? { completedAt: now } : {}),
        })
        .where(eq(refunds.id, row.id))
        .returning();
      const emails: RefundEmailKind[] = [];
      if (row.status === "REQUESTED" && (status === "NEW" || status === "PENDING")) emails.push("started");
      if (successful && updated) {
        if (updated.reason === "refund-owed") await recordRefundOwedReturned(tx, updated.orderId, now);
        await refundedCase(tx, updated, now);
        await issueCorrectingInvoice(tx, updated, now, deps.correctionIssued);
        emails.push("done");
      }
      return emails;
    });
  }

  /** The refund's case moves to REFUNDED (when its table allows), with a history entry. */
  async function refundedCase(tx: Tx, refund: RefundRow, now: Date): Promise<void> {
    if (refund.caseId === null) return;
    const [found] = await tx
      .select()
      .from(afterSaleCases)
      .where(eq(afterSaleCases.id, refund.caseId))
      .for("update");
    if (!found || !canTransition(found.kind as AfterSaleKind, found.status, "REFUNDED")) return;
    await tx
      .update(afterSaleCases)
      .set({ status: "REFUNDED", updatedAt: now })
      .where(eq(afterSaleCases.id, found.id));
    await tx.insert(afterSaleEvents).values({
      caseId: found.id,
      kind: "status",
      status: "REFUNDED",
      actorId: refund.createdBy,
      createdAt: now,
    });
  }

  async function recordAndTell(refundId: number, status: RefundStatus, providerRefundId: string | null) {
    const emails = await record(refundId, status, providerRefundId);
    for (const kind of emails) await tell(kind, refundId);
  }

  async function schedulePoll(refundId: number, round: number): Promise<void> {
    if (round >= MAX_REFUND_POLLS) return;
    const runAt = new Date(queue.clock().getTime() + refundPollDelayMs(round));
    await queue.enqueue(REFUND_JOBS.poll, { refundId, round }, { runAt });
  }

  async function keepError(refundId: number, error: unknown): Promise<void> {
    await db
      .update(refunds)
      .set({ lastError: staffError(error), updatedAt: new Date() })
      .where(eq(refunds.id, refundId));
  }

  return {
    /** What would be given back now for an order (a case's units, a cancel, money owed back). */
    async propose(input: {
      orderId: number;
      caseId: number | null;
      reason: RefundReason;
    }): Promise<Result<RefundProposalView>> {
      const basis = await loadRefundBasis(db, input.orderId, input.reason);
      if (!basis) return fail("order/not-found");
      const proposal = await proposalFor(db, basis, input);
      return ok(proposalView(basis, input, proposal));
    },

    /** The refunds of an order, newest first, with their correcting invoices. */
    async listForOrder(orderId: number): Promise<RefundView[]> {
      const rows = await db
        .select({ refund: refunds, correction: correctingInvoices })
        .from(refunds)
        .leftJoin(correctingInvoices, eq(correctingInvoices.refundId, refunds.id))
        .where(eq(refunds.orderId, orderId))
        .orderBy(desc(refunds.createdAt), desc(refunds.id));
      return rows.map((row) => viewOf(row.refund, row.correction));
    },

    async get(refundId: number): Promise<Result<RefundView>> {
      const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId));
      if (!row) return fail("not-found");
      return ok(viewOf(row, await correctionOf(row.id)));
    },

    /**
     * "Zwróć pieniądze" (staff): the amount checked against what may still go back, the refund row
     * and its send job in one audited transaction. Failures: validation (the amount, with the most
     * allowed), order/not-found, refund/no-payment, after-sale/state-conflict (the case).
     */
    async startRefund(actor: AuditActor, orderId: number, input: unknown): Promise<Result<RefundView>> {
      const parsed = parseForm(refundRequestSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const request = parsed.data;
      const result = await auditedWrite(db, actor, "refund.start", async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
        if (!order) refuse(fail("order/not-found"));
        if (request.caseId !== null) {
          const [found] = await tx
            .select()
            .from(afterSaleCases)
            .where(and(eq(afterSaleCases.id, request.caseId), eq(afterSaleCases.orderId, orderId)))
            .for("update");
          if (!found) refuse(fail("not-found"));
          if (found.kind !== request.reason || !canTransition(found.kind, found.status, "REFUNDED")) {
            refuse(fail("after-sale/state-conflict", undefined, { status: found.status }));
          }
        }
        const basis = await loadRefundBasis(tx, orderId, request.reason);
        if (!basis?.payment) refuse(fail("refund/no-payment"));
        const money = {
          paidGrosze: basis.paidGrosze,
          alreadyRefundedGrosze: basis.refundedGrosze + basis.inProgressGrosze,
        };
        const problem = refundAmountProblem(request.amountGrosze, money);
        if (problem) {
          const max = refundableGrosze(money);
          refuse(
            fail("validation", {
              amountGrosze:
                problem === "too-large"
                  ? { key: MSG.maxValue, params: { max: (max / 100).toFixed(2).replace(".", ",") } }
                  : { key: MSG.minValue, params: { min: 1 } },
            }),
          );
        }
        const row = await insertRefund(tx, queue, actor, {
          orderId,
          caseId: request.caseId,
          paymentId: basis.payment.id,
          amountGrosze: request.amountGrosze,
          reason: request.reason,
        });
        const view = viewOf(row, null);
        return { value: view, entityId: row.id, before: null, after: view };
      });
      if (result.ok) queue.notify();
      return result;
    },

    /**
     * Staff cancel a paid order: everything paid goes back (refundForCancel), in the cancel's own
     * transaction and audit. Returns the refund's id, or null when nothing is left to give back.
     */
    async startCancelRefund(tx: Tx, actor: AuditActor, orderId: number): Promise<number | null> {
      const basis = await loadRefundBasis(tx, orderId, "cancel");
      if (!basis?.payment) return null;
      const proposal = await proposalFor(tx, basis, { caseId: null, reason: "cancel" });
      const amountGrosze = proposal?.totalGrosze ?? 0;
      if (amountGrosze < 1) return null;
      const row = await insertRefund(tx, queue, actor, {
        orderId,
        caseId: null,
        paymentId: basis.payment.id,
        amountGrosze,
        reason: "cancel",
      });
      await recordAudit(tx, actor, {
        action: "refund.start",
        entity: "refund",
        entityId: row.id,
        before: null,
        after: viewOf(row, null),
      });
      return row.id;
    },

    /** The `refunds.send` job: ask the provider (with the row's key), record its answer, then poll. */
    async send(refundId: number): Promise<void> {
      const [row] = await db
        .select({ refund: refunds, externalId: payments.externalId })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(eq(refunds.id, refundId));
      if (!row) return;
      const { refund } = row;
      if (refund.status !== "REQUESTED") {
        // already sent (this job ran before and its end was not recorded): go on polling
        if (!isFinalRefundStatus(refund.status)) await schedulePoll(refundId, 0);
        return;
      }
      let created: Awaited<ReturnType<PaymentProvider["createRefund"]>>;
      try {
        created = await provider.createRefund({
          paymentExternalId: row.externalId,
          amountGrosze: refund.amountGrosze,
          idempotencyKey: refund.idempotencyKey,
          reason: providerReason(refund.reason),
        });
      } catch (error) {
        await keepError(refundId, error);
        throw error;
      }
      await recordAndTell(refundId, created.status, created.refundId);
      if (!isFinalRefundStatus(created.status)) await schedulePoll(refundId, 0);
    },

    /** The `refunds.poll` job: the provider's status now; again later until it is final. */
    async poll(refundId: number, round: number): Promise<void> {
      const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
      if (!refund || isFinalRefundStatus(refund.status) || !refund.providerRefundId) return;
      let status: RefundStatus;
      try {
        status = await provider.getRefundStatus(refund.providerRefundId);
      } catch (error) {
        await keepError(refundId, error);
        throw error;
      }
      await recordAndTell(refundId, status, null);
      if (!isFinalRefundStatus(status)) await schedulePoll(refundId, round + 1);
    },

    /** The send job landed in the dead letter: the refund stays REQUESTED, its error says so. */
    async sendGaveUp(refundId: number, error: unknown): Promise<void> {
      await keepError(refundId, error);
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
