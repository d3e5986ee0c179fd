import { z } from "zod";
import { orderReply } from "../../http/reply-schemas";
import type { StaffOrderList } from "./order-staff.service";

// What the staff order routes answer on success (docs/decisions/060): one page of orders for
// GET /orders; a shipment number or a status change answers the order (orderReply). The invoice
// is a PDF. orders.replies.test.ts checks real replies against them.

export const staffOrderListReply: z.ZodType<StaffOrderList> = z.object({
  items: z.array(orderReply),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
