import { integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, requiredRef } from "./columns";
import { orders } from "./orders";

// Invoices of orders.

/** Sequential invoice numbers per month: FV/{year}/{month}/{seq, 4 digits}. */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    orderId: requiredRef("order_id", () => orders.id, "restrict").unique(),
    year: integer("year").notNull(),
    month: integer("month").notNull(),
    sequence: integer("sequence").notNull(),
    number: text("number").notNull().unique(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    filePath: text("file_path"),
  },
  (t) => [uniqueIndex("invoices_year_month_sequence_idx").on(t.year, t.month, t.sequence)],
);
