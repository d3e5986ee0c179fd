import { describe, expect, it } from "vitest";
import {
  type AvailabilityColour,
  type AvailabilityLevel,
  availabilityColour,
  availabilityLevel,
  type StockLike,
  totalQuantity,
} from "./availability";

describe("availabilityLevel", () => {
  it.each<[number, AvailabilityLevel]>([
    [100, 3],
    [10, 3],
    [9, 2],
    [6, 2],
    [5, 1],
    [1, 1],
    [0, 0],
    [-3, 0],
  ])("quantity %i -> level %i", (quantity, level) => {
    expect(availabilityLevel(quantity)).toBe(level);
  });
});

describe("availabilityColour", () => {
  it.each<[AvailabilityLevel, AvailabilityColour]>([
    [3, "green"],
    [2, "orange"],
    [1, "red"],
    [0, "grey"],
  ])("level %i -> %s", (level, colour) => {
    expect(availabilityColour(level)).toBe(colour);
  });
});

describe("totalQuantity", () => {
  it.each<[string, StockLike, number]>([
    ["no variants: product quantity", { quantity: 7, variants: [] }, 7],
    ["variants undefined", { quantity: 4 }, 4],
    ["variants null", { quantity: 4, variants: null }, 4],
    [
      "variants summed, product quantity ignored",
      { quantity: 50, variants: [{ quantity: 2 }, { quantity: 3 }] },
      5,
    ],
    ["variants all zero", { quantity: 50, variants: [{ quantity: 0 }, { quantity: 0 }] }, 0],
    ["negative stock counts as 0", { quantity: 0, variants: [{ quantity: -2 }, { quantity: 3 }] }, 3],
  ])("%s", (_name, product, total) => {
    expect(totalQuantity(product)).toBe(total);
  });
});
