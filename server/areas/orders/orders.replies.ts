import { z } from "zod";
import type { Order } from "../../../domain/types";
import { deliveryPointSchema } from "../../../domain/validation/order";
import { grosze, id, isoDate, processingTime } from "../../http/reply-schemas";
import type { StaffOrderList } from "./order-staff.service";

// What the order routes answer on success: an order, a placed order, a payment retry; and of the staff routes (docs/decisions/060): one page of orders for
// GET /orders; a shipment number or a status change answers the order (orderReply). The invoice
// is a PDF. orders.replies.test.ts checks real replies against them.

const address = z.object({
  displayName: z.string(),
  email: z.string(),
  phone: z.string(),
  postCode: z.string(),
  city: z.string(),
  street: z.string(),
  nip: z.string().nullish(),
});

export const orderReply: z.ZodType<Order> = z.object({
  _id: id,
  orderNumber: z.string(),
  createdAt: isoDate,
  status: z.string(),
  statuses: z.array(
    z.object({
      status: z.string(),
      createdAt: isoDate,
      hidden: z.boolean(),
      data: z.object({ title: z.string().optional() }).nullable(),
    }),
  ),
  priceGrosze: grosze,
  totalProductsGrosze: grosze,
  cart: z.array(
    z.object({
      product: id.nullable(),
      productTitle: z.string(),
      variantTitle: z.string().nullable(),
      variantLabel: z.string().nullable(),
      variantKeys: z.record(z.string(), id),
      variant: id.nullable(),
      unitPriceGrosze: grosze,
      quantity: z.number().int(),
      priceGrosze: grosze,
      vatRate: z.number(),
    }),
  ),
  delivery: z.object({
    method: z.enum(["courier", "parcel-locker"]),
    title: z.string(),
    priceGrosze: grosze,
  }),
  coupon: z.object({ code: z.string() }).nullable(),
  couponDiscountGrosze: grosze,
  maxProcessingTime: processingTime,
  shipmentNumber: z.string().nullable(),
  invoiceUrl: z.string().nullable(),
  user: z.object({ _id: id, displayName: z.string(), email: z.string() }).nullable(),
  email: z.string(),
  recipient: address,
  invoiceData: address,
  deliveryPoint: deliveryPointSchema.nullable(),
  reservedUntil: isoDate.nullable(),
});

export const orderPlacedReply = z.object({
  _id: id,
  orderNumber: z.string(),
  email: z.string(),
  priceGrosze: grosze,
  status: z.string(),
  payment: z.object({ redirectUrl: z.string() }),
});

export const paymentRetryReply = z.object({
  redirectUrl: z.string(),
  payment: z.object({ redirectUrl: z.string() }),
});

export const staffOrderListReply: z.ZodType<StaffOrderList> = z.object({
  items: z.array(orderReply),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
