import { describe, expect, it } from "vitest";
import {
  type GridField,
  optionCombinations,
  priceFields,
  variantGrid,
  variantLabel,
} from "./product-variants-grid";

const size: GridField = {
  _id: 1,
  title: "Rozmiar",
  changePrice: true,
  options: [
    { _id: 10, title: "S" },
    { _id: 11, title: "M" },
  ],
};
const colour: GridField = {
  _id: 2,
  title: "Kolor",
  changePrice: true,
  options: [
    { _id: 20, title: "Biały" },
    { _id: 21, title: "Różowy" },
  ],
};
const engraving: GridField = {
  _id: 3,
  title: "Grawer",
  changePrice: false,
  options: [{ _id: 30, title: "Tak" }],
};
const ALL = [size, colour, engraving];

describe("variant grid", () => {
  it("keeps only chosen price-changing fields, in the chosen order", () => {
    expect(priceFields(ALL, [3, 2, 1]).map((field) => field._id)).toEqual([2, 1]);
    expect(priceFields(ALL, [3])).toEqual([]);
  });

  it("makes one combination per option tuple", () => {
    expect(optionCombinations([size, colour])).toEqual([
      { 1: 10, 2: 20 },
      { 1: 10, 2: 21 },
      { 1: 11, 2: 20 },
      { 1: 11, 2: 21 },
    ]);
    expect(optionCombinations([])).toEqual([]);
  });

  it("keeps existing rows' prices and quantities and adds new ones with the default price", () => {
    const existing = [
      { _id: 5, fields: { 1: 11 }, price: "15,00", promotionalPrice: "12,00", quantity: "4" },
      { _id: 6, fields: { 1: 10 }, price: "9,99", promotionalPrice: "", quantity: "1" },
    ];
    const rows = variantGrid(ALL, [1, 3], existing, { price: "10,00" });
    expect(rows).toEqual([
      { _id: 6, fields: { 1: 10 }, price: "9,99", promotionalPrice: "", quantity: "1" },
      { _id: 5, fields: { 1: 11 }, price: "15,00", promotionalPrice: "12,00", quantity: "4" },
    ]);
    const grown = variantGrid(ALL, [1, 2], rows, { price: "10,00" });
    expect(grown).toHaveLength(4);
    expect(grown.every((row) => row._id === undefined && row.price === "10,00" && row.quantity === "0")).toBe(
      true,
    );
    // choosing the field back restores the earlier rows (matched by option ids)
    expect(variantGrid(ALL, [1], rows, { price: "1" })).toEqual(rows);
    expect(variantGrid(ALL, [], rows, { price: "1" })).toEqual([]);
  });

  it("labels a variant by its option titles", () => {
    expect(variantLabel([size, colour], { 2: 21, 1: 10 })).toBe("S / Różowy");
    expect(variantLabel([size], { 1: 99 })).toBe("#99");
  });
});
