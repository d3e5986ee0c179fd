import { describe, expect, it } from "vitest";
import { formatPrice, groszeToDecimalString, parsePriceToGrosze, sumGrosze } from "./money";

describe("formatPrice", () => {
  it.each([
    [1234, "12,34 zł"],
    [5, "0,05 zł"],
    [9900, "99,00 zł"],
    [0, "0,00 zł"],
    [1499, "14,99 zł"],
    [100, "1,00 zł"],
    [123456, "1234,56 zł"],
    [-1234, "-12,34 zł"],
    [-5, "-0,05 zł"],
  ])("%i grosze -> %s", (grosze, label) => {
    expect(formatPrice(grosze)).toBe(label);
  });

  it.each([[12.5], [Number.NaN], [Number.POSITIVE_INFINITY]])("rejects non-integer grosze %s", (value) => {
    expect(() => formatPrice(value)).toThrow(RangeError);
  });
});

describe("groszeToDecimalString", () => {
  it.each([
    [1234, "12.34"],
    [5, "0.05"],
    [10, "0.10"],
    [9900, "99.00"],
    [0, "0.00"],
    [-250, "-2.50"],
  ])("%i -> %s", (grosze, text) => {
    expect(groszeToDecimalString(grosze)).toBe(text);
  });
});

describe("parsePriceToGrosze", () => {
  it.each<[string | number, number | null]>([
    ["12.34", 1234],
    ["12,34", 1234],
    ["12", 1200],
    ["12,5", 1250],
    ["0.05", 5],
    ["0", 0],
    [" 99,00 ", 9900],
    ["0.1", 10],
    [12.34, 1234],
    [0.1, 10],
    [99, 9900],
    ["", null],
    ["   ", null],
    ["-1", null],
    ["12.345", null],
    ["12,3a", null],
    ["abc", null],
    ["1 234", null],
    [".5", null],
    ["12.", null],
    [-1, null],
    [12.345, null],
    [Number.NaN, null],
  ])("%j -> %j", (input, expected) => {
    expect(parsePriceToGrosze(input)).toBe(expected);
  });
});

describe("sumGrosze", () => {
  it.each([
    [[], 0],
    [[1, 2, 3], 6],
    [[999, 1499, -100], 2398],
  ])("%j -> %i", (amounts, total) => {
    expect(sumGrosze(amounts)).toBe(total);
  });
});
