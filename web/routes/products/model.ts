import type { MessageKey, Translator } from "../../../domain/i18n";
import { formatPrice } from "../../../domain/money";
import type { Id, MenuCategory } from "../../../domain/types";
import {
  activeFilters,
  type ProductFilter,
  type ProductFlag,
  type ProductQuery,
  productListHref,
  RELEVANCE,
  removeFilter,
  SORT_FIELDS,
  type SortField,
  serializeProductQuery,
} from "../../../domain/validation/product-query";
import "../../lib/products-texts";

// Pure view helpers of the product list (/produkty): what the chips, the sort selector and the
// pagination show, derived from the query. No JSX here, no business rules in the JSX.

/** Label keys of the flag filters, in chip order (SPEC §2: Nowości, Wyprawki, Wyprzedaż, Zestawy prezentowe, Premium). */
export const FLAG_LABEL_KEYS: Readonly<Record<ProductFlag, MessageKey>> = {
  nowosci: "products.chipNew",
  wyprawki: "products.chipLayettes",
  wyprzedaz: "products.chipSale",
  zestawy: "products.chipSets",
  premium: "products.chipPremium",
};
export const FLAG_ORDER: readonly ProductFlag[] = ["nowosci", "wyprawki", "wyprzedaz", "zestawy", "premium"];

export const SORT_LABEL_KEYS: Readonly<Record<SortField, MessageKey>> = {
  title: "products.sortTitle",
  updated: "products.sortUpdated",
  price: "products.sortPrice",
  relevance: "products.sortRelevance",
};

/** The sort selector's options: relevance first, only while searching. */
export function sortOptions(query: Pick<ProductQuery, "szukaj">): SortField[] {
  return query.szukaj.trim() === "" ? [...SORT_FIELDS] : [RELEVANCE, ...SORT_FIELDS];
}

/** The category and its ancestors, from the first level below root down to it; empty when unknown. */
export function categoryTrail(tree: readonly MenuCategory[], id: Id): MenuCategory[] {
  for (const category of tree) {
    if (category._id === id) return [category];
    const below = categoryTrail(category.subcategories, id);
    if (below.length > 0) return [category, ...below];
  }
  return [];
}

/** The category's id followed by its descendants' (depth first); empty when unknown or null. */
export function categorySubtreeIds(tree: readonly MenuCategory[], id: Id | null): Id[] {
  if (id === null) return [];
  const category = categoryTrail(tree, id).at(-1);
  if (!category) return [];
  const ids: Id[] = [];
  const visit = (node: MenuCategory) => {
    ids.push(node._id);
    for (const child of node.subcategories) visit(child);
  };
  visit(category);
  return ids;
}

/** "Dla dzieci › Kocyki" (or "#12" for a category that does not exist). */
export function categoryLabel(tree: readonly MenuCategory[], id: Id): string {
  const trail = categoryTrail(tree, id);
  return trail.length > 0 ? trail.map((category) => category.title).join(" › ") : `#${id}`;
}

export interface FilterChip {
  filter: ProductFilter;
  /** the visible text, e.g. "Kategoria: Dla dzieci › Kocyki" */
  label: string;
  /** the list without this filter */
  href: string;
}

/** One removable chip per active filter (SPEC §2), in the spec's order. */
export function filterChips(query: ProductQuery, tree: readonly MenuCategory[], t: Translator): FilterChip[] {
  return activeFilters(query).map((filter) => {
    const href = productListHref(removeFilter(query, filter));
    switch (filter) {
      case "szukaj":
        return { filter, href, label: `${t("products.chipSearch")}: ${query.szukaj}` };
      case "kategoria":
        return {
          filter,
          href,
          label: `${t("products.chipCategory")}: ${categoryLabel(tree, query.kategoria ?? 0)}`,
        };
      case "minCena":
        return {
          filter,
          href,
          label: `${t("products.chipPriceFrom")}: ${formatPrice(query.minCenaGrosze ?? 0)}`,
        };
      case "maxCena":
        return {
          filter,
          href,
          label: `${t("products.chipPriceTo")}: ${formatPrice(query.maxCenaGrosze ?? 0)}`,
        };
      default:
        return { filter, href, label: t(FLAG_LABEL_KEYS[filter]) };
    }
  });
}

type QueryParam = ProductFilter | "sortujWg" | "sortujTyp" | "strona";

/**
 * The query as hidden form fields, without the given parameters (a GET form then replaces
 * them): e.g. the sort form keeps the filters and drops sortujWg, sortujTyp and strona.
 */
export function hiddenFields(query: ProductQuery, omit: readonly QueryParam[]): [string, string][] {
  return [...serializeProductQuery(query)].filter(([name]) => !omit.includes(name as QueryParam));
}

export type PaginationItem = { page: number } | { gap: true; key: string };

/** Page links: all of up to 7 pages, else the first, the last, the current one with its neighbours, gaps between. */
export function paginationItems(page: number, pageCount: number): PaginationItem[] {
  if (pageCount <= 1) return [];
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, index) => ({ page: index + 1 }));
  const shown = new Set([1, pageCount, page - 1, page, page + 1]);
  if (page <= 3) for (const extra of [2, 3, 4]) shown.add(extra);
  if (page >= pageCount - 2)
    for (const extra of [pageCount - 3, pageCount - 2, pageCount - 1]) shown.add(extra);
  const pages = [...shown].filter((number) => number >= 1 && number <= pageCount).sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  let previous = 0;
  for (const number of pages) {
    if (number - previous === 2) items.push({ page: previous + 1 });
    else if (number - previous > 2) items.push({ gap: true, key: `gap-${previous}` });
    items.push({ page: number });
    previous = number;
  }
  return items;
}

/** Number of pages of a list (at least 1). */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
