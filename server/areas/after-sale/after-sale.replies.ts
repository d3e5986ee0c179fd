import { z } from "zod";
import type { RefundProposalView, RefundView } from "./refunds.service";
import type { CaseDetail, CaseList, CaseSummary } from "./returns-desk.service";

// What the returns desk's and the refunds' /api routes answer (issue 27), typed against the shapes
// the services return so a field they gain or lose fails the type check.

// the same parts as server/http/reply-schemas.ts (an area does not import the HTTP layer)
const id = z.number().int();
const grosze = z.number().int();
const isoDate = z.string();
const optionalText = z.string().nullable();
const kind = z.enum(["withdrawal", "complaint"]);

export const refundReply: z.ZodType<RefundView> = z.object({
  _id: id,
  orderId: id,
  caseId: id.nullable(),
  amountGrosze: grosze,
  reason: z.string(),
  status: z.string(),
  providerRefundId: optionalText,
  lastError: optionalText,
  createdAt: isoDate,
  completedAt: isoDate.nullable(),
  correction: z.object({ _id: id, number: z.string(), url: z.string() }).nullable(),
});

export const refundProposalReply: z.ZodType<RefundProposalView> = z.object({
  orderId: id,
  caseId: id.nullable(),
  reason: z.enum(["withdrawal", "complaint", "refund-owed", "cancel"]),
  paidGrosze: grosze,
  refundedGrosze: grosze,
  inProgressGrosze: grosze,
  refundableGrosze: grosze,
  proposedGrosze: grosze,
  goodsGrosze: grosze,
  deliveryGrosze: grosze,
  hasPayment: z.boolean(),
});

const caseSummary = z.object({
  _id: id,
  orderId: id,
  orderNumber: z.string(),
  kind,
  status: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  deadlineAt: isoDate,
  awaiting: z.boolean(),
  createdAt: isoDate,
}) satisfies z.ZodType<CaseSummary>;

export const caseListReply: z.ZodType<CaseList> = z.object({
  items: z.array(caseSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const caseCountsReply = z.object({ open: z.number().int(), overdue: z.number().int() });

export const caseReply: z.ZodType<CaseDetail> = caseSummary.extend({
  orderStatus: z.string(),
  closedAt: isoDate.nullable(),
  statement: z
    .object({
      name: z.string(),
      email: z.string(),
      reason: optionalText,
      description: optionalText,
      remedy: optionalText,
      lang: z.string(),
      text: z.string(),
      receivedAt: isoDate,
      clientAddress: z.string(),
    })
    .nullable(),
  lines: z.array(
    z.object({
      _id: id,
      orderItemId: id,
      productTitle: z.string(),
      variantLabel: optionalText,
      quantity: z.number().int(),
      receivedQuantity: z.number().int(),
      restockedQuantity: z.number().int(),
    }),
  ),
  events: z.array(
    z.object({
      _id: id,
      kind: z.string(),
      status: optionalText,
      message: optionalText,
      visibleToCustomer: z.boolean(),
      createdAt: isoDate,
    }),
  ),
  refunds: z.array(refundReply),
  proposal: refundProposalReply.nullable(),
  photos: z.array(z.object({ id, url: z.string(), thumbUrl: z.string() })),
});

export const caseIdReply = z.object({ _id: id });

export const orderRefundsReply = z.object({
  refunds: z.array(refundReply),
  /** what staff may send now for money owed back and for a cancel (null without a payment) */
  proposal: refundProposalReply,
});
