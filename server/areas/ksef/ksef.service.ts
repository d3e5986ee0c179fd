import { createHash } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { fa3InvoiceXml } from "../../../domain/fa3-invoice";
import type { InvoiceDocument } from "../../../domain/invoice";
import { canTransition, type KsefState } from "../../../domain/ksef-state";
import type { Order } from "../../../domain/types";
import type { Config } from "../../config";
import type { Db, Tx } from "../../db/client";
import { invoices, ksefSubmissions } from "../../db/schema";
import {
  type KsefGateway,
  KsefSessionLostError,
  KsefUnavailableError,
} from "../../integrations/ksef/ksef-gateway";
import { fail, ok, type Result } from "../../lib/result";
import type { ServiceLog } from "../../services";
import { loadCorrectingDocument } from "../after-sale/correcting-invoice";
import type { AuditActor } from "../audit/audit";
import { auditedWrite, refuse } from "../audit/audited-write";
import { loadInvoiceDocument } from "../invoices/invoice-document";
import type { JobQueue } from "../jobs/job-queue";
import { storableError } from "../jobs/job-queue";
import type { KsefDocumentRef } from "./ksef-pdf";
import { submissionWhere } from "./ksef-pdf";
import { KSEF_JOBS, KSEF_MAX_ATTEMPTS } from "./ksef-queue";

// Sending the shop's invoices to KSeF (issue 28, docs/decisions/068), as jobs (ADR 050):
// - ksef.prepare: the document built as its PDF is (invoice-document.ts, correcting-invoice.ts), as
//   FA(3) XML (domain/fa3-invoice.ts); the row stores the XML and its SHA-256 before any network call
//   and is never rebuilt once sent (the hash is in the QR code). A correcting invoice names the
//   original's KSeF number: while the original waits, the job waits (retried) for it.
// - ksef.send: a claim on the row (sending_until: of two instances only one uploads; the other's job is
//   retried after it), the session's reference recorded BEFORE the upload, the invoice's reference
//   right after; a run whose row names a session first looks for its upload there by hash
//   (sessionInvoices), so an invoice is never sent twice.
// - ksef.poll: the status with back-off until accepted (KSeF number, acceptedAt, then ksef.upo) or
//   refused (KSeF's code, message and details for staff; the job ends well: a refusal is an answer).
// - ksef.invoice-email: the deadline of the customer's "paid" e-mail (sent once, email_sent_at).
// KsefUnavailableError (429, 5xx, timeouts) fails the attempt: the queue retries it with its back-off
// or KSeF's Retry-After. Every state change goes through domain/ksef-state.ts canTransition.

type SubmissionRow = typeof ksefSubmissions.$inferSelect;

/** Polls of an upload: after 1 s, doubling to 10 minutes, at most this many (about a day). */
export const MAX_KSEF_POLLS = 160;
export function ksefPollDelayMs(round: number): number {
  return Math.min(1_000 * 2 ** Math.min(round, 10), 10 * 60_000);
}

/** Base64 of the SHA-256 of the XML's UTF-8 bytes (the form KSeF's API takes; Base64URL in the QR link). */
export function xmlSha256Base64(xml: string): string {
  return createHash("sha256").update(xml, "utf8").digest("base64");
}

/**
 * How long one run holds a submission to upload it: the sign-in, the session and the upload, each
 * within the client's timeout. A run that dies frees it when this passes.
 */
export const SEND_CLAIM_MS = 2 * 60_000;

/** Another instance is uploading this submission now: the job is retried after it. */
export class KsefSendBusyError extends Error {
  constructor() {
    super("another instance is sending this invoice to KSeF now");
    this.name = "KsefSendBusyError";
  }
}

/** The original of a correcting invoice has no KSeF number yet: the correction waits (the job retries). */
export class KsefOriginalWaitingError extends Error {
  constructor() {
    super("the corrected invoice is still waiting for its KSeF number");
    this.name = "KsefOriginalWaitingError";
  }
}

