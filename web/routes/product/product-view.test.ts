import { describe, expect, it } from "vitest";
import type { Category, Product, ProductField } from "../../../domain/types";
import { thumbnailWindow } from "./lightbox";
import {
  breadcrumbCategoryId,
  categoryTrail,
  onlyOptionsChanged,
  productFields,
  productView,
  searchWithSelection,
  selectionFromSearch,
} from "./product-view";

// Field 10 (size, price-changing): options 11 (S), 12 (M). Field 20 (engraving, descriptive): 21, 22.
const fields: ProductField[] = [
  {
    _id: 10,
    title: "Rozmiar",
    type: "radio",
    description: "",
    changePrice: true,
    options: [
      { _id: 11, title: "S", description: "", image: null },
      { _id: 12, title: "M", description: "", image: null },
    ],
  },
  {
    _id: 20,
    title: "Haft",
    type: "radio",
    description: "",
    changePrice: false,
    options: [
      { _id: 21, title: "Bez haftu", description: "", image: null },
      { _id: 22, title: "Z haftem", description: "", image: null },
    ],
  },
];

function product(overrides: Partial<Product> = {}): Product {
  return {
    _id: 5,
    slug: "Kocyk",
    title: "Kocyk",
    description: "",
    tags: [],
    images: [],
    categories: [3, 7],
    fields: [20, 10],
    variants: [
      { _id: 101, fields: { "10": 11 }, priceGrosze: 10_000, promotionalPriceGrosze: null, quantity: 0 },
      { _id: 102, fields: { "10": 12 }, priceGrosze: 15_000, promotionalPriceGrosze: 12_000, quantity: 7 },
    ],
    quantity: 0,
    priceGrosze: 10_000,
    promotionalPriceGrosze: null,
    minPriceGrosze: 10_000,
    minVariantPrice: { "11": 9_000, "12": 11_500 },
    vatRate: 23,
    isHidden: false,
    isNew: false,
    isSale: false,
    isPremium: false,
    isLayette: false,
    isSet: false,
    hasSlides: false,
    slides: [],
    slidesTitle: "",
    slidesDescription: "",
    processingTime: "1-2",
    parcelSize: "A",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    thumbnail: {
      totalQuantity: 7,
      discountPercent: 0,
      priceGrosze: 10_000,
      standardPriceGrosze: 10_000,
      minPriceGrosze: 9_000,
    },
    ...overrides,
  };
}

describe("selection in the address", () => {
  it("defaults to the first combination in stock, descriptive fields to their first option", () => {
    // S (11) has no stock: the page opens on M, which can be bought (issue 25 defect 3)
    expect(selectionFromSearch(fields, product().variants, new URLSearchParams())).toEqual({
      "10": 12,
      "20": 21,
    });
    const allInStock = product().variants.map((variant) => ({ ...variant, quantity: 1 }));
    expect(selectionFromSearch(fields, allInStock, new URLSearchParams())).toEqual({ "10": 11, "20": 21 });
  });

  it("applies valid options from the address, even out of stock, and ignores invalid ones", () => {
    const search = new URLSearchParams("opcja-10=11&opcja-20=22&kategoria=3");
    expect(selectionFromSearch(fields, product().variants, search)).toEqual({ "10": 11, "20": 22 });
    const bad = new URLSearchParams("opcja-10=99&opcja-20=abc&opcja-30=1");
    expect(selectionFromSearch(fields, product().variants, bad)).toEqual({ "10": 12, "20": 21 });
  });

  it("writes the selection back, keeping other parameters", () => {
    const next = searchWithSelection(new URLSearchParams("kategoria=3&opcja-10=12"), { "10": 11, "20": 22 });
    expect(next.toString()).toBe("kategoria=3&opcja-10=11&opcja-20=22");
  });

  it("knows when only the options changed (no need to reload the product)", () => {
    const base = new URL("http://shop/produkt/5-Kocyk?kategoria=3");
    expect(onlyOptionsChanged(base, new URL("http://shop/produkt/5-Kocyk?kategoria=3&opcja-10=11"))).toBe(
      true,
    );
    expect(onlyOptionsChanged(base, new URL("http://shop/produkt/5-Kocyk?kategoria=7&opcja-10=11"))).toBe(
      false,
    );
    expect(onlyOptionsChanged(base, new URL("http://shop/produkt/6-Inny?kategoria=3"))).toBe(false);
  });
});

describe("what the product page shows for a selection", () => {
  it("price, lowest price, stock and add-to-cart follow the chosen variant", () => {
    const out = productView(product(), fields, { "10": 11, "20": 21 });
    expect(out.variant?._id).toBe(101);
    expect(out.prices).toEqual({
      priceGrosze: 10_000,
      standardPriceGrosze: 10_000,
      lowestPriceGrosze: 9_000,
      discountPercent: 0,
    });
    expect(out.stock).toBe(0);
    expect(out.level).toBe(0);
    expect(out.canAddToCart).toBe(false);

    const inStock = productView(product(), fields, { "10": 12, "20": 22 });
    expect(inStock.variant?._id).toBe(102);
    expect(inStock.prices).toEqual({
      priceGrosze: 12_000,
      standardPriceGrosze: 15_000,
      lowestPriceGrosze: 11_500,
      discountPercent: 20,
    });
    expect(inStock.level).toBe(2);
    expect(inStock.canAddToCart).toBe(true);
  });

  it("a hidden product cannot be added; a product without variants uses its own stock", () => {
    expect(productView(product({ isHidden: true }), fields, { "10": 12, "20": 21 }).canAddToCart).toBe(false);
    const simple = productView(product({ variants: [], fields: [], quantity: 12 }), [], {});
    expect(simple).toMatchObject({ variant: null, stock: 12, level: 3, canAddToCart: true });
  });

  it("keeps the product's own field order and drops unknown fields", () => {
    expect(productFields(product({ fields: [20, 99, 10] }), fields).map((field) => field._id)).toEqual([
      20, 10,
    ]);
  });
});

describe("breadcrumb category", () => {
  const categories = [
    { _id: 3, title: "Dla dzieci", idsPath: "3" },
    { _id: 7, title: "Kocyki", idsPath: "3/7" },
    { _id: 9, title: "Prezenty", idsPath: "9" },
  ] as Category[];

  it("uses ?kategoria= only when the product has several categories and it is one of them", () => {
    expect(breadcrumbCategoryId(product(), 7)).toBe(7);
    expect(breadcrumbCategoryId(product(), 9)).toBe(3);
    expect(breadcrumbCategoryId(product(), null)).toBe(3);
    expect(breadcrumbCategoryId(product({ categories: [7] }), 7)).toBe(7);
    expect(breadcrumbCategoryId(product({ categories: [] }), 7)).toBeNull();
  });

  it("lists the category path from the top level", () => {
    expect(categoryTrail(categories, 7)).toEqual([
      { _id: 3, title: "Dla dzieci" },
      { _id: 7, title: "Kocyki" },
    ]);
    expect(categoryTrail(categories, 42)).toEqual([]);
    expect(categoryTrail(categories, null)).toEqual([]);
  });
});

describe("gallery thumbnails", () => {
  it("shows at most the given number, sliding with the current picture", () => {
    expect(thumbnailWindow(3, 0, 7)).toEqual([0, 1, 2]);
    expect(thumbnailWindow(12, 0, 7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(thumbnailWindow(12, 6, 7)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(thumbnailWindow(12, 11, 7)).toEqual([5, 6, 7, 8, 9, 10, 11]);
    expect(thumbnailWindow(15, 14, 10)).toHaveLength(10);
  });
});
