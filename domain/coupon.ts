// Coupon rules (SPEC §9). Amounts in grosze; a percent coupon carries whole percent.

import { formatPrice } from "./money";
import { isDayString, shopDayEnd, shopDayStart } from "./shop-time";
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

/**
 * Start instant of a coupon date. Date-only values ("2025-05-01") mean midnight of that day in the
 * shop's time zone, Europe/Warsaw (domain/shop-time.ts); full timestamps are used as given.
 */
export function couponStart(value: string): number {
  return isDayString(value) ? shopDayStart(value) : Date.parse(value);
}

/**
 * End instant of a coupon date. Date-only values ("2025-05-31") include the whole day in Warsaw
 * (until 23:59:59.999 Polish time); full timestamps are used as given.
 */
export function couponEnd(value: string): number {
  return isDayString(value) ? shopDayEnd(value) : Date.parse(value);
}

/** start <= now <= end. Unparseable dates make the coupon inactive. */
export function isCouponActive(coupon: CouponPeriodLike, now: Date): boolean {
  const start = couponStart(coupon.startDate);
  const end = couponEnd(coupon.endDate);
  const at = now.getTime();
  if (Number.isNaN(start) || Number.isNaN(end) || Number.isNaN(at)) return false;
  return start <= at && at <= end;
}

export interface CouponLimits {
  usageLimit: number | null;
  usageLimitPerCustomer: number | null;
  minOrderGrosze: number | null;
}

export interface CouponUsage {
  /** orders that used the coupon and are not canceled */
  usesTotal: number;
  /** of those, the ones by this customer (account or e-mail); 0 when unknown */
  usesByCustomer: number;
}

export type CouponRejection = "inactive" | "used-up" | "used-up-by-customer" | "below-minimum";

/**
 * Why a coupon cannot be used now, or null when it can. The cart check and the order transaction
 * both use this; the order transaction counts the uses while holding the coupon row lock, so a
 * limit of 5 gives exactly 5 orders under any concurrency.
 */
export function couponRejection(
  coupon: CouponPeriodLike & Partial<CouponLimits>,
  now: Date,
  productsGrosze: number | null,
  usage: CouponUsage,
): CouponRejection | null {
  if (!isCouponActive(coupon, now)) return "inactive";
  if (coupon.usageLimit != null && usage.usesTotal >= coupon.usageLimit) return "used-up";
  if (coupon.usageLimitPerCustomer != null && usage.usesByCustomer >= coupon.usageLimitPerCustomer) {
    return "used-up-by-customer";
  }
  if (productsGrosze !== null && coupon.minOrderGrosze != null && productsGrosze < coupon.minOrderGrosze) {
    return "below-minimum";
  }
  return null;
}

/** The shop's time zone: a coupon's start day is shown as a person in Poland reads it. */
const COUPON_TIME_ZONE = "Europe/Warsaw";

export type CouponRefusalKey =
  | "coupon.invalid"
  | "coupon.expired"
  | "coupon.notStarted"
  | "coupon.usedUp"
  | "coupon.belowMinimum";

/**
 * The message of a refused coupon whose code the caller gave (so saying why reveals nothing it did
 * not know): expired, not yet valid (from which day), used up, or needing a larger order (how much).
 * An unknown code is never passed here: it is only "coupon.invalid".
 */
export function couponRefusal(
  coupon: CouponPeriodLike & { minOrderGrosze?: number | null },
  rejection: CouponRejection,
  now: Date,
): { key: CouponRefusalKey; params?: Record<string, string> } {
  switch (rejection) {
    case "inactive": {
      const start = couponStart(coupon.startDate);
      if (!Number.isNaN(start) && now.getTime() < start) {
        const date = new Intl.DateTimeFormat("pl-PL", {
          timeZone: COUPON_TIME_ZONE,
          day: "numeric",
          month: "2-digit",
          year: "numeric",
        }).format(new Date(start));
        return { key: "coupon.notStarted", params: { date } };
      }
      return { key: "coupon.expired" };
    }
    case "used-up":
    case "used-up-by-customer":
      return { key: "coupon.usedUp" };
    case "below-minimum":
      return { key: "coupon.belowMinimum", params: { amount: formatPrice(coupon.minOrderGrosze ?? 0) } };
  }
}
