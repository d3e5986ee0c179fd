// The after-sale boundaries (issue 27): the withdrawal statement and the complaint a shopper sends,
// and the returns desk's staff actions. The browser form and the API parse with the same schema;
// messages are i18n keys (messages.ts), texts are trimmed and bounded like every other form.
//
// - Lines name order lines by id (order_items.id) with a whole quantity of at least 1 (and at most
//   MAX_LINE_QUANTITY); a form posts them as text, so ids and quantities may arrive as digits. At
//   least one line ("afterSale.linesRequired"), each line once. Whether the ids belong to the order
//   and how many units are left is the service's check (refund-amount.ts proposeRefund).
// - A submission key is a random id the browser makes once per form (crypto.randomUUID()): the
//   server keeps one statement or complaint per key, so a double submission makes one.
// - The guest identifies an order with orderLookupSchema (order.ts), the same number + e-mail
//   lookup as the guest order view; it is not repeated here.
//
// API (each with its z.output type):
//   withdrawalStatementSchema   { name, email, orderNumber, lines: ReturnLine[], reason, submissionKey }
//   complaintSchema             { lines, description (10-4000), remedy: ComplaintRemedy, submissionKey }
//   complaintPhotosSchema       { photos: the photo files (≤ 5) }: the count; each file's content is the
//                               server's check (server/areas/after-sale/complaint-photos.ts)
//   goodsReceivedSchema         { lines: { lineId, quantity, restock }[] }        staff: "Towar otrzymany"
//   refundRequestSchema         { amountGrosze ≥ 1, reason: RefundReason, caseId: number | null }
//                               (caseId required for withdrawal and complaint, none for refund-owed and cancel)
//   complaintRequestSchema      complaintSchema + { email, orderNumber } (the API body)
//   complaintAnswerSchema       { decision: "accepted" | "rejected", message (1-4000) }
//   caseRejectionSchema         { reason (1-1000) }
//   returnLinesSchema, submissionKeySchema   the building blocks

import { z } from "zod";
import { COMPLAINT_PHOTOS_MAX, COMPLAINT_REMEDIES, REFUND_REASONS } from "../after-sale-status";
import { NAME_MAX } from "../constants";
import { emailSchema, idFromTextSchema, optionalText, requiredOrInvalid, requiredString } from "./common";
import { MSG } from "./messages";
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES, ORDER_NUMBER_MAX } from "./order";

export const WITHDRAWAL_REASON_MAX = 1_000;
export const COMPLAINT_DESCRIPTION_MIN = 10;
export const COMPLAINT_DESCRIPTION_MAX = 4_000;
export const AFTER_SALE_MESSAGE_MAX = 4_000;
export const REJECTION_REASON_MAX = 1_000;

const DIGITS = /^\s*\d+\s*$/;
const digitsToNumber = (value: unknown) =>
  typeof value === "string" && DIGITS.test(value) ? Number(value) : value;

/** A whole number of units, 1..MAX_LINE_QUANTITY, as a number or as digits from a form. */
const unitsSchema = z.preprocess(
  digitsToNumber,
  z
    .number({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.number) })
    .int({ error: MSG.integer })
    .min(1, { error: MSG.minValue })
    .max(MAX_LINE_QUANTITY, { error: MSG.maxValue }),
);

const lineSchema = z.object({ lineId: idFromTextSchema, quantity: unitsSchema });
export type ReturnLine = z.output<typeof lineSchema>;

/** At least one line, each order line at most once. */
function linesOf<S extends z.ZodType<{ lineId: number }>>(line: S) {
  return z
    .array(line, { error: MSG.afterSaleLinesRequired })
    .min(1, { error: MSG.afterSaleLinesRequired })
    .max(MAX_ORDER_LINES, { error: MSG.maxLength })
    .refine((lines) => new Set(lines.map((entry) => entry.lineId)).size === lines.length, {
      error: MSG.invalid,
    });
}

export const returnLinesSchema = linesOf(lineSchema);

/** A client-made random id (a UUID fits): letters, digits, "-" and "_", 8-100 characters. */
export const submissionKeySchema = z
  .string({ error: requiredOrInvalid })
  .trim()
  .min(1, { error: MSG.required })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: MSG.invalid });

