import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldErrors } from "./errors";
import { productListParamsSchema } from "./product-list-params";
import {
  activeFilters,
  clearFilters,
  DEFAULT_PRODUCT_QUERY,
  FLAG_ON,
  groszeToQueryValue,
  hasProductListParams,
  type ProductFilter,
  type ProductQuery,
  parseProductQuery,
  productListHref,
  RELEVANCE,
  removeFilter,
  SEARCH_MAX,
  SORT_DIRECTIONS,
  SORT_FIELDS,
  serializeProductQuery,
  setSortField,
  toggleSortDirection,
  updateProductQuery,
} from "./product-query";

const q = (patch: Partial<ProductQuery> = {}): ProductQuery => ({ ...DEFAULT_PRODUCT_QUERY, ...patch });

describe("parseProductQuery", () => {
  it.each<[string, ProductQuery]>([
    ["", q()],
    ["?kategoria=5", q({ kategoria: 5 })],
    // with a search text the default order is relevance
    ["szukaj=+kocyk++minky+", q({ szukaj: "kocyk minky", sortujWg: "relevance" })],
    ["szukaj=kocyk&sortujWg=updated", q({ szukaj: "kocyk" })],
    ["szukaj=kocyk&sortujWg=price", q({ szukaj: "kocyk", sortujWg: "price" })],
    [
      "szukaj=kocyk&sortujWg=relevance&sortujTyp=desc",
      q({ szukaj: "kocyk", sortujWg: "relevance", sortujTyp: "desc" }),
    ],
    // relevance needs a search text
    ["sortujWg=relevance", q()],
    ["szukaj=+&sortujWg=relevance", q()],
    [
      "nowosci=tak&wyprawki=tak&zestawy=tak&wyprzedaz=tak&premium=tak",
      q({ nowosci: true, wyprawki: true, zestawy: true, wyprzedaz: true, premium: true }),
    ],
    ["wyprzedaz=nie&premium=1", q()],
    ["sortujWg=price&sortujTyp=desc", q({ sortujWg: "price", sortujTyp: "desc" })],
    ["sortujWg=title", q({ sortujWg: "title" })],
    ["sortujWg=rating&sortujTyp=up", q()],
    ["minCena=10,50&maxCena=99.99", q({ minCenaGrosze: 1050, maxCenaGrosze: 9999 })],
    ["minCena=abc&maxCena=-5", q()],
    ["strona=3", q({ strona: 3 })],
    ["strona=0", q()],
    ["strona=x", q()],
    ["kategoria=abc", q()],
    ["kategoria=0", q()],
    ["kategoria=2&kategoria=3", q({ kategoria: 2 })],
    ["unknown=1&kategoria=4", q({ kategoria: 4 })],
  ])("%j", (search, expected) => {
    expect(parseProductQuery(search)).toEqual(expected);
  });

  it("accepts URLSearchParams and records", () => {
    expect(parseProductQuery(new URLSearchParams("premium=tak"))).toEqual(q({ premium: true }));
    expect(parseProductQuery({ premium: "tak", kategoria: ["7", "8"], szukaj: undefined })).toEqual(
      q({ premium: true, kategoria: 7 }),
    );
  });

  it("limits the search text", () => {
    expect(parseProductQuery(`szukaj=${"a".repeat(300)}`).szukaj).toHaveLength(100);
  });
});

describe("serializeProductQuery / productListHref", () => {
  it.each<[Partial<ProductQuery>, string]>([
    [{}, ""],
    [q(), ""],
    [{ kategoria: 5, szukaj: "kocyk minky" }, "kategoria=5&szukaj=kocyk+minky"],
    [{ wyprzedaz: true, premium: true }, "wyprzedaz=tak&premium=tak"],
    [{ sortujWg: "price", sortujTyp: "desc" }, "sortujWg=price&sortujTyp=desc"],
    [{ minCenaGrosze: 1050, maxCenaGrosze: 10000 }, "minCena=10.5&maxCena=100"],
    [{ minCenaGrosze: 0 }, "minCena=0"],
    [{ strona: 2 }, "strona=2"],
    [{ szukaj: "   " }, ""],
    // relevance is the default while searching, so it is left out; another order is kept
    [{ szukaj: "kocyk" }, "szukaj=kocyk"],
    [{ szukaj: "kocyk", sortujWg: "relevance" }, "szukaj=kocyk"],
    [{ szukaj: "kocyk", sortujWg: "updated" }, "szukaj=kocyk&sortujWg=updated"],
    [{ sortujWg: "relevance", sortujTyp: "desc" }, "sortujTyp=desc"],
  ])("%j -> %j", (query, search) => {
    expect(serializeProductQuery(query).toString()).toBe(search);
  });

  it.each<[Partial<ProductQuery>, string]>([
    [{}, "/produkty"],
    [{ wyprawki: true }, "/produkty?wyprawki=tak"],
  ])("href %j -> %s", (query, href) => {
    expect(productListHref(query)).toBe(href);
  });

  it.each<[ProductQuery]>([
    [
      q({
        kategoria: 3,
        szukaj: "rożek",
        nowosci: true,
        sortujWg: "price",
        sortujTyp: "desc",
        minCenaGrosze: 1234,
        maxCenaGrosze: 5000,
        strona: 4,
      }),
    ],
    [q({ zestawy: true, minCenaGrosze: 1, maxCenaGrosze: 10 })],
    [q({ szukaj: "kocyk", sortujWg: "relevance", sortujTyp: "desc" })],
    [q({ szukaj: "kocyk", sortujWg: "updated" })],
  ])("round-trips %j", (query) => {
    expect(parseProductQuery(serializeProductQuery(query))).toEqual(query);
  });
});

