import path from "node:path";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import type { JobQueue } from "../jobs/job-queue";
import { storableError } from "../jobs/job-queue";
import { writeEmlFiles } from "./eml-writer";
import { composeEml, type EmlMessage, nodemailerMail } from "./mail-eml";

// Every e-mail the shop sends goes through here: a row in mail_outbox and an .eml file in
// DATA_DIR/outbox (readable by a person or a test), then SMTP delivery when SMTP_URL is set.
// Delivery is a job (docs/decisions/050): the outbox row and its `mail.deliver` job are written in
// one transaction, a worker sends it, a failed send is tried again with back-off and, out of
// attempts, stays in the dead letter for staff to retry — a message is never dropped.

/** The job that delivers one stored message over SMTP (server/areas/jobs/job-kinds.ts). */
export const MAIL_DELIVER_JOB = "mail.deliver";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** what kind of message, e.g. "email-confirmation"; also names the .eml file */
  template: string;
  /**
   * An absolute https/http address that unsubscribes by a POST of `List-Unsubscribe=One-Click`
   * (RFC 8058): sent as the List-Unsubscribe and List-Unsubscribe-Post headers, so mail apps show
   * their own "unsubscribe" button. Only for messages one subscribes to (back-in-stock notices).
   */
  listUnsubscribe?: string;
}

export interface SentMail {
  id: number;
  status: "pending" | "sent" | "failed";
  emlPath: string;
}

export type MailService = ReturnType<typeof createMailService>;

export interface MailServiceOptions {
  /** where SMTP deliveries are queued */
  jobs: JobQueue;
  /** an SMTP transport other than SMTP_URL's (tests) */
  transport?: Transporter;
}

