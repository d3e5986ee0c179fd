import { describe, expect, it } from "vitest";
import { cartSummary } from "./cart-summary";
import type { CartView } from "./types";

const line = { unitPriceGrosze: 5_499, quantity: 1 } as CartView["lines"][number];
const cart = (over: Partial<CartView>) =>
  ({
    lines: [line],
    deliveryMethod: "parcel-locker",
    productsGrosze: 5_499,
    couponDiscountGrosze: 0,
    missingForFreeDeliveryGrosze: 4_401,
    ...over,
  }) as CartView;

describe("cartSummary (issue 25 defect 4: one summary for the side cart and the cart screen)", () => {
  it("an empty cart costs nothing and has no delivery line", () => {
    expect(cartSummary(cart({ lines: [], productsGrosze: 0, missingForFreeDeliveryGrosze: 9_900 }))).toEqual({
      empty: true,
      productsGrosze: 0,
      delivery: { kind: "none" },
      couponDiscountGrosze: 0,
      totalGrosze: 0,
      missingForFreeDeliveryGrosze: 0,
    });
  });

  it("one item of 54,99 zł: products, delivery from 9,99 zł (the cheapest) and the total with it", () => {
    expect(cartSummary(cart({}))).toEqual({
      empty: false,
      productsGrosze: 5_499,
      delivery: { kind: "paid", grosze: 999, from: true },
      couponDiscountGrosze: 0,
      totalGrosze: 6_498,
      missingForFreeDeliveryGrosze: 4_401,
    });
  });

  it("the courier chosen at checkout is its own price, not 'from'", () => {
    expect(cartSummary(cart({ deliveryMethod: "courier" }))).toMatchObject({
      delivery: { kind: "paid", grosze: 1_499, from: false },
      totalGrosze: 6_998,
    });
  });

  it("free delivery from 99 zł, the discount taken off the total", () => {
    expect(
      cartSummary(
        cart({ productsGrosze: 10_998, couponDiscountGrosze: 1_100, missingForFreeDeliveryGrosze: 0 }),
      ),
    ).toMatchObject({ delivery: { kind: "free" }, totalGrosze: 9_898, missingForFreeDeliveryGrosze: 0 });
  });
});
