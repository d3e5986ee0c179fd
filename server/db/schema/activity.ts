import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { products } from "./catalog";
import { id, requiredRef } from "./columns";

// Activity and limits: product page views and rate-limit counters.

/**
 * Product page views, for the real social-proof figure "people viewing this product in the last
 * 15 minutes". `viewer_hash` is a salted hash of the visitor (session or address + agent), never
 * the address itself; old rows are pruned.
 */
export const productViews = pgTable(
  "product_views",
  {
    id: id(),
    productId: requiredRef("product_id", () => products.id, "cascade"),
    viewerHash: text("viewer_hash").notNull(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("product_views_product_idx").on(t.productId, t.viewedAt),
    index("product_views_time_idx").on(t.viewedAt),
  ],
);

/**
 * Fixed-window counters for rate limits shared by every instance (login, register, reset, resend):
 * `key` names the limit and the subject, e.g. "login:ip:203.0.113.5" or "login:email:jan@example.com".
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index("rate_limit_hits_window_idx").on(t.windowStart),
  ],
);