export interface KsefDependencies {
  config: Config;
  /** null while KSEF_ENV=off */
  gateway: KsefGateway | null;
  queue: JobQueue;
  /** the order as the orders area reads it (orders.queries.ts getById) */
  getOrder(orderId: number): Promise<Order | null>;
  /** the customer's "paid" e-mail of an order, with its invoice's KSeF number or saying it will follow */
  sendPaidEmail(orderId: number, ksefNumber: string | null): Promise<void>;
  log: ServiceLog;
}

/** What the staff API names a document by: its kind and its id. */
export type KsefDocumentKind = "invoice" | "correcting";
export function documentRef(kind: KsefDocumentKind, id: number): KsefDocumentRef {
  return kind === "invoice" ? { invoiceId: id } : { correctingInvoiceId: id };
}

/** The state a submission shows staff (and the resend returns). */
export interface KsefSubmissionView {
  state: KsefState;
  ksefNumber: string | null;
  errorCode: number | null;
  errorMessage: string | null;
  errorDetails: string[];
  hasUpo: boolean;
}

export function submissionView(row: SubmissionRow): KsefSubmissionView {
  return {
    state: row.state,
    ksefNumber: row.ksefNumber,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    errorDetails: row.errorDetails ?? [],
    hasUpo: row.upoXml !== null,
  };
}