describe("groszeToQueryValue", () => {
  it.each([
    [1200, "12"],
    [1250, "12.5"],
    [1234, "12.34"],
    [1205, "12.05"],
    [5, "0.05"],
    [0, "0"],
  ])("%i -> %s", (grosze, value) => {
    expect(groszeToQueryValue(grosze)).toBe(value);
  });
});

describe("query updates", () => {
  it("changing the sort field resets the direction to ascending and the page", () => {
    expect(setSortField(q({ sortujWg: "price", sortujTyp: "desc", strona: 3 }), "title")).toEqual(
      q({ sortujWg: "title", sortujTyp: "asc" }),
    );
  });

  it.each<["asc" | "desc", "asc" | "desc"]>([
    ["asc", "desc"],
    ["desc", "asc"],
  ])("toggle %s -> %s", (from, to) => {
    expect(toggleSortDirection(q({ sortujTyp: from, strona: 2 }))).toEqual(q({ sortujTyp: to }));
  });

  it.each<[Partial<ProductQuery>, ProductQuery]>([
    [{ premium: true }, q({ premium: true, kategoria: 2 })],
    [{ strona: 5 }, q({ strona: 5, kategoria: 2 })],
  ])("update %j", (patch, expected) => {
    expect(updateProductQuery(q({ kategoria: 2, strona: 3 }), patch)).toEqual(expected);
  });

  it("leaves relevance order when the search text goes", () => {
    const searching = q({ szukaj: "kocyk", sortujWg: "relevance", sortujTyp: "desc", strona: 2 });
    expect(updateProductQuery(searching, { szukaj: "" })).toEqual(q());
    expect(removeFilter(searching, "szukaj")).toEqual(q());
    expect(updateProductQuery(q({ szukaj: "kocyk", sortujWg: "price" }), { szukaj: "" })).toEqual(
      q({ sortujWg: "price" }),
    );
  });

  it("clears every filter but keeps the order", () => {
    expect(
      clearFilters(
        q({
          szukaj: "kocyk",
          kategoria: 3,
          premium: true,
          nowosci: true,
          minCenaGrosze: 100,
          maxCenaGrosze: 200,
          sortujWg: "price",
          sortujTyp: "desc",
          strona: 4,
        }),
      ),
    ).toEqual(q({ sortujWg: "price", sortujTyp: "desc" }));
  });
});

describe("activeFilters / removeFilter", () => {
  const full = q({
    szukaj: "kocyk",
    kategoria: 2,
    minCenaGrosze: 100,
    maxCenaGrosze: 900,
    nowosci: true,
    wyprawki: true,
    wyprzedaz: true,
    zestawy: true,
    premium: true,
    strona: 2,
  });

  it("lists chips in display order", () => {
    expect(activeFilters(full)).toEqual([
      "szukaj",
      "kategoria",
      "minCena",
      "maxCena",
      "nowosci",
      "wyprawki",
      "wyprzedaz",
      "zestawy",
      "premium",
    ]);
    expect(activeFilters(q())).toEqual([]);
  });

  it.each<[ProductFilter, Partial<ProductQuery>]>([
    ["szukaj", { szukaj: "" }],
    ["kategoria", { kategoria: null }],
    ["minCena", { minCenaGrosze: null }],
    ["maxCena", { maxCenaGrosze: null }],
    ["premium", { premium: false }],
    ["wyprawki", { wyprawki: false }],
  ])("remove %s", (filter, change) => {
    expect(removeFilter(full, filter)).toEqual({ ...full, ...change, strona: 1 });
  });
});

