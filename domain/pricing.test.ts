import { describe, expect, it } from "vitest";
import {
  cheapestVariant,
  discountPercent,
  effectivePriceGrosze,
  effectivePriceRange,
  lowestPriceReference,
  type PriceView,
  type ProductPriceLike,
  productPrices,
  productThumbnail,
  standardPriceGrosze,
  type VariantPriceLike,
  variantKey,
} from "./pricing";
import type { ProductThumbnail } from "./types";

describe("effectivePriceGrosze / standardPriceGrosze", () => {
  it.each<[number, number | null, number]>([
    [9999, 7999, 7999],
    [9999, null, 9999],
    [9999, 9999, 9999],
    [5000, 0, 0],
    // a promotional price above the price (an old row) is never charged
    [5000, 6000, 5000],
    [5000, 5001, 5000],
  ])("price %i promo %j -> %i", (priceGrosze, promotionalPriceGrosze, effective) => {
    expect(effectivePriceGrosze({ priceGrosze, promotionalPriceGrosze })).toBe(effective);
    expect(standardPriceGrosze({ priceGrosze, promotionalPriceGrosze })).toBe(priceGrosze);
  });
});

describe("effectivePriceRange", () => {
  const own = { priceGrosze: 10_000, promotionalPriceGrosze: 9_000 };
  it.each<[string, { priceGrosze: number; promotionalPriceGrosze: number | null }[], [number, number]]>([
    ["no variants: the product's effective price", [], [9_000, 9_000]],
    [
      "variants: their effective prices, never the product's",
      [
        { priceGrosze: 12_000, promotionalPriceGrosze: null },
        { priceGrosze: 15_000, promotionalPriceGrosze: 11_000 },
        { priceGrosze: 16_000, promotionalPriceGrosze: null },
      ],
      [11_000, 16_000],
    ],
    ["one variant", [{ priceGrosze: 4_500, promotionalPriceGrosze: null }], [4_500, 4_500]],
  ])("%s", (_name, variants, [minGrosze, maxGrosze]) => {
    expect(effectivePriceRange({ ...own, variants })).toEqual({ minGrosze, maxGrosze });
  });
});

describe("discountPercent", () => {
  it.each([
    [7999, 9999, 20],
    [5000, 10000, 50],
    [6667, 10000, 33.33],
    [1, 3, 66.67],
    [2, 3, 33.33],
    [7, 8, 12.5],
    [9999, 9999, 0],
    [10999, 9999, 0],
    [0, 9999, 100],
    [100, 0, 0],
  ])("price %i of standard %i -> %d%%", (price, standard, percent) => {
    expect(discountPercent(price, standard)).toBe(percent);
  });
});

describe("variantKey", () => {
  it.each<[Record<string, number>, string]>([
    [{}, ""],
    [{ "1": 7 }, "7"],
    [{ "3": 12, "1": 7 }, "7.12"],
    [{ "1": 10, "2": 9, "3": 100 }, "9.10.100"],
  ])("%j -> %j", (fields, key) => {
    expect(variantKey(fields)).toBe(key);
  });
});

const pink: VariantPriceLike = {
  fields: { "1": 11, "2": 21 },
  priceGrosze: 5000,
  promotionalPriceGrosze: 4000,
  quantity: 2,
};
const blue: VariantPriceLike = {
  fields: { "1": 12, "2": 21 },
  priceGrosze: 4500,
  promotionalPriceGrosze: null,
  quantity: 0,
};
const green: VariantPriceLike = {
  fields: { "1": 13, "2": 21 },
  priceGrosze: 6000,
  promotionalPriceGrosze: 6000,
  quantity: 4,
};

const product: ProductPriceLike = {
  quantity: 99,
  priceGrosze: 9999,
  promotionalPriceGrosze: 7999,
  minPriceGrosze: 7500,
  minVariantPrice: { "11.21": 3900, "12.21": 4500, "13.21": 7000 },
  variants: [pink, blue, green],
};

