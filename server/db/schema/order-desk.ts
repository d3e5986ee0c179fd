import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, id, requiredRef } from "./columns";
import { orders } from "./orders";

// The order desk (issue 29): staff's internal notes on an order, and the shop's own notices sent once.

/** A note staff wrote on an order: never shown to the customer; added through an audited write. */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: id(),
    orderId: requiredRef("order_id", () => orders.id, "cascade"),
    text: text("text").notNull(),
    /** who wrote it (kept as null when the account is deleted) */
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_notes_order_idx").on(t.orderId, t.createdAt),
    check("order_notes_text_length", sql`char_length(${t.text}) between 1 and 2000`),
  ],
);

/**
 * A notice the shop gets at most once, by its key ("new-order:{orderId}", "low-stock:{Warsaw day}"):
 * claimed before its e-mail is written, so a job run twice or by two instances sends it once.
 */
export const shopNotices = pgTable("shop_notices", {
  key: text("key").primaryKey(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});
