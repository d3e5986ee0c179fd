// Order totals (SPEC §9): total = products + delivery - coupon, all integer grosze.

import { productsTotalGrosze } from "./cart";
import {
  type CouponDiscountLike,
  type CouponPeriodLike,
  couponDiscountGrosze,
  isCouponActive,
} from "./coupon";
import { type DeliveryMethodId, deliveryPriceGrosze, missingForFreeDeliveryGrosze } from "./delivery";
import { longestProcessingTime } from "./processing-time";
import type { ProcessingTime } from "./types";

export interface TotalsInput {
  lines: readonly { unitPriceGrosze: number; quantity: number; processingTime: ProcessingTime }[];
  deliveryMethod: DeliveryMethodId;
  /** an applied coupon; it counts only while active at `now` */
  coupon?: (CouponDiscountLike & CouponPeriodLike) | null;
  now: Date;
}

export interface OrderTotals {
  productsGrosze: number;
  deliveryGrosze: number;
  couponDiscountGrosze: number;
  totalGrosze: number;
  missingForFreeDeliveryGrosze: number;
  maxProcessingTime: ProcessingTime;
}

/**
 * The cart summary and the server-side order price. Free delivery is decided on the products total
 * before the coupon discount. An inactive (expired / not yet started) coupon gives no discount.
 */
export function orderTotals({ lines, deliveryMethod, coupon, now }: TotalsInput): OrderTotals {
  const productsGrosze = productsTotalGrosze(lines);
  const deliveryGrosze = deliveryPriceGrosze(deliveryMethod, productsGrosze);
  const discount = coupon && isCouponActive(coupon, now) ? couponDiscountGrosze(coupon, productsGrosze) : 0;
  return {
    productsGrosze,
    deliveryGrosze,
    couponDiscountGrosze: discount,
    totalGrosze: productsGrosze + deliveryGrosze - discount,
    missingForFreeDeliveryGrosze: missingForFreeDeliveryGrosze(productsGrosze, deliveryGrosze),
    maxProcessingTime: longestProcessingTime(lines.map((line) => line.processingTime)),
  };
}
