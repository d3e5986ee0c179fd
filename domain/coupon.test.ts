import { describe, expect, it } from "vitest";
import { type CouponDiscountLike, couponDiscountGrosze, couponRejection, isCouponActive } from "./coupon";

describe("couponDiscountGrosze", () => {
  it.each<[string, CouponDiscountLike | null, number, number]>([
    ["10% of 3333 rounds to whole grosze", { discountType: "percent", discountValue: 10 }, 3333, 333],
    ["10% of 3335 rounds half up", { discountType: "percent", discountValue: 10 }, 3335, 334],
    ["15% of 9999", { discountType: "percent", discountValue: 15 }, 9999, 1500],
    ["100% takes the whole products total", { discountType: "percent", discountValue: 100 }, 4567, 4567],
    ["percent above 100 is capped", { discountType: "percent", discountValue: 150 }, 1000, 1000],
    ["fixed subtracts its value", { discountType: "fixed", discountValue: 1000 }, 5000, 1000],
    ["fixed never above the products total", { discountType: "fixed", discountValue: 5000 }, 3000, 3000],
    ["negative value gives nothing", { discountType: "fixed", discountValue: -500 }, 3000, 0],
    ["no coupon", null, 3000, 0],
    ["empty cart", { discountType: "fixed", discountValue: 1000 }, 0, 0],
  ])("%s", (_name, coupon, products, discount) => {
    expect(couponDiscountGrosze(coupon, products)).toBe(discount);
  });
});

describe("isCouponActive", () => {
  const period = { startDate: "2025-05-01T00:00:00.000Z", endDate: "2025-05-31T23:59:59.000Z" };
  it.each<[string, { startDate: string; endDate: string }, string, boolean]>([
    ["before start", period, "2025-04-30T23:59:59.999Z", false],
    ["exactly at start", period, "2025-05-01T00:00:00.000Z", true],
    ["inside", period, "2025-05-15T12:00:00.000Z", true],
    ["exactly at end", period, "2025-05-31T23:59:59.000Z", true],
    ["after end", period, "2025-05-31T23:59:59.001Z", false],
    // a typed day is a day in Warsaw (UTC+2 in May): 1.05 00:00 to 31.05 23:59:59.999 Polish time
    [
      "date-only end covers the whole Warsaw day",
      { startDate: "2025-05-01", endDate: "2025-05-31" },
      "2025-05-31T21:59:59.999Z",
      true,
    ],
    [
      "date-only end, next Warsaw day (still 31.05 in UTC)",
      { startDate: "2025-05-01", endDate: "2025-05-31" },
      "2025-05-31T22:00:00Z",
      false,
    ],
    [
      "date-only start, Warsaw midnight (still 30.04 in UTC)",
      { startDate: "2025-05-01", endDate: "2025-05-31" },
      "2025-04-30T22:00:00Z",
      true,
    ],
    ["date-only start", { startDate: "2025-05-01", endDate: "2025-05-31" }, "2025-04-30T21:59:59Z", false],
    [
      "winter end date 31.12 (UTC+1)",
      { startDate: "2026-12-01", endDate: "2026-12-31" },
      "2026-12-31T23:00:00Z",
      false,
    ],
    ["end before start", { startDate: "2025-06-01", endDate: "2025-05-01" }, "2025-05-15T00:00:00Z", false],
    ["unparseable date", { startDate: "soon", endDate: "2025-05-31" }, "2025-05-15T00:00:00Z", false],
  ])("%s", (_name, coupon, now, active) => {
    expect(isCouponActive(coupon, new Date(now))).toBe(active);
  });
});

describe("couponRejection", () => {
  const now = new Date("2026-06-15T12:00:00Z");
  const base = { startDate: "2026-06-01", endDate: "2026-06-30" };
  const none = { usesTotal: 0, usesByCustomer: 0 };
  it.each([
    [{ ...base }, 1000, none, null],
    [{ startDate: "2026-07-01", endDate: "2026-07-31" }, 1000, none, "inactive"],
    [{ ...base, usageLimit: 5 }, 1000, { usesTotal: 5, usesByCustomer: 0 }, "used-up"],
    [{ ...base, usageLimit: 5 }, 1000, { usesTotal: 4, usesByCustomer: 0 }, null],
    [{ ...base, usageLimitPerCustomer: 1 }, 1000, { usesTotal: 1, usesByCustomer: 1 }, "used-up-by-customer"],
    [{ ...base, minOrderGrosze: 5000 }, 4999, none, "below-minimum"],
    [{ ...base, minOrderGrosze: 5000 }, 5000, none, null],
    [{ ...base, minOrderGrosze: 5000 }, null, none, null],
  ] as const)("%o with products %s and %o -> %s", (coupon, products, usage, expected) => {
    expect(couponRejection(coupon, now, products, usage)).toBe(expected);
  });
});