export function createMailService(db: Db, config: Config, options: MailServiceOptions) {
  const smtp = options.transport ?? (config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null);
  const queue = options.jobs;
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

  async function sendMany(messages: readonly MailMessage[]): Promise<(SentMail | Error)[]> {
    if (messages.length === 0) return [];
    // Without SMTP the .eml file is the delivery: the row is stored as sent at once (one statement,
    // not an insert and an update), and marked failed should the file not be written.
    const now = new Date();
    const values = messages.map((message) => ({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      template: message.template,
      listUnsubscribe: message.listUnsubscribe ?? null,
      ...(smtp ? {} : { status: "sent" as const, sentAt: now }),
    }));
    // with SMTP each row comes with its delivery job, in one transaction: no row without its job
    const rows = smtp
      ? await db.transaction(async (tx) => {
          const inserted = await tx.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
          await queue.enqueueMany(
            inserted.map((row) => ({ kind: MAIL_DELIVER_JOB, payload: { outboxId: row.id } })),
            tx,
          );
          return inserted;
        })
      : await db.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
    if (rows.length !== messages.length) throw new Error("mail_outbox insert returned fewer rows");
    // ids are handed out in the order of the rows (one statement, one sequence), whatever order
    // RETURNING lists them in
    const ids = rows.map((row) => row.id).sort((a, b) => a - b);
    const composed = await Promise.all(
      messages.map((message, i) =>
        compose(message, ids[i] as number).catch((error: unknown) => toError(error)),
      ),
    );
    // the .eml files of all the messages in one call to the writer (eml-writer.ts)
    const ready = composed.filter((entry): entry is Composed => !(entry instanceof Error));
    // (a writer that failed as a whole fails each of its files)
    const written = await writeEmlFiles(
      ready.map((entry) => ({ path: entry.emlPath, data: entry.eml })),
    ).catch((error: unknown) => ready.map(() => toError(error)));
    const writeErrors = new Map(ready.map((entry, i) => [entry, written[i] ?? null]));
    return Promise.all(
      composed.map((entry, i) => {
        if (entry instanceof Error) return markFailed(ids[i] as number, entry).then(() => entry);
        const error = writeErrors.get(entry) ?? null;
        if (error) return markFailed(entry.id, error).then(() => error);
        return deliver(entry).catch((failure: unknown) => toError(failure));
      }),
    );
  }

  /** What is sent: the shop's sender and the message's parts. */
  function envelopeOf(message: Omit<MailMessage, "template">): EmlMessage {
    return {
      from: config.mailFrom,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html === undefined ? {} : { html: message.html }),
      ...(message.listUnsubscribe === undefined ? {} : { listUnsubscribe: message.listUnsubscribe }),
    };
  }

  function toError(error: unknown): Error {
    return error instanceof Error ? error : new Error(String(error));
  }

  interface Composed {
    id: number;
    mail: EmlMessage;
    emlPath: string;
    eml: string | Buffer;
  }

  /** The stored message as an .eml file's path and bytes. */
  async function compose(message: MailMessage, id: number): Promise<Composed> {
    const mail = envelopeOf(message);
    const emlPath = path.join(config.outboxDir, `${String(id).padStart(6, "0")}-${message.template}.eml`);
    // composed in one pass (mail-eml.ts); nodemailer's pipeline only for addresses it must format
    const eml = composeEml(mail) ?? ((await composer.sendMail(nodemailerMail(mail))).message as Buffer);
    return { id, mail, emlPath, eml };
  }

  /** Without SMTP the .eml file is the delivery: a message whose file was not written failed. */
  async function markFailed(id: number, error: Error): Promise<void> {
    if (smtp) return;
    await db
      .update(mailOutbox)
      .set({ status: "failed", sentAt: null, lastError: error.message })
      .where(eq(mailOutbox.id, id));
  }

  /** With SMTP the message waits for its job (woken at once in this process). */
  async function deliver({ id, emlPath }: Composed): Promise<SentMail> {
    if (!smtp) return { id, status: "sent", emlPath };
    queue.notify();
    return { id, status: "pending", emlPath };
  }

  /**
   * The `mail.deliver` job: sends a stored message over SMTP. Idempotent: a message already sent
   * is not sent again. A failed send is counted on the row and thrown, so the job is retried.
   */
  async function deliverStored(outboxId: number): Promise<void> {
    if (!smtp) return;
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
    if (!row || row.status === "sent") return;
    const mail = envelopeOf({
      to: row.to,
      subject: row.subject,
      text: row.text,
      ...(row.html === null ? {} : { html: row.html }),
      ...(row.listUnsubscribe === null ? {} : { listUnsubscribe: row.listUnsubscribe }),
    });
    try {
      await smtp.sendMail(nodemailerMail(mail));
    } catch (error) {
      await db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: storableError(error) })
        .where(eq(mailOutbox.id, outboxId));
      throw error;
    }
    await db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
      .where(eq(mailOutbox.id, outboxId));
  }

  return {
    /**
     * Stores and writes one message; with SMTP queues its delivery ("pending"). A delivery failure
     * is retried by the job queue, never thrown here.
     */
    async send(message: MailMessage): Promise<SentMail> {
      const [sent] = await sendMany([message]);
      if (!sent) throw new Error("mail_outbox insert returned nothing");
      if (sent instanceof Error) throw sent;
      return sent;
    },

    /**
     * send() for several messages, their outbox rows stored in ONE statement (a batch of orders);
     * each message is then written and delivered on its own. Per message, in the same order: what
     * send() returns, or the error it throws (the .eml not written).
     */
    sendMany,

    deliverStored,

    /** The message's delivery job is out of attempts: the row says so (it stays in the dead letter). */
    async markUndelivered(outboxId: number): Promise<void> {
      await db
        .update(mailOutbox)
        .set({ status: "failed" })
        .where(and(eq(mailOutbox.id, outboxId), ne(mailOutbox.status, "sent")));
    },

    /** The newest messages first, optionally only those to one address (staff screens, tests). */
    async list(options: { to?: string; limit?: number } = {}) {
      return db
        .select()
        .from(mailOutbox)
        .where(options.to ? sql`lower(${mailOutbox.to}) = lower(${options.to})` : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(options.limit ?? 50);
    },
  };
}
