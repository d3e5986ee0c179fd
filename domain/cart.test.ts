import { describe, expect, it } from "vitest";
import {
  addToCart,
  type CartLine,
  cartItemCount,
  cartLineId,
  maxProcessingTime,
  type NewCartItem,
  productsTotalGrosze,
  type RestorableProduct,
  removeLine,
  restoreCart,
  type SavedCartLine,
  sameCartItem,
  setQuantity,
  toOrderCart,
  toSavedCart,
} from "./cart";
import type { ProcessingTime } from "./types";
import type { FieldLike } from "./variants";

const blanket: NewCartItem = {
  productId: 1,
  productTitle: "Kocyk",
  variantTitle: "różowy",
  variantLabel: "Kolor: różowy",
  variantKeys: { "1": 11 },
  variantId: 101,
  unitPriceGrosze: 4000,
  processingTime: "3-6",
};
const blueBlanket: NewCartItem = {
  ...blanket,
  variantTitle: "niebieski",
  variantKeys: { "1": 12 },
  variantId: 102,
};
const pillow: NewCartItem = {
  productId: 2,
  productTitle: "Poduszka",
  variantTitle: "",
  variantLabel: "",
  variantKeys: {},
  variantId: null,
  unitPriceGrosze: 2599,
  processingTime: "1-2",
};
const line = (item: NewCartItem, quantity: number): CartLine => ({ ...item, quantity });

describe("cartLineId / sameCartItem", () => {
  it.each<
    [Pick<CartLine, "productId" | "variantKeys">, Pick<CartLine, "productId" | "variantKeys">, boolean]
  >([
    [
      { productId: 1, variantKeys: { "1": 11, "2": 21 } },
      { productId: 1, variantKeys: { "2": 21, "1": 11 } },
      true,
    ],
    [{ productId: 1, variantKeys: { "1": 11 } }, { productId: 1, variantKeys: { "1": 12 } }, false],
    [{ productId: 1, variantKeys: {} }, { productId: 2, variantKeys: {} }, false],
    [{ productId: 1, variantKeys: { "1": 11 } }, { productId: 1, variantKeys: { "1": 11, "3": 31 } }, false],
  ])("%j vs %j -> %s", (a, b, same) => {
    expect(sameCartItem(a, b)).toBe(same);
  });

  it("is stable text", () => {
    expect(cartLineId({ productId: 12, variantKeys: { "2": 21, "1": 11 } })).toBe("12|1:11,2:21");
  });
});

describe("addToCart", () => {
  it.each<[string, CartLine[], NewCartItem, number | undefined, CartLine[]]>([
    ["empty cart appends quantity 1", [], blanket, undefined, [line(blanket, 1)]],
    ["same product and keys: quantity + 1", [line(blanket, 2)], blanket, undefined, [line(blanket, 3)]],
    [
      "same product, other keys: new line",
      [line(blanket, 1)],
      blueBlanket,
      undefined,
      [line(blanket, 1), line(blueBlanket, 1)],
    ],
    [
      "merge keeps the line position",
      [line(blanket, 1), line(pillow, 1)],
      blanket,
      undefined,
      [line(blanket, 2), line(pillow, 1)],
    ],
    [
      "merge refreshes the price",
      [line({ ...blanket, unitPriceGrosze: 5000 }, 1)],
      blanket,
      undefined,
      [line(blanket, 2)],
    ],
    ["stock reached: unchanged", [line(blanket, 2)], blanket, 2, [line(blanket, 2)]],
    ["stock 0: nothing added", [], pillow, 0, []],
    ["below stock: added", [line(blanket, 1)], blanket, 2, [line(blanket, 2)]],
  ])("%s", (_name, lines, item, stock, expected) => {
    expect(addToCart(lines, item, stock)).toEqual(expected);
  });

  it("does not mutate its input", () => {
    const lines = [line(blanket, 1)];
    addToCart(lines, blanket);
    expect(lines[0]?.quantity).toBe(1);
  });
});

describe("setQuantity / removeLine", () => {
  const lines = [line(blanket, 2), line(pillow, 1)];
  const blanketId = cartLineId(blanket);
  it.each<[string, number, number | undefined, CartLine[]]>([
    ["sets the quantity", 5, undefined, [line(blanket, 5), line(pillow, 1)]],
    ["caps at stock", 5, 3, [line(blanket, 3), line(pillow, 1)]],
    ["0 removes", 0, undefined, [line(pillow, 1)]],
    ["negative removes", -1, undefined, [line(pillow, 1)]],
    ["fractions are floored", 2.9, undefined, [line(blanket, 2), line(pillow, 1)]],
    ["stock 0 removes", 4, 0, [line(pillow, 1)]],
  ])("%s", (_name, quantity, stock, expected) => {
    expect(setQuantity(lines, blanketId, quantity, stock)).toEqual(expected);
  });

  it.each<[string, CartLine[]]>([
    [cartLineId(pillow), [line(blanket, 2)]],
    ["unknown", lines],
  ])("removeLine %s", (id, expected) => {
    expect(removeLine(lines, id)).toEqual(expected);
  });
});

describe("totals of lines", () => {
  it.each<[CartLine[], number, number]>([
    [[], 0, 0],
    [[line(blanket, 2)], 8000, 2],
    [[line(blanket, 2), line(pillow, 3)], 8000 + 7797, 5],
  ])("%#", (lines, total, count) => {
    expect(productsTotalGrosze(lines)).toBe(total);
    expect(cartItemCount(lines)).toBe(count);
  });
});

