import { describe, expect, it } from "vitest";
import {
  availableStock,
  canAddToCart,
  defaultSelection,
  describeSelection,
  type FieldLike,
  findVariant,
  normalizeSelection,
  optionInStock,
  quantityChoices,
  type Selection,
  type SellableLike,
  selectOption,
  type VariantLike,
} from "./variants";

// Field 1 "Kolor" changes the price, field 2 "Rozmiar" changes the price, field 3 "Haft" does not.
const colour: FieldLike = {
  _id: 1,
  title: "Kolor",
  changePrice: true,
  options: [
    { _id: 11, title: "różowy" },
    { _id: 12, title: "niebieski" },
  ],
};
const size: FieldLike = {
  _id: 2,
  title: "Rozmiar",
  changePrice: true,
  options: [
    { _id: 21, title: "S" },
    { _id: 22, title: "M" },
  ],
};
const embroidery: FieldLike = {
  _id: 3,
  title: "Haft",
  changePrice: false,
  options: [
    { _id: 31, title: "bez haftu" },
    { _id: 32, title: "z imieniem" },
  ],
};
const fields = [colour, size, embroidery];

const pinkS: VariantLike = { _id: 101, fields: { "1": 11, "2": 21 }, quantity: 0 };
const pinkM: VariantLike = { _id: 102, fields: { "1": 11, "2": 22 }, quantity: 3 };
const blueS: VariantLike = { _id: 103, fields: { "1": 12, "2": 21 }, quantity: 5 };
const variants = [pinkS, pinkM, blueS];

describe("findVariant", () => {
  it.each<[string, Selection, VariantLike | null]>([
    ["matches all price fields", { "1": 11, "2": 22, "3": 31 }, pinkM],
    ["non-price field does not matter", { "1": 12, "2": 21, "3": 32 }, blueS],
    ["missing combination", { "1": 12, "2": 22, "3": 31 }, null],
    ["incomplete selection", { "1": 11 }, null],
    ["empty selection", {}, null],
  ])("%s", (_name, selection, expected) => {
    expect(findVariant(variants, selection, fields)).toBe(expected);
  });

  it("without price fields matches on the variant's own entries", () => {
    const plain: FieldLike[] = [{ ...colour, changePrice: false }];
    const only: VariantLike = { _id: 1, fields: { "1": 12 }, quantity: 1 };
    expect(findVariant([only], { "1": 12 }, plain)).toBe(only);
    expect(findVariant([only], { "1": 11 }, plain)).toBeNull();
    expect(findVariant([{ _id: 2, fields: {}, quantity: 1 }], {}, [])).toBeNull();
  });
});

describe("defaultSelection", () => {
  it.each<[string, FieldLike[], VariantLike[], Selection]>([
    [
      "first options in stock: first option of every field",
      fields,
      [{ ...pinkS, quantity: 2 }, pinkM, blueS],
      { "1": 11, "2": 21, "3": 31 },
    ],
    [
      "first combination out of stock: the next one in the options' order that is in stock",
      fields,
      variants,
      { "1": 11, "2": 22, "3": 31 },
    ],
    [
      "the options' order decides, not the order the variants are stored in",
      fields,
      [blueS, { ...pinkM, quantity: 0 }, { _id: 104, fields: { "1": 12, "2": 22 }, quantity: 1 }],
      { "1": 12, "2": 21, "3": 31 },
    ],
    [
      "a variant with an option the field no longer has is never chosen",
      fields,
      [{ _id: 105, fields: { "1": 19, "2": 21 }, quantity: 9 }, pinkS, blueS],
      { "1": 12, "2": 21, "3": 31 },
    ],
    ["no fields", [], [], {}],
    ["no variants: first options", [embroidery], [], { "3": 31 }],
    [
      "first combination missing: first in-stock variant for price fields",
      fields,
      [blueS, pinkM],
      { "1": 11, "2": 22, "3": 31 },
    ],
    [
      "nothing in stock: first variant",
      fields,
      [
        { ...pinkM, quantity: 0 },
        { ...blueS, quantity: 0 },
      ],
      { "1": 11, "2": 22, "3": 31 },
    ],
    ["field without options is skipped", [{ ...size, options: [] }, embroidery], [], { "3": 31 }],
  ])("%s", (_name, f, v, expected) => {
    expect(defaultSelection(f, v)).toEqual(expected);
  });
});

