import { z } from "zod";
import { grosze, id, isoDate } from "../../http/reply-schemas";
import type { CustomerView } from "./order-customers";
import type { OrderNote } from "./order-notes";

// What the order desk's routes answer (issue 29, docs/decisions/060): an order's internal notes and
// a customer's page; the export is a file. order-desk.test.ts checks real replies against them.

export const orderNoteReply: z.ZodType<OrderNote> = z.object({
  _id: id,
  orderId: id,
  author: z.object({ _id: id, displayName: z.string() }).nullable(),
  text: z.string(),
  createdAt: isoDate,
});

export const customerReply: z.ZodType<CustomerView> = z.object({
  account: z.object({ _id: id, displayName: z.string(), email: z.string() }).nullable(),
  email: z.string(),
  name: z.string(),
  paidOrders: z.number().int(),
  spentGrosze: grosze,
  refundedGrosze: grosze,
  orders: z.object({
    items: z.array(
      z.object({
        _id: id,
        orderNumber: z.string(),
        createdAt: isoDate,
        status: z.string(),
        priceGrosze: grosze,
        paid: z.boolean(),
      }),
    ),
    page: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
  }),
});