describe("maxProcessingTime", () => {
  it.each<[ProcessingTime[], ProcessingTime]>([
    [[], "1-2"],
    [["1-2"], "1-2"],
    [["3-6", "10-14", "7-9"], "10-14"],
    [["1-2", "7-9"], "7-9"],
  ])("%j -> %s", (times, expected) => {
    expect(maxProcessingTime(times.map((processingTime) => ({ processingTime })))).toBe(expected);
  });
});

describe("restoreCart", () => {
  const kocyk: RestorableProduct = {
    _id: 1,
    title: "Kocyk minky",
    isHidden: false,
    quantity: 0,
    priceGrosze: 5000,
    promotionalPriceGrosze: null,
    processingTime: "7-9",
    fields: [1, 3],
    variants: [
      { _id: 101, fields: { "1": 11 }, priceGrosze: 5000, promotionalPriceGrosze: 4500, quantity: 3 },
      { _id: 102, fields: { "1": 12 }, priceGrosze: 5200, promotionalPriceGrosze: null, quantity: 0 },
    ],
  };
  const poduszka: RestorableProduct = {
    _id: 2,
    title: "Poduszka",
    isHidden: false,
    quantity: 2,
    priceGrosze: 2599,
    promotionalPriceGrosze: 1999,
    processingTime: "1-2",
    variants: [],
  };
  const products = new Map<number, RestorableProduct>([
    [1, kocyk],
    [2, poduszka],
    [3, { ...poduszka, _id: 3, isHidden: true }],
    [4, { ...poduszka, _id: 4, quantity: 0 }],
  ]);
  const saved = (
    productId: number,
    variantId: number | null,
    quantity: number,
    variantKeys = {},
  ): SavedCartLine => ({
    productId,
    variantId,
    variantKeys,
    quantity,
    variantTitle: "stary",
    variantLabel: "Stary: opis",
  });
  const restoredKocyk = (quantity: number): CartLine => ({
    productId: 1,
    productTitle: "Kocyk minky",
    variantTitle: "stary",
    variantLabel: "Stary: opis",
    variantKeys: { "1": 11, "3": 31 },
    variantId: 101,
    unitPriceGrosze: 4500,
    quantity,
    processingTime: "7-9",
  });
  const restoredPoduszka = (quantity: number): CartLine => ({
    productId: 2,
    productTitle: "Poduszka",
    variantTitle: "stary",
    variantLabel: "Stary: opis",
    variantKeys: {},
    variantId: null,
    unitPriceGrosze: 1999,
    quantity,
    processingTime: "1-2",
  });

  it.each<[string, SavedCartLine[], CartLine[]]>([
    ["variant line: price and title refreshed", [saved(1, 101, 1, { "1": 11, "3": 31 })], [restoredKocyk(1)]],
    ["quantity capped to variant stock", [saved(1, 101, 10, { "1": 11, "3": 31 })], [restoredKocyk(3)]],
    ["quantity capped to product stock", [saved(2, null, 5)], [restoredPoduszka(2)]],
    ["variant without stock dropped", [saved(1, 102, 1, { "1": 12 })], []],
    ["variant that no longer exists dropped", [saved(1, 999, 1, { "1": 11 })], []],
    ["variant id missing for a product with variants dropped", [saved(1, null, 1)], []],
    ["variant id for a product without variants dropped", [saved(2, 101, 1)], []],
    ["hidden product dropped", [saved(3, null, 1)], []],
    ["product without stock dropped", [saved(4, null, 1)], []],
    ["unknown product dropped", [saved(77, null, 1)], []],
    ["zero quantity dropped", [saved(2, null, 0)], []],
    [
      "variant keys take the variant's current options",
      [saved(1, 101, 1, { "1": 12, "3": 31 })],
      [restoredKocyk(1)],
    ],
    [
      "duplicates merged and capped",
      [saved(1, 101, 2, { "1": 11, "3": 31 }), saved(1, 101, 2, { "1": 11, "3": 31 })],
      [restoredKocyk(3)],
    ],
    [
      "order kept, bad lines skipped",
      [saved(2, null, 1), saved(3, null, 1), saved(1, 101, 1, { "1": 11, "3": 31 })],
      [restoredPoduszka(1), restoredKocyk(1)],
    ],
  ])("%s", (_name, savedLines, expected) => {
    expect(restoreCart(savedLines, products)).toEqual(expected);
  });

  it("accepts a record of products", () => {
    expect(restoreCart([saved(2, null, 1)], { 2: poduszka })).toEqual([restoredPoduszka(1)]);
  });

  it("recomputes variant texts when fields are given", () => {
    const fields = new Map<number, FieldLike>([
      [1, { _id: 1, title: "Kolor", changePrice: true, options: [{ _id: 11, title: "różowy" }] }],
      [3, { _id: 3, title: "Haft", changePrice: false, options: [{ _id: 31, title: "bez haftu" }] }],
    ]);
    const [restored] = restoreCart([saved(1, 101, 1, { "1": 11, "3": 31 })], products, fields);
    expect(restored?.variantTitle).toBe("różowy, bez haftu");
    expect(restored?.variantLabel).toBe("Kolor: różowy, Haft: bez haftu");
  });
});

describe("toSavedCart / toOrderCart", () => {
  it("keeps only what the cookie and the order need", () => {
    const lines = [line(blanket, 2), line(pillow, 1)];
    expect(toOrderCart(lines)).toEqual([
      { productId: 1, quantity: 2, variantKeys: { "1": 11 }, variantId: 101 },
      { productId: 2, quantity: 1, variantKeys: {}, variantId: null },
    ]);
    expect(toSavedCart(lines)[0]).toEqual({
      productId: 1,
      variantId: 101,
      variantKeys: { "1": 11 },
      quantity: 2,
      variantTitle: "różowy",
      variantLabel: "Kolor: różowy",
    });
  });
});
