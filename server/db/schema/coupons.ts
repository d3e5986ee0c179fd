import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

// Discount coupons.

export const coupons = pgTable(
  "coupons",
  {
    id: id(),
    code: text("code").notNull(),
    discountType: text("discount_type", { enum: ["percent", "fixed"] }).notNull(),
    /** percent: whole percent 1..100; fixed: grosze */
    discountValue: integer("discount_value").notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    endDate: timestamp("end_date", { withTimezone: true }).notNull(),
    usageLimit: integer("usage_limit"),
    usageLimitPerCustomer: integer("usage_limit_per_customer"),
    minOrderGrosze: integer("min_order_grosze"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("coupons_code_lower_idx").on(sql`lower(${t.code})`),
    check("coupons_value_positive", sql`${t.discountValue} > 0`),
  ],
);
