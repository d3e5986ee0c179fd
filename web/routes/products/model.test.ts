import { describe, expect, it } from "vitest";
import { createTranslator } from "../../../domain/i18n";
import type { Category } from "../../../domain/types";
import { DEFAULT_PRODUCT_QUERY, type ProductQuery } from "../../../domain/validation/product-query";
import {
  categoryLabel,
  categorySubtreeIds,
  categoryTrail,
  filterChips,
  hiddenFields,
  type PaginationItem,
  paginationItems,
  sortOptions,
} from "./model";

const q = (patch: Partial<ProductQuery> = {}): ProductQuery => ({ ...DEFAULT_PRODUCT_QUERY, ...patch });

const category = (id: number, title: string, subcategories: Category[] = []): Category => ({
  _id: id,
  title,
  parent: null,
  order: 0,
  path: title,
  idsPath: String(id),
  image: null,
  subcategories,
});
const tree = [
  category(1, "Dla dzieci", [category(2, "Kocyki"), category(3, "Wyprawki", [category(4, "Rożki")])]),
  category(5, "Akcesoria"),
];

describe("categorySubtreeIds", () => {
  it("lists the category, then its descendants", () => {
    expect(categorySubtreeIds(tree, 1)).toEqual([1, 2, 3, 4]);
    expect(categorySubtreeIds(tree, 3)).toEqual([3, 4]);
    expect(categorySubtreeIds(tree, 99)).toEqual([]);
    expect(categorySubtreeIds(tree, null)).toEqual([]);
  });
});

describe("categoryTrail / categoryLabel", () => {
  it("finds the path from the first level down", () => {
    expect(categoryTrail(tree, 4).map((c) => c._id)).toEqual([1, 3, 4]);
    expect(categoryTrail(tree, 5).map((c) => c._id)).toEqual([5]);
    expect(categoryTrail(tree, 99)).toEqual([]);
    expect(categoryLabel(tree, 4)).toBe("Dla dzieci › Wyprawki › Rożki");
    expect(categoryLabel(tree, 99)).toBe("#99");
  });
});

describe("filterChips", () => {
  it("labels every active filter in the spec's order and links to the list without it", () => {
    const t = createTranslator("pl");
    const chips = filterChips(
      q({
        premium: true,
        szukaj: "kocyk",
        kategoria: 2,
        minCenaGrosze: 1050,
        maxCenaGrosze: 9999,
        nowosci: true,
        zestawy: true,
        wyprzedaz: true,
        wyprawki: true,
        sortujWg: "price",
        strona: 3,
      }),
      tree,
      t,
    );
    expect(chips.map((chip) => chip.label)).toEqual([
      "Szukaj: kocyk",
      "Kategoria: Dla dzieci › Kocyki",
      "Cena od: 10,50 zł",
      "Cena do: 99,99 zł",
      "Nowości",
      "Wyprawki",
      "Wyprzedaż",
      "Zestawy prezentowe",
      "Premium",
    ]);
    const kategoria = chips.find((chip) => chip.filter === "kategoria");
    expect(kategoria?.href).toBe(
      "/produkty?szukaj=kocyk&nowosci=tak&wyprawki=tak&zestawy=tak&wyprzedaz=tak&premium=tak&sortujWg=price&minCena=10.5&maxCena=99.99",
    );
  });

  it("removing the search also leaves relevance order", () => {
    const chips = filterChips(q({ szukaj: "kocyk", sortujWg: "relevance" }), tree, createTranslator("en"));
    expect(chips).toEqual([{ filter: "szukaj", label: "Search: kocyk", href: "/produkty" }]);
  });
});

describe("sortOptions", () => {
  it("offers relevance only while searching", () => {
    expect(sortOptions(q())).toEqual(["title", "updated", "price"]);
    expect(sortOptions(q({ szukaj: "kocyk" }))).toEqual(["relevance", "title", "updated", "price"]);
  });
});

describe("hiddenFields", () => {
  it("keeps the other parameters of the query", () => {
    const query = q({ kategoria: 2, premium: true, sortujWg: "price", sortujTyp: "desc", strona: 2 });
    expect(hiddenFields(query, ["sortujWg", "sortujTyp", "strona"])).toEqual([
      ["kategoria", "2"],
      ["premium", "tak"],
    ]);
    expect(hiddenFields(query, ["kategoria", "strona"])).toEqual([
      ["premium", "tak"],
      ["sortujWg", "price"],
      ["sortujTyp", "desc"],
    ]);
  });
});

describe("paginationItems", () => {
  const show = (items: PaginationItem[]) => items.map((item) => ("page" in item ? item.page : "…")).join(" ");
  it.each([
    [1, 1, ""],
    [1, 2, "1 2"],
    [1, 7, "1 2 3 4 5 6 7"],
    [1, 20, "1 2 3 4 … 20"],
    [4, 20, "1 2 3 4 5 … 20"],
    [10, 20, "1 … 9 10 11 … 20"],
    [18, 20, "1 … 17 18 19 20"],
    [20, 20, "1 … 17 18 19 20"],
    [5, 9, "1 … 4 5 6 … 9"],
  ])("page %i of %i: %s", (page, count, expected) => {
    expect(show(paginationItems(page, count))).toBe(expected);
  });
});