export function createKsefService(db: Db, deps: KsefDependencies) {
  const { config, queue } = deps;
  const jobOptions = (extra: { runAt?: Date; singletonKey?: string } = {}) => ({
    maxAttempts: KSEF_MAX_ATTEMPTS,
    ...extra,
  });

  async function rowOf(ref: KsefDocumentRef, tx: Db | Tx = db): Promise<SubmissionRow | null> {
    const [row] = await tx.select().from(ksefSubmissions).where(submissionWhere(ref));
    return row ?? null;
  }

  async function rowById(id: number): Promise<SubmissionRow | null> {
    const [row] = await db.select().from(ksefSubmissions).where(eq(ksefSubmissions.id, id));
    return row ?? null;
  }

  function gatewayOrThrow(): KsefGateway {
    if (!deps.gateway) throw new Error("KSeF is off (KSEF_ENV=off): nothing is sent");
    return deps.gateway;
  }

  /** The FA(3) XML of a document as it stands now (a correcting invoice: with the original's number). */
  async function buildXml(ref: KsefDocumentRef, now: Date): Promise<string | null> {
    let document: InvoiceDocument;
    let corrected: { ksefNumber: string | null } | undefined;
    if ("invoiceId" in ref) {
      const loaded = await loadInvoiceDocument(db, config.seller, deps.getOrder, ref.invoiceId);
      if (!loaded) return null;
      document = loaded.document;
    } else {
      const loaded = await loadCorrectingDocument(db, config.seller, ref.correctingInvoiceId);
      if (!loaded) return null;
      document = loaded.document;
      const original = await rowOf({ invoiceId: loaded.invoiceId });
      if (original && original.state !== "sent") throw new KsefOriginalWaitingError();
      corrected = { ksefNumber: original?.ksefNumber ?? null };
    }
    return fa3InvoiceXml({ document, createdAt: now, systemInfo: config.shopName, corrected });
  }

  function queueSend(submissionId: number, tx: Db | Tx = db) {
    return queue.enqueue(
      KSEF_JOBS.send,
      { submissionId },
      jobOptions({ singletonKey: `${KSEF_JOBS.send}:${submissionId}` }),
      tx,
    );
  }

  async function queuePoll(submissionId: number, round: number): Promise<void> {
    if (round >= MAX_KSEF_POLLS) throw new Error("KSeF has not decided on the invoice after every poll");
    const runAt = new Date(queue.clock().getTime() + ksefPollDelayMs(round));
    await queue.enqueue(KSEF_JOBS.poll, { submissionId, round }, jobOptions({ runAt }));
  }

  /** The last transient error kept on the row for staff (the job itself is retried by the queue). */
  async function keepError(submissionId: number, error: unknown): Promise<void> {
    const status = error instanceof KsefUnavailableError ? error.status : null;
    await db
      .update(ksefSubmissions)
      .set({
        errorCode: status,
        errorMessage: storableError(error),
        errorDetails: null,
        updatedAt: new Date(),
      })
      .where(and(eq(ksefSubmissions.id, submissionId), eq(ksefSubmissions.state, "waiting")));
  }

  /** Closes a session when done; KSeF closes forgotten ones itself, so a failure is only logged. */
  async function closeQuietly(gateway: KsefGateway, sessionReference: string): Promise<void> {
    await gateway.closeSession(sessionReference).catch((error: unknown) => {
      deps.log.warn({ reason: storableError(error) }, "KSeF session not closed (KSeF closes it later)");
    });
  }

  /** The upload's references recorded (once: a second report of the same upload changes nothing). */
  async function recordUpload(id: number, sessionReference: string, invoiceReference: string) {
    await db
      .update(ksefSubmissions)
      .set({
        sessionReference,
        invoiceReference,
        sendingUntil: null,
        errorCode: null,
        errorMessage: null,
        updatedAt: new Date(),
      })
      .where(and(eq(ksefSubmissions.id, id), isNull(ksefSubmissions.invoiceReference)));
  }

  /** A state change under the row's lock, only when domain/ksef-state.ts allows it; the row after. */
  async function move(
    tx: Tx,
    id: number,
    to: KsefState,
    values: Partial<typeof ksefSubmissions.$inferInsert>,
  ): Promise<SubmissionRow | null> {
    const [row] = await tx.select().from(ksefSubmissions).where(eq(ksefSubmissions.id, id)).for("update");
    if (!row || !canTransition(row.state, to)) return null;
    const [after] = await tx
      .update(ksefSubmissions)
      .set({ ...values, state: to, updatedAt: new Date() })
      .where(eq(ksefSubmissions.id, id))
      .returning();
    return after ?? null;
  }

  /**
   * The customer's "paid" e-mail of an invoice's order, at most once (email_sent_at claimed first):
   * with the KSeF number when it is known, else saying it will follow.
   */
  async function paidEmailOnce(invoiceId: number): Promise<void> {
    const [claimed] = await db
      .update(ksefSubmissions)
      .set({ emailSentAt: new Date() })
      .where(and(eq(ksefSubmissions.invoiceId, invoiceId), isNull(ksefSubmissions.emailSentAt)))
      .returning({ ksefNumber: ksefSubmissions.ksefNumber });
    if (!claimed) return;
    const [invoice] = await db
      .select({ orderId: invoices.orderId })
      .from(invoices)
      .where(eq(invoices.id, invoiceId));
    if (invoice) await deps.sendPaidEmail(invoice.orderId, claimed.ksefNumber);
  }

  async function prepare(ref: KsefDocumentRef): Promise<void> {
    const existing = await rowOf(ref);
    if (existing) {
      if (existing.state === "waiting") await queueSend(existing.id);
      return;
    }
    const xml = await buildXml(ref, new Date());
    if (xml === null) return;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(ksefSubmissions)
        .values({ ...ref, environment: config.ksef.env, xml, xmlSha256: xmlSha256Base64(xml) })
        .onConflictDoNothing()
        .returning({ id: ksefSubmissions.id });
      // a second run that lost the race: the first one's row and job stand
      if (row) await queueSend(row.id, tx);
    });
    queue.notify();
  }

  /**
   * The send claim: this run alone uploads the submission until `sending_until` (another instance's
   * run finds it held and fails, to be retried after it). Null when it is not this run's to send.
   */
  async function claimSend(submissionId: number): Promise<SubmissionRow | null> {
    const now = new Date();
    const [claimed] = await db
      .update(ksefSubmissions)
      .set({
        sendingUntil: new Date(now.getTime() + SEND_CLAIM_MS),
        attempts: sql`${ksefSubmissions.attempts} + 1`,
        updatedAt: now,
      })
      .where(
        and(
          eq(ksefSubmissions.id, submissionId),
          eq(ksefSubmissions.state, "waiting"),
          isNull(ksefSubmissions.invoiceReference),
          or(isNull(ksefSubmissions.sendingUntil), lt(ksefSubmissions.sendingUntil, now)),
        ),
      )
      .returning();
    return claimed ?? null;
  }

  async function releaseSend(submissionId: number): Promise<void> {
    await db.update(ksefSubmissions).set({ sendingUntil: null }).where(eq(ksefSubmissions.id, submissionId));
  }

  async function send(submissionId: number): Promise<void> {
    const gateway = gatewayOrThrow();
    const current = await rowById(submissionId);
    if (current?.state !== "waiting") return;
    if (current.invoiceReference) {
      // uploaded by an earlier run that did not get to poll
      await queuePoll(submissionId, 0);
      return;
    }
    const row = await claimSend(submissionId);
    if (!row) {
      const now = await rowById(submissionId);
      if (now?.state !== "waiting" || now.invoiceReference) return;
      // another instance is sending it right now: this job tries again after it
      throw new KsefSendBusyError();
    }
    try {
      if (row.sessionReference) {
        // an earlier run recorded its session and stopped (a crash, a timeout): is our upload there?
        const uploads = await gateway.sessionInvoices(row.sessionReference);
        const found = uploads.find((upload) => upload.invoiceHash === row.xmlSha256);
        if (found) {
          await recordUpload(submissionId, row.sessionReference, found.invoiceReference);
          await closeQuietly(gateway, row.sessionReference);
          await queuePoll(submissionId, 0);
          return;
        }
      }
      const sessionReference = await gateway.openSession();
      // recorded before the upload: a run after a crash looks for the upload in this session
      await db
        .update(ksefSubmissions)
        .set({ sessionReference, updatedAt: new Date() })
        .where(eq(ksefSubmissions.id, submissionId));
      const invoiceReference = await gateway.sendInvoice(sessionReference, row.xml);
      await recordUpload(submissionId, sessionReference, invoiceReference);
      await closeQuietly(gateway, sessionReference);
      await queuePoll(submissionId, 0);
    } catch (error) {
      await releaseSend(submissionId);
      if (error instanceof KsefUnavailableError || error instanceof KsefSessionLostError) {
        await keepError(submissionId, error);
      }
      throw error;
    }
  }

  async function poll(submissionId: number, round: number): Promise<void> {
    const gateway = gatewayOrThrow();
    const row = await rowById(submissionId);
    if (row?.state !== "waiting" || !row.sessionReference || !row.invoiceReference) return;
    const sent = { sessionReference: row.sessionReference, invoiceReference: row.invoiceReference };
    let status: Awaited<ReturnType<KsefGateway["invoiceStatus"]>>;
    try {
      status = await gateway.invoiceStatus(sent);
    } catch (error) {
      if (error instanceof KsefUnavailableError) await keepError(submissionId, error);
      throw error;
    }
    if (status.state === "processing") {
      await queuePoll(submissionId, round + 1);
      return;
    }
    if (status.state === "refused") {
      await db.transaction((tx) =>
        move(tx, submissionId, "refused", {
          errorCode: status.code,
          errorMessage: status.message.slice(0, 2_000),
          errorDetails: status.details.slice(0, 20).map((detail) => detail.slice(0, 1_000)),
        }),
      );
      deps.log.warn({ submissionId, code: status.code }, "KSeF refused an invoice");
      return;
    }
    const accepted = await db.transaction(async (tx) => {
      const after = await move(tx, submissionId, "sent", {
        ksefNumber: status.ksefNumber,
        acceptedAt: status.acceptedAt,
        errorCode: null,
        errorMessage: null,
        errorDetails: null,
      });
      if (after) await queue.enqueue(KSEF_JOBS.upo, { submissionId }, jobOptions(), tx);
      return after;
    });
    if (!accepted) return;
    queue.notify();
    if (accepted.invoiceId !== null) await paidEmailOnce(accepted.invoiceId);
  }

  async function fetchUpo(submissionId: number): Promise<void> {
    const row = await rowById(submissionId);
    if (row?.state !== "sent" || row.upoXml !== null) return;
    if (!row.sessionReference || !row.invoiceReference) return;
    const upoXml = await gatewayOrThrow().invoiceUpo({
      sessionReference: row.sessionReference,
      invoiceReference: row.invoiceReference,
    });
    await db
      .update(ksefSubmissions)
      .set({ upoXml, updatedAt: new Date() })
      .where(and(eq(ksefSubmissions.id, submissionId), isNull(ksefSubmissions.upoXml)));
  }

  /** The "paid" e-mail's deadline came: it goes now, with the number if it came meanwhile. */
  async function invoiceEmailDue(invoiceId: number): Promise<void> {
    // the submission is made first if its own job has not run yet (the e-mail is claimed on its row)
    if (!(await rowOf({ invoiceId }))) await prepare({ invoiceId });
    await paidEmailOnce(invoiceId);
  }

  /**
   * Staff's "Wyślij ponownie" (audited): a refused document waits again, its XML built anew (staff
   * may have mended the seller's or the order's data; nothing of it was accepted, no QR code shows
   * its hash), and its send job is queued.
   */
  async function resend(
    actor: AuditActor,
    kind: KsefDocumentKind,
    id: number,
  ): Promise<Result<KsefSubmissionView>> {
    const ref = documentRef(kind, id);
    const current = await rowOf(ref);
    if (!current) return fail("not-found");
    if (!canTransition(current.state, "waiting")) {
      return fail("ksef/not-refused", undefined, { state: current.state });
    }
    let xml: string | null;
    try {
      xml = await buildXml(ref, new Date());
    } catch (error) {
      if (error instanceof KsefOriginalWaitingError) xml = current.xml;
      else throw error;
    }
    const result = await auditedWrite(db, actor, "ksef.resend", async (tx) => {
      const after = await move(tx, current.id, "waiting", {
        xml: xml ?? current.xml,
        xmlSha256: xmlSha256Base64(xml ?? current.xml),
        sessionReference: null,
        invoiceReference: null,
        sendingUntil: null,
        errorCode: null,
        errorMessage: null,
        errorDetails: null,
      });
      if (!after) return refuse(fail("ksef/not-refused", undefined, { state: current.state }));
      await queueSend(after.id, tx);
      return {
        value: submissionView(after),
        entityId: after.id,
        before: { state: current.state, errorCode: current.errorCode },
        after: { state: after.state },
      };
    });
    if (result.ok) queue.notify();
    return result;
  }

  /** The XML as sent, or the UPO, of one document (staff downloads). */
  async function file(
    kind: KsefDocumentKind,
    id: number,
    what: "xml" | "upo",
  ): Promise<Result<{ text: string; fileName: string }>> {
    const row = await rowOf(documentRef(kind, id));
    const text = what === "xml" ? row?.xml : row?.upoXml;
    if (!row || !text) return fail("not-found");
    const name = row.ksefNumber ?? `${kind}-${id}`;
    return ok({ text, fileName: `${name}${what === "upo" ? "-UPO" : ""}.xml` });
  }

  return { prepare, send, poll, fetchUpo, invoiceEmailDue, resend, file, paidEmailOnce };
}

export type KsefService = ReturnType<typeof createKsefService>;