/** Step one of the withdrawal function: who, which order, which units, optionally why. */
export const withdrawalStatementSchema = z.object({
  name: requiredString({ max: NAME_MAX }),
  email: emailSchema,
  orderNumber: requiredString({ max: ORDER_NUMBER_MAX }),
  lines: returnLinesSchema,
  reason: optionalText(WITHDRAWAL_REASON_MAX),
  submissionKey: submissionKeySchema,
});
export type WithdrawalStatement = z.output<typeof withdrawalStatementSchema>;
export type WithdrawalStatementInput = z.input<typeof withdrawalStatementSchema>;

/** "Zgłoś reklamację": the items, what is wrong, what the consumer asks for (the photos come as files). */
export const complaintSchema = z.object({
  lines: returnLinesSchema,
  description: requiredString({ min: COMPLAINT_DESCRIPTION_MIN, max: COMPLAINT_DESCRIPTION_MAX }),
  remedy: z.enum(COMPLAINT_REMEDIES, { error: MSG.afterSaleChooseRemedy }),
  submissionKey: submissionKeySchema,
});
export type Complaint = z.output<typeof complaintSchema>;
export type ComplaintInput = z.input<typeof complaintSchema>;

/** The photo files sent with a complaint (the form's and the API's multipart `photos`): up to 5. */
export const complaintPhotosSchema = z.object({
  photos: z.array(z.unknown()).max(COMPLAINT_PHOTOS_MAX, { error: MSG.afterSaleTooManyPhotos }),
});

/** POST /api/after-sale/complaints: the complaint and its order (a guest's: number + the order's e-mail). */
export const complaintRequestSchema = complaintSchema.extend({
  email: emailSchema,
  orderNumber: requiredString({ max: ORDER_NUMBER_MAX }),
});
export type ComplaintRequest = z.output<typeof complaintRequestSchema>;

/** A checkbox value: true, "on", "true" or "1" → true; missing, false, "" or "false" → false. */
const checkboxSchema = z.preprocess(
  (value) => (value === undefined || value === null || value === "" ? false : value),
  z.union(
    [
      z.boolean(),
      z.enum(["on", "true", "1", "false", "0"]).transform((text) => text !== "false" && text !== "0"),
    ],
    {
      error: MSG.invalid,
    },
  ),
);

/** Staff: "Towar otrzymany" per line, each with whether its units go back into stock. */
export const goodsReceivedSchema = z.object({
  lines: linesOf(lineSchema.extend({ restock: checkboxSchema })),
});
export type GoodsReceived = z.output<typeof goodsReceivedSchema>;

/** Staff: a refund through the payment provider (the amount's upper bound is refundAmountProblem's). */
export const refundRequestSchema = z
  .object({
    amountGrosze: z.preprocess(
      digitsToNumber,
      z
        .number({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.number) })
        .int({ error: MSG.integer })
        .min(1, { error: MSG.minValue }),
    ),
    reason: z.enum(REFUND_REASONS, { error: MSG.invalid }),
    caseId: z.preprocess(
      (value) => (value === "" || value === undefined ? null : value),
      idFromTextSchema.nullable(),
    ),
  })
  .superRefine((refund, ctx) => {
    const needsCase = refund.reason === "withdrawal" || refund.reason === "complaint";
    if (needsCase && refund.caseId === null) {
      ctx.addIssue({ code: "custom", path: ["caseId"], message: MSG.required });
    }
    if (!needsCase && refund.caseId !== null) {
      ctx.addIssue({ code: "custom", path: ["caseId"], message: MSG.invalid });
    }
  });
export type RefundRequest = z.output<typeof refundRequestSchema>;

/** Staff: the answer to a complaint, e-mailed to the customer and shown on the order. */
export const complaintAnswerSchema = z.object({
  decision: z.enum(["accepted", "rejected"], { error: requiredOrInvalid }),
  message: requiredString({ max: AFTER_SALE_MESSAGE_MAX }),
});
export type ComplaintAnswer = z.output<typeof complaintAnswerSchema>;

/** Staff: rejecting a withdrawal (e.g. a statement after the period), with the reason given. */
export const caseRejectionSchema = z.object({ reason: requiredString({ max: REJECTION_REASON_MAX }) });
export type CaseRejection = z.output<typeof caseRejectionSchema>;
