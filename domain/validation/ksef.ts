import { z } from "zod";
import { KSEF_LIST_STATES } from "../ksef-state";

// What the staff invoices list and its monthly export take (issue 28, docs/decisions/068): the same
// schema for GET /api/staff/invoices and the page /konto/sklep/faktury.

/** "YYYY-MM": a month of invoices (the accountant's export, the list's filter). */
export const invoiceMonthSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/);

export const staffInvoicesQuerySchema = z.object({
  /** the KSeF state: none ("nie dotyczy"), waiting, sent, refused */
  state: z.enum(KSEF_LIST_STATES).optional(),
  month: invoiceMonthSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type StaffInvoicesQuery = z.infer<typeof staffInvoicesQuerySchema>;

export const invoiceDocumentKindSchema = z.enum(["invoice", "correcting"]);

export const invoiceDocumentParamsSchema = z.object({
  kind: invoiceDocumentKindSchema,
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The accountant's monthly export: /staff/invoices/export/{YYYY-MM}/csv or /zip. */
export const invoiceMonthParamsSchema = z.object({ month: invoiceMonthSchema });
