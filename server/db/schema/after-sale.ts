import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { CorrectionLine } from "../../../domain/correcting-invoice";
import { users } from "./accounts";
import { createdAt, id, requiredRef, updatedAt } from "./columns";
import { invoices } from "./invoices";
import { orderItems, orders } from "./orders";
import { payments } from "./payments";

// After the sale (issue 27, docs/decisions/066): withdrawals and complaints ("cases"), the refunds
// sent through the payment provider, and the correcting invoices issued when money goes back.

/**
 * A withdrawal from the contract (odstąpienie) or a complaint (reklamacja) about one order. Its
 * state follows domain/after-sale-status.ts; what the customer declared is in
 * after_sale_statements (never changed). `submissionKey` is the client's random id of the form: the
 * same submission twice makes one case.
 */
export const afterSaleCases = pgTable(
  "after_sale_cases",
  {
    id: id(),
    orderId: requiredRef("order_id", () => orders.id, "restrict"),
    kind: text("kind", { enum: ["withdrawal", "complaint"] }).notNull(),
    status: text("status").notNull().default("REPORTED"),
    /** the signed-in customer who sent it; null for a guest */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    submissionKey: text("submission_key").notNull(),
    /** the refund deadline of a withdrawal, the answer deadline of a complaint */
    deadlineAt: timestamp("deadline_at", { withTimezone: true }).notNull(),
    /** when the shop was reminded of a complaint's deadline (once) */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("after_sale_cases_submission_idx").on(t.orderId, t.submissionKey),
    index("after_sale_cases_order_idx").on(t.orderId, t.createdAt),
    index("after_sale_cases_status_idx").on(t.status, t.deadlineAt),
  ],
);

/** A line of a case: which units of which order line, and how many staff have received back. */
export const afterSaleLines = pgTable(
  "after_sale_lines",
  {
    id: id(),
    caseId: requiredRef("case_id", () => afterSaleCases.id, "cascade"),
    orderItemId: requiredRef("order_item_id", () => orderItems.id, "restrict"),
    quantity: integer("quantity").notNull(),
    receivedQuantity: integer("received_quantity").notNull().default(0),
    /** of the units received, how many went back into stock */
    restockedQuantity: integer("restocked_quantity").notNull().default(0),
  },
  (t) => [
    uniqueIndex("after_sale_lines_case_item_idx").on(t.caseId, t.orderItemId),
    check("after_sale_lines_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "after_sale_lines_received_range",
      sql`${t.receivedQuantity} >= 0 and ${t.receivedQuantity} <= ${t.quantity}`,
    ),
    check(
      "after_sale_lines_restocked_range",
      sql`${t.restockedQuantity} >= 0 and ${t.restockedQuantity} <= ${t.receivedQuantity}`,
    ),
  ],
);

/** A line of a statement as the customer saw it when sending it. */
export interface StatementLine {
  orderItemId: number;
  productTitle: string;
  variantLabel: string | null;
  quantity: number;
}

/**
 * What the customer declared, exactly as received: who, what, when, from which address, and the
 * full text the acknowledgement e-mail and PDF carry. Written once with its case; a trigger
 * (migration 0014) refuses every UPDATE and DELETE, so it stays as it was received.
 */
export const afterSaleStatements = pgTable("after_sale_statements", {
  id: id(),
  caseId: requiredRef("case_id", () => afterSaleCases.id, "restrict").unique(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  lines: jsonb("lines").$type<StatementLine[]>().notNull(),
  /** a withdrawal's optional reason */
  reason: text("reason"),
  /** a complaint's description and what the customer asks for (repair, replacement, …) */
  description: text("description"),
  remedy: text("remedy"),
  /** the language the statement was made in (its acknowledgement is written in it) */
  lang: text("lang", { enum: ["pl", "en"] }).notNull(),
  /** the full text of the statement, as acknowledged */
  text: text("text").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  clientAddress: text("client_address").notNull(),
});

/** The photos a complaint came with (stored like gallery uploads, under the complaint's folder). */
export const afterSalePhotos = pgTable(
  "after_sale_photos",
  {
    id: id(),
    caseId: requiredRef("case_id", () => afterSaleCases.id, "cascade"),
    path: text("path").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("after_sale_photos_case_idx").on(t.caseId, t.position)],
);

/**
 * The history of a case: each state change, each answer of the shop (shown to the customer and
 * e-mailed), staff notes (not shown). The audit log records the staff writes beside it.
 */
export const afterSaleEvents = pgTable(
  "after_sale_events",
  {
    id: id(),
    caseId: requiredRef("case_id", () => afterSaleCases.id, "cascade"),
    kind: text("kind", { enum: ["status", "answer", "note"] }).notNull(),
    status: text("status"),
    message: text("message"),
    visibleToCustomer: boolean("visible_to_customer").notNull().default(true),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("after_sale_events_case_idx").on(t.caseId, t.createdAt)],
);

/**
 * Money sent back through the payment provider (Paynow refunds, the demo bank). Created REQUESTED
 * in the staff action's transaction; a job asks the provider with `idempotencyKey` (the same key
 * gives the same refund, however many times it is retried or by which instance) and polls it to
 * a final status (domain/after-sale-status.ts refund states). `lastError` is what staff are shown.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    orderId: requiredRef("order_id", () => orders.id, "restrict"),
    caseId: integer("case_id").references(() => afterSaleCases.id, { onDelete: "set null" }),
    /** the payment the money came with */
    paymentId: requiredRef("payment_id", () => payments.id, "restrict"),
    amountGrosze: integer("amount_grosze").notNull(),
    /** withdrawal, complaint, refund-owed, cancel */
    reason: text("reason").notNull(),
    status: text("status").notNull().default("REQUESTED"),
    providerRefundId: text("provider_refund_id"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    lastError: text("last_error"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId, t.createdAt),
    index("refunds_status_idx").on(t.status, t.updatedAt),
    check("refunds_amount_positive", sql`${t.amountGrosze} > 0`),
  ],
);

/** A line of a correcting invoice: what is corrected and by how much (negative grosze). */
export type { CorrectionLine } from "../../../domain/correcting-invoice";

/**
 * Correcting invoices (faktura korygująca), numbered per month KOR/{year}/{month}/{seq}, each
 * referring to the invoice it corrects; one per refund that gives money back on an invoiced order.
 */
export const correctingInvoices = pgTable(
  "correcting_invoices",
  {
    id: id(),
    orderId: requiredRef("order_id", () => orders.id, "restrict"),
    invoiceId: requiredRef("invoice_id", () => invoices.id, "restrict"),
    refundId: integer("refund_id")
      .references(() => refunds.id, { onDelete: "restrict" })
      .unique(),
    year: integer("year").notNull(),
    month: integer("month").notNull(),
    sequence: integer("sequence").notNull(),
    number: text("number").notNull().unique(),
    lines: jsonb("lines").$type<CorrectionLine[]>().notNull(),
    totalGrosze: integer("total_grosze").notNull(),
    reason: text("reason").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    filePath: text("file_path"),
  },
  (t) => [
    uniqueIndex("correcting_invoices_year_month_sequence_idx").on(t.year, t.month, t.sequence),
    index("correcting_invoices_order_idx").on(t.orderId),
  ],
);
