import { z } from "zod";
import { KSEF_LIST_STATES, KSEF_STATES } from "../../../domain/ksef-state";
import { id, isoDate, optionalText } from "../../http/reply-schemas";
import type { KsefSubmissionView } from "./ksef.service";
import type { KsefListService, StaffInvoiceRow } from "./ksef-list";

// What the staff invoice routes answer on success (docs/decisions/060), typed against the services.

const staffInvoiceRow: z.ZodType<StaffInvoiceRow> = z.object({
  kind: z.enum(["invoice", "correcting"]),
  _id: id,
  number: z.string(),
  orderNumber: z.string(),
  issuedAt: isoDate,
  buyer: z.string(),
  nip: optionalText,
  grossGrosze: z.number().int(),
  ksef: z.object({
    state: z.enum(KSEF_LIST_STATES),
    ksefNumber: optionalText,
    errorCode: z.number().int().nullable(),
    errorMessage: optionalText,
    hasXml: z.boolean(),
    hasUpo: z.boolean(),
  }),
});

/** GET /staff/invoices: one page, newest first. */
export const staffInvoicesReply: z.ZodType<Awaited<ReturnType<KsefListService["list"]>>> = z.object({
  items: z.array(staffInvoiceRow),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});

/** POST …/resend: the submission waiting again. */
export const ksefSubmissionReply: z.ZodType<KsefSubmissionView> = z.object({
  state: z.enum(KSEF_STATES),
  ksefNumber: optionalText,
  errorCode: z.number().int().nullable(),
  errorMessage: optionalText,
  errorDetails: z.array(z.string()),
  hasUpo: z.boolean(),
});
