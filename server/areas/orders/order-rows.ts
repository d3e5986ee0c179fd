import { deliveryMethod } from "../../../domain/delivery";
import type { OrderTotals } from "../../../domain/totals";
import type { Order } from "../../../domain/types";
import type { Config } from "../../config";
import type { orderItems, orders } from "../../db/schema";
import type { PreparedOrder } from "./order-placing";
import type { CouponRow, PricedLine } from "./order-pricing";
import { orderCartItem } from "./orders.queries";

// The rows a priced order is written as (one order or a group, order-write.ts), and the order as
// they were written, so nothing is read back.

/** The orders row of a priced order. */
export function orderRow(
  config: Config,
  order: PreparedOrder,
  totals: OrderTotals,
  coupon: CouponRow | null,
  orderNumber: string,
  now: Date,
): typeof orders.$inferInsert {
  const { payload, user, email } = order;
  const method = deliveryMethod(payload.delivery);
  return {
    orderNumber,
    userId: user?._id ?? null,
    email,
    status: "NEW",
    priceGrosze: totals.totalGrosze,
    totalProductsGrosze: totals.productsGrosze,
    deliveryMethod: method.id,
    deliveryTitle: method.title,
    deliveryPriceGrosze: totals.deliveryGrosze,
    couponId: coupon?.id ?? null,
    couponCode: coupon?.code ?? null,
    couponDiscountGrosze: totals.couponDiscountGrosze,
    maxProcessingTime: totals.maxProcessingTime,
    recipient: { ...payload.recipient, email, phone: payload.recipient.phone ?? "" },
    invoiceData: {
      ...payload.invoiceData,
      email: payload.invoiceData.email ?? "",
      phone: payload.invoiceData.phone ?? "",
    },
    deliveryPoint: payload.deliveryPoint,
    idempotencyKey: order.key,
    requestFingerprint: order.key ? order.fingerprint : null,
    lang: order.lang,
    stockReserved: true,
    reservedUntil: new Date(now.getTime() + config.orderPaymentTimeoutMinutes * 60_000),
  };
}

export function itemRows(orderId: number, lines: PricedLine[]): Omit<typeof orderItems.$inferSelect, "id">[] {
  return lines.map((line, position) => ({
    orderId,
    productId: line.productId,
    variantId: line.variantId,
    productTitle: line.productTitle,
    variantTitle: line.variantTitle || null,
    variantLabel: line.variantLabel || null,
    variantKeys: line.variantKeys,
    unitPriceGrosze: line.unitPriceGrosze,
    quantity: line.quantity,
    vatRate: line.vatRate,
    position,
  }));
}

/**
 * The order exactly as its rows were just written (what orders.queries would read back): the
 * answer and the "order received" e-mail are made from it, so nothing is read again.
 */
export function orderAsWritten(
  order: PreparedOrder,
  row: typeof orders.$inferInsert & { id: number; createdAt: Date },
  lines: PricedLine[],
  now: Date,
): Order {
  const { user } = order;
  return {
    _id: row.id,
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    status: "NEW",
    statuses: [{ status: "NEW", createdAt: now.toISOString(), hidden: false, data: null }],
    priceGrosze: row.priceGrosze,
    totalProductsGrosze: row.totalProductsGrosze,
    // the lines as stored, shown as orders.queries reads them back
    cart: itemRows(row.id, lines).map(orderCartItem),
    delivery: { method: row.deliveryMethod, title: row.deliveryTitle, priceGrosze: row.deliveryPriceGrosze },
    coupon: row.couponCode ? { code: row.couponCode } : null,
    couponDiscountGrosze: row.couponDiscountGrosze ?? 0,
    maxProcessingTime: row.maxProcessingTime as Order["maxProcessingTime"],
    shipmentNumber: null,
    invoiceUrl: null,
    user: user ? { _id: user._id, displayName: user.displayName, email: user.email } : null,
    email: row.email,
    recipient: row.recipient,
    invoiceData: row.invoiceData,
    deliveryPoint: row.deliveryPoint ?? null,
    reservedUntil: row.reservedUntil ? row.reservedUntil.toISOString() : null,
  };
}
