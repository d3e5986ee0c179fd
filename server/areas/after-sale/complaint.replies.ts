import { z } from "zod";
import type { ComplaintReceipt } from "./complaint.service";

// What POST /api/after-sale/complaints answers: the complaint's case, when it was received and the
// shop's answer deadline.

export const complaintReceiptReply: z.ZodType<ComplaintReceipt> = z.object({
  caseId: z.number().int(),
  orderNumber: z.string(),
  status: z.string(),
  receivedAt: z.string(),
  answerDeadline: z.string(),
  replayed: z.boolean(),
});
