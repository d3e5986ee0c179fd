import { describe, expect, it } from "vitest";
import { type FieldError, fieldErrors } from "./errors";
import {
  optionalPriceInputSchema,
  type PriceFilter,
  priceFilterSchema,
  priceInputSchema,
} from "./price-filter";

describe("optionalPriceInputSchema", () => {
  it.each<[unknown, number | undefined]>([
    ["12,34", 1234],
    ["12.34", 1234],
    [" 12 ", 1200],
    [12.5, 1250],
    ["0", 0],
    ["0.01", 1],
    ["", undefined],
    [undefined, undefined],
    [null, undefined],
  ])("%j -> %j", (input, grosze) => {
    expect(optionalPriceInputSchema.parse(input)).toBe(grosze);
  });

  it.each<[unknown, string]>([
    ["abc", "validation.number"],
    ["-1", "validation.minValue"],
    [-0.5, "validation.minValue"],
    ["12.345", "validation.invalid"],
    [true, "validation.number"],
  ])("%j -> %s", (input, key) => {
    expect(optionalPriceInputSchema.safeParse(input).error?.issues[0]?.message).toBe(key);
  });
});

describe("priceInputSchema (required)", () => {
  it.each<[unknown, number | string]>([
    ["14,99", 1499],
    [9.99, 999],
    ["", "validation.required"],
    ["  ", "validation.required"],
    [undefined, "validation.required"],
    ["x", "validation.number"],
  ])("%j -> %j", (input, expected) => {
    const result = priceInputSchema.safeParse(input);
    expect(result.success ? result.data : result.error.issues[0]?.message).toBe(expected);
  });
});

describe("priceFilterSchema", () => {
  it.each<[unknown, PriceFilter]>([
    [{}, { minCenaGrosze: null, maxCenaGrosze: null }],
    [
      { minCena: "10", maxCena: "99,99" },
      { minCenaGrosze: 1000, maxCenaGrosze: 9999 },
    ],
    [
      { minCena: "", maxCena: "50" },
      { minCenaGrosze: null, maxCenaGrosze: 5000 },
    ],
    [
      { minCena: "20", maxCena: "20" },
      { minCenaGrosze: 2000, maxCenaGrosze: 2000 },
    ],
  ])("%j -> %j", (input, output) => {
    expect(priceFilterSchema.parse(input)).toEqual(output);
  });

  it.each<[unknown, Record<string, FieldError>]>([
    [{ minCena: "50", maxCena: "20" }, { maxCena: { key: "validation.priceRange" } }],
    [{ minCena: "-5" }, { minCena: { key: "validation.minValue", params: { min: 0 } } }],
    [{ maxCena: "dużo" }, { maxCena: { key: "validation.number" } }],
  ])("%j", (input, errors) => {
    const result = priceFilterSchema.safeParse(input);
    expect(result.success ? {} : fieldErrors(result.error)).toEqual(errors);
  });
});
