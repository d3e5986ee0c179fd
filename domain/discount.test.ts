import { describe, expect, it } from "vitest";
import { formatDiscountPercent, shownDiscountPercent } from "./discount";
import { discountPercent } from "./pricing";

describe("the discount percent a shopper reads", () => {
  it.each<[number, number]>([
    [20.21, 20],
    [20, 20],
    [33.33, 33],
    [8.35, 8],
    [99.99, 99],
    [0.57, 0.5],
    [0.05, 0.1],
    [0, 0],
    [-3, 0],
  ])("%s %% is shown as %s", (percent, shown) => {
    expect(shownDiscountPercent(percent)).toBe(shown);
  });

  it("is the same figure for the page's variant and the card's price (one rule)", () => {
    // 54,99 zł instead of 68,90 zł: 20.19 % exactly, read as 20
    expect(formatDiscountPercent("pl", discountPercent(5_499, 6_890))).toBe("20");
  });

  it("writes a fraction with the language's decimal separator", () => {
    expect(formatDiscountPercent("pl", 0.57)).toBe("0,5");
    expect(formatDiscountPercent("en", 0.57)).toBe("0.5");
    expect(formatDiscountPercent("pl", 20.21)).toBe("20");
  });
});
