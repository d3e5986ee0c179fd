import fs from "node:fs/promises";
import path from "node:path";
import { desc, eq, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";

// Every e-mail the shop sends goes through here: a row in mail_outbox and an .eml file in
// DATA_DIR/outbox (readable by a person or a test), then SMTP delivery when SMTP_URL is set.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** what kind of message, e.g. "email-confirmation"; also names the .eml file */
  template: string;
}

export interface SentMail {
  id: number;
  status: "pending" | "sent" | "failed";
  emlPath: string;
}

export type MailService = ReturnType<typeof createMailService>;

export function createMailService(db: Db, config: Config, transport?: Transporter) {
  const smtp = transport ?? (config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null);
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

  return {
    /** Stores, writes and (with SMTP) delivers one message. A delivery failure is recorded, not thrown. */
    async send(message: MailMessage): Promise<SentMail> {
      // Without SMTP the .eml file is the delivery: the row is stored as sent at once (one statement,
      // not an insert and an update), and marked failed should the file not be written.
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          template: message.template,
          ...(smtp ? {} : { status: "sent", sentAt: new Date() }),
        })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error("mail_outbox insert returned nothing");
      const envelope = {
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
      };
      const mail = message.html ? { ...envelope, html: message.html } : envelope;
      const emlPath = path.join(
        config.outboxDir,
        `${String(row.id).padStart(6, "0")}-${message.template}.eml`,
      );
      try {
        const composed = await composer.sendMail(mail);
        // the folder is made when a write finds it missing (not once per message)
        await fs
          .writeFile(emlPath, composed.message as Buffer)
          .catch(async (error: NodeJS.ErrnoException) => {
            if (error.code !== "ENOENT") throw error;
            await fs.mkdir(config.outboxDir, { recursive: true });
            await fs.writeFile(emlPath, composed.message as Buffer);
          });
      } catch (error) {
        if (!smtp) {
          await db
            .update(mailOutbox)
            .set({
              status: "failed",
              sentAt: null,
              lastError: error instanceof Error ? error.message : String(error),
            })
            .where(eq(mailOutbox.id, row.id));
        }
        throw error;
      }
      if (!smtp) return { id: row.id, status: "sent", emlPath };
      try {
        await smtp.sendMail(mail);
        await db
          .update(mailOutbox)
          .set({ status: "sent", sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1` })
          .where(eq(mailOutbox.id, row.id));
        return { id: row.id, status: "sent", emlPath };
      } catch (error) {
        await db
          .update(mailOutbox)
          .set({
            status: "failed",
            attempts: sql`${mailOutbox.attempts} + 1`,
            lastError: error instanceof Error ? error.message : String(error),
          })
          .where(eq(mailOutbox.id, row.id));
        return { id: row.id, status: "failed", emlPath };
      }
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