describe("productPrices", () => {
  it.each<[string, ProductPriceLike, VariantPriceLike | null, PriceView]>([
    [
      "product without variant",
      product,
      null,
      { priceGrosze: 7999, standardPriceGrosze: 9999, lowestPriceGrosze: 7500, discountPercent: 20 },
    ],
    [
      "promoted variant uses its own 30-day minimum",
      product,
      pink,
      { priceGrosze: 4000, standardPriceGrosze: 5000, lowestPriceGrosze: 3900, discountPercent: 20 },
    ],
    [
      "regular variant",
      product,
      blue,
      { priceGrosze: 4500, standardPriceGrosze: 4500, lowestPriceGrosze: 4500, discountPercent: 0 },
    ],
    [
      "stored minimum above the current price is capped",
      product,
      green,
      { priceGrosze: 6000, standardPriceGrosze: 6000, lowestPriceGrosze: 6000, discountPercent: 0 },
    ],
    [
      "missing minimum falls back to the current price",
      { ...product, minVariantPrice: {} },
      pink,
      { priceGrosze: 4000, standardPriceGrosze: 5000, lowestPriceGrosze: 4000, discountPercent: 20 },
    ],
  ])("%s", (_name, p, variant, view) => {
    expect(productPrices(p, variant)).toEqual(view);
  });
});

describe("cheapestVariant", () => {
  it.each<[VariantPriceLike[], VariantPriceLike | null]>([
    [[], null],
    [[green], green],
    [[green, blue, pink], pink],
    [[blue, { ...blue, quantity: 5 }], blue],
  ])("%#", (variants, cheapest) => {
    expect(cheapestVariant(variants)).toBe(cheapest);
  });
});

describe("productThumbnail", () => {
  it.each<[string, ProductPriceLike, ProductThumbnail]>([
    [
      "variants: cheapest variant's prices, summed stock",
      product,
      {
        totalQuantity: 6,
        discountPercent: 20,
        priceGrosze: 4000,
        standardPriceGrosze: 5000,
        minPriceGrosze: 3900,
      },
    ],
    [
      "no variants: product prices and stock",
      { ...product, variants: [] },
      {
        totalQuantity: 99,
        discountPercent: 20,
        priceGrosze: 7999,
        standardPriceGrosze: 9999,
        minPriceGrosze: 7500,
      },
    ],
    [
      "no promotion",
      { ...product, variants: [], promotionalPriceGrosze: null, minPriceGrosze: 9999, quantity: 0 },
      {
        totalQuantity: 0,
        discountPercent: 0,
        priceGrosze: 9999,
        standardPriceGrosze: 9999,
        minPriceGrosze: 9999,
      },
    ],
  ])("%s", (_name, p, thumbnail) => {
    expect(productThumbnail(p)).toEqual(thumbnail);
  });
});

describe("lowestPriceReference (najniższa cena z 30 dni)", () => {
  it.each([
    ["a reduction: the lowest before it started, even above the current price", 7999, 9999, 7999, 9999, 9999],
    ["a reduction after an earlier, lower flash sale", 7999, 9999, 7999, 6999, 6999],
    ["a reduction without earlier history: the current price", 7999, 9999, 7999, null, 7999],
    ["no reduction: the lowest of the last 30 days", 4500, 4500, 3900, 3500, 3900],
    ["no reduction: never above the current price", 4500, 4500, 5200, null, 4500],
    ["no reduction, no history: the current price", 4500, 4500, null, null, 4500],
  ])("%s", (_name, effectiveGrosze, standardGrosze, last30MinGrosze, beforeCurrentMinGrosze, expected) => {
    expect(
      lowestPriceReference({ effectiveGrosze, standardGrosze, last30MinGrosze, beforeCurrentMinGrosze }),
    ).toBe(expected);
  });
});
