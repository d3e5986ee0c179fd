import { describe, expect, it } from "vitest";
import { type OrderTotals, orderTotals, type TotalsInput } from "./totals";

const now = new Date("2025-05-15T12:00:00Z");
const active = { startDate: "2025-05-01", endDate: "2025-05-31" };
const expired = { startDate: "2025-04-01", endDate: "2025-04-30" };
const line = (
  unitPriceGrosze: number,
  quantity: number,
  processingTime: "1-2" | "3-6" | "7-9" | "10-14" = "1-2",
) => ({
  unitPriceGrosze,
  quantity,
  processingTime,
});

describe("orderTotals", () => {
  it.each<[string, Omit<TotalsInput, "now">, OrderTotals]>([
    [
      "empty cart",
      { lines: [], deliveryMethod: "parcel-locker" },
      {
        productsGrosze: 0,
        deliveryGrosze: 999,
        couponDiscountGrosze: 0,
        totalGrosze: 999,
        missingForFreeDeliveryGrosze: 9900,
        maxProcessingTime: "1-2",
      },
    ],
    [
      "below the threshold, courier",
      { lines: [line(2500, 2, "3-6")], deliveryMethod: "courier" },
      {
        productsGrosze: 5000,
        deliveryGrosze: 1499,
        couponDiscountGrosze: 0,
        totalGrosze: 6499,
        missingForFreeDeliveryGrosze: 4900,
        maxProcessingTime: "3-6",
      },
    ],
    [
      "exactly 99 zł: free delivery",
      { lines: [line(3300, 3)], deliveryMethod: "courier" },
      {
        productsGrosze: 9900,
        deliveryGrosze: 0,
        couponDiscountGrosze: 0,
        totalGrosze: 9900,
        missingForFreeDeliveryGrosze: 0,
        maxProcessingTime: "1-2",
      },
    ],
    [
      "one grosz short",
      { lines: [line(9899, 1)], deliveryMethod: "parcel-locker" },
      {
        productsGrosze: 9899,
        deliveryGrosze: 999,
        couponDiscountGrosze: 0,
        totalGrosze: 10898,
        missingForFreeDeliveryGrosze: 1,
        maxProcessingTime: "1-2",
      },
    ],
    [
      "percent coupon on 3333, free delivery decided before the discount",
      {
        lines: [line(3333, 1, "10-14"), line(7000, 1, "7-9")],
        deliveryMethod: "parcel-locker",
        coupon: { discountType: "percent", discountValue: 10, ...active },
      },
      {
        productsGrosze: 10333,
        deliveryGrosze: 0,
        couponDiscountGrosze: 1033,
        totalGrosze: 9300,
        missingForFreeDeliveryGrosze: 0,
        maxProcessingTime: "10-14",
      },
    ],
    [
      "percent coupon rounds to grosze",
      {
        lines: [line(3333, 1)],
        deliveryMethod: "parcel-locker",
        coupon: { discountType: "percent", discountValue: 10, ...active },
      },
      {
        productsGrosze: 3333,
        deliveryGrosze: 999,
        couponDiscountGrosze: 333,
        totalGrosze: 3999,
        missingForFreeDeliveryGrosze: 6567,
        maxProcessingTime: "1-2",
      },
    ],
    [
      "fixed coupon larger than the products: products become free, delivery stays",
      {
        lines: [line(1500, 1)],
        deliveryMethod: "courier",
        coupon: { discountType: "fixed", discountValue: 2000, ...active },
      },
      {
        productsGrosze: 1500,
        deliveryGrosze: 1499,
        couponDiscountGrosze: 1500,
        totalGrosze: 1499,
        missingForFreeDeliveryGrosze: 8400,
        maxProcessingTime: "1-2",
      },
    ],
    [
      "expired coupon gives nothing",
      {
        lines: [line(5000, 1)],
        deliveryMethod: "courier",
        coupon: { discountType: "fixed", discountValue: 1000, ...expired },
      },
      {
        productsGrosze: 5000,
        deliveryGrosze: 1499,
        couponDiscountGrosze: 0,
        totalGrosze: 6499,
        missingForFreeDeliveryGrosze: 4900,
        maxProcessingTime: "1-2",
      },
    ],
  ])("%s", (_name, input, expected) => {
    expect(orderTotals({ ...input, now })).toEqual(expected);
  });
});
