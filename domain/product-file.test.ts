import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMPTY_IDENTITY, EMPTY_SAFETY } from "./gpsr";
import {
  PRODUCT_FILE_COLUMNS,
  type ProductFileDictionary,
  type ProductFileRow,
  productToRow,
  rowCells,
  rowsFromCells,
  rowToPayload,
} from "./product-file";
import type { ProductPayload } from "./validation/catalog";

const dictionary: ProductFileDictionary = {
  categoryPaths: new Map([
    [1, "Dla dzieci"],
    [2, "Dla dzieci > Kocyki"],
  ]),
  fields: [
    {
      id: 3,
      title: "Rozmiar",
      options: [
        { id: 10, title: "S" },
        { id: 11, title: "M" },
      ],
    },
    { id: 4, title: "Kolor", options: [{ id: 12, title: "Biały" }] },
  ],
  gallery: [
    {
      path: "produkty/kocyk.jpg",
      image: { url: "/uploads/kocyk.jpg", thumb_url: "/uploads/kocyk-m.jpg", name: "Kocyk", isNew: false },
    },
  ],
};

const text = (max: number) =>
  fc.string({ maxLength: max }).map((value) => value.replace(/[\p{Cc}]/gu, "").trim());
const multiline = (max: number) =>
  fc.array(text(20), { maxLength: 3 }).map((parts) => parts.join("\n").trim().slice(0, max).trim());
const grosze = fc.integer({ min: 0, max: 10_000_000 });

const payload: fc.Arbitrary<ProductPayload> = fc
  .record({
    sku: fc.stringMatching(/^[A-Z0-9-]{1,20}$/),
    title: text(60).filter((value) => value !== ""),
    description: fc.constantFrom("", "<p>Miękki kocyk</p>", "-zaczyna się od minusa"),
    titleEn: text(60),
    descriptionEn: fc.constantFrom("", "<p>A soft blanket</p>", "=not a formula"),
    tags: fc.uniqueArray(fc.stringMatching(/^[a-ząę]{1,10}$/), {
      maxLength: 4,
      comparator: (a, b) => a === b,
    }),
    price: grosze,
    promotionFraction: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
    quantity: fc.integer({ min: 0, max: 999 }),
    flags: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
    categories: fc.subarray([1, 2]),
    withImage: fc.boolean(),
    variants: fc.subarray([10, 11]),
    warnings: multiline(200),
    weightGrams: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null }),
    seoTitle: text(70),
  })
  .map((p) => ({
    title: p.title,
    description: p.description,
    titleEn: p.titleEn,
    descriptionEn: p.descriptionEn,
    tags: p.tags,
    images: p.withImage ? [dictionary.gallery[0]?.image as ProductPayload["images"][number]] : [],
    categories: p.categories,
    fields: p.variants.length > 0 ? [3] : [],
    variants: p.variants.map((option, index) => ({
      fields: { "3": option },
      priceGrosze: p.price + index,
      promotionalPriceGrosze: index === 0 ? null : p.price,
      quantity: index,
    })),
    quantity: p.quantity,
    priceGrosze: p.price,
    promotionalPriceGrosze: p.promotionFraction === null ? null : Math.floor(p.price * p.promotionFraction),
    vatRate: 23,
    isHidden: p.flags[0] === true,
    isNew: p.flags[1] === true,
    isSale: p.flags[2] === true,
    isPremium: p.flags[3] === true,
    isLayette: p.flags[4] === true,
    isSet: p.flags[5] === true,
    hasSlides: p.flags[6] === true,
    slides: [],
    slidesTitle: "",
    slidesDescription: "",
    processingTime: "3-6",
    parcelSize: "B",
    identity: { ...EMPTY_IDENTITY, sku: p.sku, weightGrams: p.weightGrams, seoTitle: p.seoTitle },
    safety: { ...EMPTY_SAFETY, warnings: p.warnings, manufacturerOutsideEu: p.flags[0] === true },
  }));

const blankRow = () => Object.fromEntries(PRODUCT_FILE_COLUMNS.map((c) => [c, ""])) as ProductFileRow;

describe("the product file", () => {
  it("round-trips: product → row → product → row", () => {
    fc.assert(
      fc.property(payload, (product) => {
        const row = productToRow(product, dictionary);
        const read = rowToPayload(row, dictionary);
        expect(read).toMatchObject({ ok: true });
        if (!read.ok) return;
        expect(read.payload).toEqual(product);
        expect(productToRow(read.payload, dictionary)).toEqual(row);
      }),
      { numRuns: 150 },
    );
  });

  it("names categories by path, images by gallery path and variants by option titles", () => {
    const row = productToRow(
      {
        ...(
          rowToPayload(
            { ...blankRow(), sku: "K-1", title: "Kocyk", price: "120,00", categories: "Dla dzieci > Kocyki" },
            dictionary,
          ) as { payload: ProductPayload }
        ).payload,
        images: [dictionary.gallery[0]?.image as ProductPayload["images"][number]],
        fields: [3, 4],
        variants: [
          { fields: { "3": 11, "4": 12 }, priceGrosze: 9900, promotionalPriceGrosze: null, quantity: 2 },
        ],
      },
      dictionary,
    );
    expect(row).toMatchObject({
      categories: "Dla dzieci > Kocyki",
      images: "produkty/kocyk.jpg",
      fields: "Rozmiar\nKolor",
      variants: "Rozmiar: M, Kolor: Biały | 99,00 |  | 2",
      price: "120,00",
      isHidden: "nie",
    });
  });

  it("names a line's errors by column: a missing SKU, an unknown category, a bad price", () => {
    const read = rowToPayload(
      { ...blankRow(), title: "Kocyk", price: "dwanaście", categories: "Nie ma takiej" },
      dictionary,
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors.map((error) => error.column).sort()).toEqual(["categories", "price", "sku"]);
  });

  it("reads columns by the header's names, in any order, and takes the formula guard's apostrophe off", () => {
    const { rows, header } = rowsFromCells([
      { line: 1, cells: ["title", "sku", "unknown"] },
      { line: 3, cells: ["'-kocyk", "K-1", "x"] },
    ]);
    expect(header).toEqual(["sku", "title"]);
    expect(rows[0]).toMatchObject({ line: 3, row: { sku: "K-1", title: "-kocyk", price: "" } });
    expect(rowCells(rows[0]?.row as ProductFileRow)).toHaveLength(PRODUCT_FILE_COLUMNS.length);
  });
});
