import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { products, productVariants } from "./catalog";
import { createdAt, id, requiredRef } from "./columns";

// Back-in-stock notifications (issue 30, docs/decisions/080).

/**
 * "Powiadom mnie, gdy będzie dostępny": one row per address and product (and variant, when one was
 * chosen) while it waits. Double opt-in: a row is pending until its confirmation link is used
 * (`confirmed_at`); only confirmed rows are notified. Tokens are stored as SHA-256 only. A row is
 * claimed by setting `notified_at` (so a retry or a second instance never mails twice) and deleted
 * NOTIFIED_KEEP later; pending rows go when their link expires, waiting ones after a retention time.
 * The trigger of the migration queues `catalog.back-in-stock` when a product's or variant's quantity
 * goes from 0 to above 0 and a confirmed row waits for it.
 */
export const backInStockSubscriptions = pgTable(
  "back_in_stock_subscriptions",
  {
    id: id(),
    email: text("email").notNull(),
    /** the language of the form: the e-mails are written in it */
    lang: text("lang", { enum: ["pl", "en"] }).notNull(),
    productId: requiredRef("product_id", () => products.id, "cascade"),
    /** the chosen variant (price-changing options), null for the product as a whole */
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    /** when the last confirmation e-mail went (the cool-down before another) */
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // one waiting row per address and product (and variant): asking again finds it
    uniqueIndex("back_in_stock_one_waiting_idx")
      .on(t.productId, sql`coalesce(${t.variantId}, 0)`, sql`lower(${t.email})`)
      .where(sql`${t.notifiedAt} is null`),
    uniqueIndex("back_in_stock_confirm_token_idx").on(t.confirmTokenHash),
    uniqueIndex("back_in_stock_unsubscribe_token_idx").on(t.unsubscribeTokenHash),
    // the confirmed rows still waiting, per product (the job, the sweep, the staff counts)
    index("back_in_stock_waiting_idx")
      .on(t.productId)
      .where(sql`${t.confirmedAt} is not null and ${t.notifiedAt} is null`),
  ],
);
