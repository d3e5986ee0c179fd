import { z } from "zod";
import type { WithdrawalReceipt } from "./withdrawal.service";

// What POST /api/after-sale/withdrawals answers: the acknowledgement of the statement (its case, the
// moment it was received, the refund deadline, the full text, the PDF and the order page's links).

const id = z.number().int();
const isoDate = z.string();

const statementLine = z.object({
  orderItemId: id,
  productTitle: z.string(),
  variantLabel: z.string().nullable(),
  quantity: z.number().int().min(1),
});

export const withdrawalReceiptReply: z.ZodType<WithdrawalReceipt> = z.object({
  caseId: id,
  orderId: id,
  orderNumber: z.string(),
  status: z.string(),
  receivedAt: isoDate,
  refundDeadline: isoDate,
  email: z.string(),
  name: z.string(),
  lines: z.array(statementLine),
  text: z.string(),
  lang: z.enum(["pl", "en"]),
  statementUrl: z.string(),
  orderUrl: z.string(),
  returnAddress: z.array(z.string()),
  replayed: z.boolean(),
});
