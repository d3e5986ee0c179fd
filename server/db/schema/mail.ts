import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

// The outgoing mail.

/** Every e-mail the shop sends; written as .eml under DATA_DIR/outbox or sent over SMTP. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    template: text("template").notNull(),
    /** the List-Unsubscribe address of a message one can unsubscribe from (RFC 2369, one click: RFC 8058) */
    listUnsubscribe: text("list_unsubscribe"),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_status_idx").on(t.status, t.createdAt)],
);
