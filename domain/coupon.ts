// Coupon rules (SPEC §9). Amounts in grosze; a percent coupon carries whole percent.

import type { Coupon } from "./types";

export type CouponDiscountLike = Pick<Coupon, "discountType" | "discountValue">;
export type CouponPeriodLike = Pick<Coupon, "startDate" | "endDate">;

/**
 * Discount in grosze: percent = round(products * value / 100) to whole grosze (half up);
 * fixed = its value in grosze. Never negative and never more than the products total.
 */
export function couponDiscountGrosze(
  coupon: CouponDiscountLike | null | undefined,
  productsGrosze: number,
): number {
  if (!coupon || productsGrosze <= 0) return 0;
  const raw =
    coupon.discountType === "percent"
      ? Math.round((productsGrosze * coupon.discountValue) / 100)
      : Math.round(coupon.discountValue);
  return Math.min(Math.max(0, raw), productsGrosze);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/**
 * Start instant of a coupon date. Date-only values ("2025-05-01") mean midnight UTC of that day.
 */
export function couponStart(value: string): number {
  return Date.parse(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
}

/**
 * End instant of a coupon date. Date-only values ("2025-05-31") include the whole day
 * (until 23:59:59.999 UTC); full timestamps are used as given.
 */
export function couponEnd(value: string): number {
  return DATE_ONLY.test(value) ? Date.parse(`${value}T00:00:00.000Z`) + DAY_MS - 1 : Date.parse(value);
}

/** start <= now <= end. Unparseable dates make the coupon inactive. */
export function isCouponActive(coupon: CouponPeriodLike, now: Date): boolean {
  const start = couponStart(coupon.startDate);
  const end = couponEnd(coupon.endDate);
  const at = now.getTime();
  if (Number.isNaN(start) || Number.isNaN(end) || Number.isNaN(at)) return false;
  return start <= at && at <= end;
}