describe("optionInStock", () => {
  // chosen: pink (11) and S (21), the pink S variant has no stock
  const chosen: Selection = { "1": 11, "2": 21, "3": 31 };
  it.each<[string, FieldLike, number, boolean]>([
    ["the option of an out-of-stock combination", size, 21, false],
    ["another size that is in stock in pink", size, 22, true],
    ["another colour that is in stock in S", colour, 12, true],
    ["an option of a field that does not choose the variant", embroidery, 32, true],
  ])("%s", (_name, field, optionId, expected) => {
    expect(optionInStock(fields, variants, chosen, field, optionId)).toBe(expected);
  });

  it("a combination without a variant cannot be bought; without variants every option can", () => {
    expect(optionInStock(fields, variants, { "1": 12, "2": 21 }, size, 22)).toBe(false);
    expect(optionInStock(fields, [], chosen, size, 21)).toBe(true);
  });
});

describe("normalizeSelection", () => {
  it.each<[Selection, Selection]>([
    [
      { "1": 12, "2": 22, "3": 32 },
      { "1": 12, "2": 22, "3": 32 },
    ],
    [{ "1": 12 }, { "1": 12, "2": 21, "3": 31 }],
    [
      { "1": 99, "2": 22 },
      { "1": 11, "2": 22, "3": 31 },
    ],
    [
      { "9": 1, "3": 32 },
      { "1": 11, "2": 21, "3": 32 },
    ],
  ])("%j -> %j", (chosen, expected) => {
    expect(normalizeSelection(fields, chosen)).toEqual(expected);
  });
});

describe("selectOption", () => {
  const start: Selection = { "1": 11, "2": 21, "3": 31 };
  it.each<[number, number, Selection]>([
    [1, 12, { "1": 12, "2": 21, "3": 31 }],
    [3, 32, { "1": 11, "2": 21, "3": 32 }],
    [1, 21, start],
    [9, 11, start],
  ])("field %i option %i", (fieldId, optionId, expected) => {
    expect(selectOption(fields, start, fieldId, optionId)).toEqual(expected);
  });
});

describe("describeSelection", () => {
  it.each<[FieldLike[], Selection, { variantTitle: string; variantLabel: string }]>([
    [
      fields,
      { "1": 11, "2": 22, "3": 32 },
      { variantTitle: "różowy, M, z imieniem", variantLabel: "Kolor: różowy, Rozmiar: M, Haft: z imieniem" },
    ],
    [[colour], { "1": 12 }, { variantTitle: "niebieski", variantLabel: "Kolor: niebieski" }],
    [[], {}, { variantTitle: "", variantLabel: "" }],
  ])("%j", (f, selection, expected) => {
    expect(describeSelection(f, selection)).toEqual(expected);
  });
});

describe("canAddToCart / availableStock", () => {
  const withVariants: SellableLike = { isHidden: false, quantity: 50, variants };
  const simple: SellableLike = { isHidden: false, quantity: 2, variants: [] };
  it.each<[string, SellableLike, { quantity: number } | null, number, boolean]>([
    ["in-stock variant", withVariants, pinkM, 3, true],
    ["sold-out variant", withVariants, pinkS, 0, false],
    ["no variant selected although the product has variants", withVariants, null, 0, false],
    ["hidden product", { ...withVariants, isHidden: true }, pinkM, 3, false],
    ["product without variants in stock", simple, null, 2, true],
    ["product without variants sold out", { ...simple, quantity: 0 }, null, 0, false],
    ["hidden product without variants", { ...simple, isHidden: true }, null, 2, false],
  ])("%s", (_name, product, variant, stock, allowed) => {
    expect(availableStock(product, variant)).toBe(stock);
    expect(canAddToCart(product, variant)).toBe(allowed);
  });
});

describe("quantityChoices", () => {
  it.each<[number, number[]]>([
    [0, [0]],
    [1, [0, 1]],
    [3, [0, 1, 2, 3]],
    [-2, [0]],
    [2.7, [0, 1, 2]],
    [Number.NaN, [0]],
  ])("stock %d -> %j", (stock, choices) => {
    expect(quantityChoices(stock)).toEqual(choices);
  });
});
