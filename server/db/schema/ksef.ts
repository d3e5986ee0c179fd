import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { KSEF_STATES } from "../../../domain/ksef-state";
import { correctingInvoices } from "./after-sale";
import { createdAt, id, updatedAt } from "./columns";
import { invoices } from "./invoices";

// KSeF, the national e-invoice system (issue 28): one row per invoice or correcting invoice that goes
// there. No row: the invoice does not go to KSeF (KSEF_ENV=off, or a consumer's with KSEF_B2C off).

// waiting, sent, refused and the moves between them: domain/ksef-state.ts

export const ksefSubmissions = pgTable(
  "ksef_submissions",
  {
    id: id(),
    /** exactly one of invoiceId and correctingInvoiceId */
    invoiceId: integer("invoice_id")
      .references(() => invoices.id, { onDelete: "restrict" })
      .unique(),
    correctingInvoiceId: integer("correcting_invoice_id")
      .references(() => correctingInvoices.id, { onDelete: "restrict" })
      .unique(),
    state: text("state", { enum: KSEF_STATES }).notNull().default("waiting"),
    /** the environment it was built for (local, test, demo, production) */
    environment: text("environment").notNull(),
    /** the FA(3) document exactly as sent: its SHA-256 is in the QR code, so it is never rebuilt once sent */
    xml: text("xml").notNull(),
    /** Base64 of the SHA-256 of `xml` (the form KSeF's API takes; the QR link uses Base64URL of it) */
    xmlSha256: text("xml_sha256").notNull(),
    /** the online session and the invoice's reference in it, known once KSeF accepted the upload */
    sessionReference: text("session_reference"),
    invoiceReference: text("invoice_reference"),
    /** NIP-YYYYMMDD-XXXXXXXXXXXX-CC (docs/numer-ksef.md) */
    ksefNumber: text("ksef_number").unique(),
    /** when KSeF took it in (its acquisition date) */
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** the official receipt (UPO, upo-v4-3.xsd) */
    upoXml: text("upo_xml"),
    /** KSeF's own status code, message and details of a refusal, or the last transient error */
    errorCode: integer("error_code"),
    errorMessage: text("error_message"),
    errorDetails: jsonb("error_details").$type<string[]>(),
    attempts: integer("attempts").notNull().default(0),
    /** an instance is sending it until then (a claim, so two never upload it at once; docs/decisions/068) */
    sendingUntil: timestamp("sending_until", { withTimezone: true }),
    /** when the customer's "paid" e-mail went out for this invoice (with the number, or after the wait) */
    emailSentAt: timestamp("email_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("ksef_submissions_state_idx").on(t.state, t.createdAt),
    check(
      "ksef_submissions_one_document",
      sql`(${t.invoiceId} is null) <> (${t.correctingInvoiceId} is null)`,
    ),
  ],
);