describe("productListParamsSchema (the API, strict)", () => {
  const parse = (params: Record<string, unknown>) => productListParamsSchema.safeParse(params);

  it.each<[Record<string, unknown>, ProductQuery]>([
    [{}, q()],
    [{ strona: "1" }, q()],
    [
      {
        kategoria: "7",
        szukaj: " zolty  kocyk ",
        nowosci: "tak",
        wyprawki: "tak",
        zestawy: "tak",
        wyprzedaz: "tak",
        premium: "tak",
        sortujWg: "price",
        sortujTyp: "desc",
        minCena: "10,5",
        maxCena: "99.99",
        strona: "3",
      },
      q({
        kategoria: 7,
        szukaj: "zolty kocyk",
        nowosci: true,
        wyprawki: true,
        zestawy: true,
        wyprzedaz: true,
        premium: true,
        sortujWg: "price",
        sortujTyp: "desc",
        minCenaGrosze: 1050,
        maxCenaGrosze: 9999,
        strona: 3,
      }),
    ],
    [{ szukaj: "kocyk" }, q({ szukaj: "kocyk", sortujWg: "relevance" })],
    [{ sortujWg: "relevance" }, q()],
    [{ minCena: "0", maxCena: "0" }, q({ minCenaGrosze: 0, maxCenaGrosze: 0 })],
    [{ minCena: "" }, q()],
    [{ unknown: "x", premium: "tak" }, q({ premium: true })],
  ])("accepts %j", (params, expected) => {
    const result = parse(params);
    expect(result.success).toBe(true);
    expect(result.data).toEqual(expected);
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ minCena: "-1" }, "minCena", "validation.minValue"],
    [{ minCena: "abc" }, "minCena", "validation.number"],
    [{ maxCena: "1.234" }, "maxCena", "validation.invalid"],
    [{ minCena: "20", maxCena: "10" }, "maxCena", "validation.priceRange"],
    [{ sortujWg: "foo" }, "sortujWg", "validation.invalid"],
    [{ sortujTyp: "up" }, "sortujTyp", "validation.invalid"],
    [{ kategoria: "abc" }, "kategoria", "validation.number"],
    [{ kategoria: "0" }, "kategoria", "validation.invalid"],
    [{ strona: "0" }, "strona", "validation.invalid"],
    [{ strona: "1.5" }, "strona", "validation.number"],
    [{ premium: "nie" }, "premium", "validation.invalid"],
    [{ nowosci: "" }, "nowosci", "validation.invalid"],
    [{ szukaj: "a".repeat(101) }, "szukaj", "validation.maxLength"],
    [{ kategoria: ["1", "2"] }, "kategoria", "validation.number"],
    [{ szukaj: ["a", "b"] }, "szukaj", "validation.invalid"],
  ])("rejects %j (%s: %s)", (params, field, message) => {
    const result = parse(params);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)[field]?.key).toBe(message);
  });

  it("knows when a query asks for the list", () => {
    expect(hasProductListParams({})).toBe(false);
    expect(hasProductListParams({ foo: "1" })).toBe(false);
    expect(hasProductListParams({ strona: "1" })).toBe(true);
    expect(hasProductListParams({ wyprzedaz: "tak" })).toBe(true);
    expect(hasProductListParams(null)).toBe(false);
  });
});

// The page parses its query without zod (product-query.ts, for the bundle) and the API with zod
// (product-list-params.ts): two parsers of one address. For every query the strict one accepts,
// both must give the same list, so a link copied from the page asks the API for what the page shows.
describe("the page's parse and the API's schema agree", () => {
  const priceText = fc
    .integer({ min: 0, max: 1_000_000 })
    .chain((grosze) =>
      fc.constantFrom(
        groszeToQueryValue(grosze),
        groszeToQueryValue(grosze).replace(".", ","),
        String(Math.floor(grosze / 100)),
      ),
    );
  const validParams = fc.record(
    {
      kategoria: fc.integer({ min: 1, max: 99_999 }).map(String),
      szukaj: fc.string({ maxLength: SEARCH_MAX }),
      nowosci: fc.constant(FLAG_ON),
      wyprawki: fc.constant(FLAG_ON),
      zestawy: fc.constant(FLAG_ON),
      wyprzedaz: fc.constant(FLAG_ON),
      premium: fc.constant(FLAG_ON),
      sortujWg: fc.constantFrom(...SORT_FIELDS, RELEVANCE),
      sortujTyp: fc.constantFrom(...SORT_DIRECTIONS),
      minCena: priceText,
      maxCena: priceText,
      strona: fc.integer({ min: 1, max: 10_000 }).map(String),
    },
    { requiredKeys: [] },
  );

  it("gives the same query for every valid address, and serialising it reads back the same", () => {
    fc.assert(
      fc.property(validParams, (params) => {
        const strict = productListParamsSchema.safeParse(params);
        fc.pre(strict.success);
        if (!strict.success) return;
        const lenient = parseProductQuery(params as Record<string, string>);
        expect(lenient).toEqual(strict.data);
        expect(parseProductQuery(serializeProductQuery(lenient))).toEqual(lenient);
      }),
      { numRuns: 500 },
    );
  });
});
