import { describe, expect, it } from "vitest";
import { parseSavedCart } from "./cart";

const line = { productId: 1, variantId: 101, variantKeys: { "1": 11 }, quantity: 2 };

describe("parseSavedCart", () => {
  it.each<[string, unknown, unknown[]]>([
    ["valid array", [line], [line]],
    ["JSON text", JSON.stringify([line]), [line]],
    [
      "defaults",
      [{ productId: 2, quantity: 1 }],
      [{ productId: 2, variantId: null, variantKeys: {}, quantity: 1 }],
    ],
    ["keeps texts", [{ ...line, variantTitle: "różowy" }], [{ ...line, variantTitle: "różowy" }]],
    [
      "drops malformed lines",
      [line, { productId: "x", quantity: 1 }, { productId: 3, quantity: 0 }, null],
      [line],
    ],
    ["broken JSON", "[{", []],
    ["not an array", { line }, []],
    ["nothing", undefined, []],
  ])("%s", (_name, value, expected) => {
    expect(parseSavedCart(value)).toEqual(expected);
  });
});
