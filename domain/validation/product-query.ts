// The /produkty query (SPEC §2): kategoria, szukaj, nowosci|wyprawki|zestawy|wyprzedaz|premium = "tak",
// sortujWg (title|updated|price, default updated), sortujTyp (asc|desc, default asc), minCena, maxCena
// (złoty, "12.34" or "12,34"), strona (page, default 1).
//
// Not in the spec: with a search text the default order is `relevance` (title matches first, then
// tags, then description; ascending = best first); it can be chosen explicitly only with a search.
//
// The page's parsing is lenient (an address typed by hand never errors: bad values fall back to
// defaults); the API's (`productListParamsSchema`, product-list-params.ts) is strict (400 with field
// errors). Serialising omits defaults so URLs stay short and stable.
//
// No zod here: the /produkty page's filter form uses this module in the browser, and a module-level
// zod schema would put zod into that page's first load (docs/decisions/021-bundle-budgets.md).

import { PRODUCTS_PER_PAGE } from "../constants";
import { parsePriceToGrosze } from "../money";
import type { Id, ProductBasic } from "../types";

/** The sort fields of the spec (the sort selector's options). */
export const SORT_FIELDS = ["title", "updated", "price"] as const;
export const RELEVANCE = "relevance";
/** A sort field, or relevance (only with a search text). */
export type SortField = (typeof SORT_FIELDS)[number] | typeof RELEVANCE;
const ALL_SORT_FIELDS: readonly string[] = [...SORT_FIELDS, RELEVANCE];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export const PRODUCT_FLAGS = ["nowosci", "wyprawki", "zestawy", "wyprzedaz", "premium"] as const;
export type ProductFlag = (typeof PRODUCT_FLAGS)[number];
export const FLAG_ON = "tak";
export const SEARCH_MAX = 100;
/** Products per page of the list (page and API). */
export const PRODUCT_PAGE_SIZE = PRODUCTS_PER_PAGE;

export interface ProductQuery {
  kategoria: Id | null;
  szukaj: string;
  nowosci: boolean;
  wyprawki: boolean;
  zestawy: boolean;
  wyprzedaz: boolean;
  premium: boolean;
  sortujWg: SortField;
  sortujTyp: SortDirection;
  minCenaGrosze: number | null;
  maxCenaGrosze: number | null;
  strona: number;
}

export const DEFAULT_PRODUCT_QUERY: Readonly<ProductQuery> = {
  kategoria: null,
  szukaj: "",
  nowosci: false,
  wyprawki: false,
  zestawy: false,
  wyprzedaz: false,
  premium: false,
  sortujWg: "updated",
  sortujTyp: "asc",
  minCenaGrosze: null,
  maxCenaGrosze: null,
  strona: 1,
};

/** The order used when sortujWg is not given: relevance while searching, else the spec's default. */
export function defaultSortField(szukaj: string): SortField {
  return szukaj.trim() !== "" ? RELEVANCE : DEFAULT_PRODUCT_QUERY.sortujWg;
}

/** Relevance needs a search text: without one it falls back to the default order. */
export function sortFieldFor(requested: string | undefined, szukaj: string): SortField {
  if (requested === undefined || !ALL_SORT_FIELDS.includes(requested)) return defaultSortField(szukaj);
  if (requested === RELEVANCE && szukaj === "") return DEFAULT_PRODUCT_QUERY.sortujWg;
  return requested as SortField;
}

/** The search text as the list uses it: trimmed, inner spaces collapsed, at most SEARCH_MAX characters. */
export const normalizeSearch = (value: string | undefined): string =>
  (value ?? "").trim().replace(/\s+/g, " ").slice(0, SEARCH_MAX);

const positiveInt = (value: string | undefined): number | null => {
  if (value === undefined || !/^\s*[1-9]\d*\s*$/.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : null;
};

/** The lenient page parse of the raw (string) query: never fails, bad values fall back to defaults. */
function toProductQuery(raw: Readonly<Record<string, string | undefined>>): ProductQuery {
  const szukaj = normalizeSearch(raw.szukaj);
  return {
    kategoria: positiveInt(raw.kategoria),
    szukaj,
    nowosci: raw.nowosci === FLAG_ON,
    wyprawki: raw.wyprawki === FLAG_ON,
    zestawy: raw.zestawy === FLAG_ON,
    wyprzedaz: raw.wyprzedaz === FLAG_ON,
    premium: raw.premium === FLAG_ON,
    sortujWg: sortFieldFor(raw.sortujWg, szukaj),
    sortujTyp: (SORT_DIRECTIONS as readonly string[]).includes(raw.sortujTyp ?? "")
      ? (raw.sortujTyp as SortDirection)
      : DEFAULT_PRODUCT_QUERY.sortujTyp,
    minCenaGrosze: raw.minCena === undefined ? null : parsePriceToGrosze(raw.minCena),
    maxCenaGrosze: raw.maxCena === undefined ? null : parsePriceToGrosze(raw.maxCena),
    strona: positiveInt(raw.strona) ?? 1,
  };
}

type QueryInput = URLSearchParams | string | Readonly<Record<string, string | readonly string[] | undefined>>;

function toRecord(input: QueryInput): Record<string, string> {
  const record: Record<string, string> = {};
  if (typeof input === "string" || input instanceof URLSearchParams) {
    const params = typeof input === "string" ? new URLSearchParams(input) : input;
    for (const [key, value] of params) if (!(key in record)) record[key] = value;
    return record;
  }
  for (const [key, value] of Object.entries(input)) {
    const first = typeof value === "string" ? value : value?.[0];
    if (first !== undefined) record[key] = first;
  }
  return record;
}

/** Reads the query (URLSearchParams, "?a=b" string or a record; the first value of a repeated key wins). */
export function parseProductQuery(input: QueryInput): ProductQuery {
  return toProductQuery(toRecord(input));
}

/** Grosze as a short złoty string for URLs: 1200 -> "12", 1250 -> "12.5", 1234 -> "12.34". */
export function groszeToQueryValue(grosze: number): string {
  const zl = Math.floor(grosze / 100);
  const gr = grosze % 100;
  if (gr === 0) return String(zl);
  return `${zl}.${String(gr).padStart(2, "0").replace(/0$/, "")}`;
}

/** Query parameters in a fixed order, defaults omitted (a missing sortujWg is the default order). */
export function serializeProductQuery(query: Partial<ProductQuery>): URLSearchParams {
  const q = { ...DEFAULT_PRODUCT_QUERY, ...query };
  const params = new URLSearchParams();
  const szukaj = q.szukaj.trim();
  const sort = sortFieldFor(query.sortujWg, szukaj);
  if (q.kategoria !== null) params.set("kategoria", String(q.kategoria));
  if (szukaj !== "") params.set("szukaj", szukaj);
  for (const flag of PRODUCT_FLAGS) if (q[flag]) params.set(flag, FLAG_ON);
  if (sort !== defaultSortField(szukaj)) params.set("sortujWg", sort);
  if (q.sortujTyp !== DEFAULT_PRODUCT_QUERY.sortujTyp) params.set("sortujTyp", q.sortujTyp);
  if (q.minCenaGrosze !== null) params.set("minCena", groszeToQueryValue(q.minCenaGrosze));
  if (q.maxCenaGrosze !== null) params.set("maxCena", groszeToQueryValue(q.maxCenaGrosze));
  if (q.strona > 1) params.set("strona", String(q.strona));
  return params;
}

/** "/produkty?..." (or "/produkty" when everything is default). */
export function productListHref(query: Partial<ProductQuery>): string {
  const search = serializeProductQuery(query).toString();
  return search ? `/produkty?${search}` : "/produkty";
}

/**
 * Applies a change of filters; the page goes back to 1 unless the change sets the page. Removing
 * the search text leaves relevance order for the default one.
 */
export function updateProductQuery(query: ProductQuery, patch: Partial<ProductQuery>): ProductQuery {
  const next = { ...query, strona: 1, ...patch };
  if (next.sortujWg === RELEVANCE && next.szukaj.trim() === "") {
    return { ...next, sortujWg: DEFAULT_PRODUCT_QUERY.sortujWg, sortujTyp: DEFAULT_PRODUCT_QUERY.sortujTyp };
  }
  return next;
}

/** Changing the sort field resets the direction to ascending (and the page to 1). */
export function setSortField(query: ProductQuery, field: SortField): ProductQuery {
  return { ...query, sortujWg: field, sortujTyp: "asc", strona: 1 };
}

export function toggleSortDirection(query: ProductQuery): ProductQuery {
  return { ...query, sortujTyp: query.sortujTyp === "asc" ? "desc" : "asc", strona: 1 };
}

export type ProductFilter = "szukaj" | "kategoria" | "minCena" | "maxCena" | ProductFlag;

/** Active filters in chip order (Szukaj, Kategoria, Cena od, Cena do, Nowości, Wyprawki, Wyprzedaż, Zestawy, Premium). */
export function activeFilters(query: ProductQuery): ProductFilter[] {
  const active: ProductFilter[] = [];
  if (query.szukaj !== "") active.push("szukaj");
  if (query.kategoria !== null) active.push("kategoria");
  if (query.minCenaGrosze !== null) active.push("minCena");
  if (query.maxCenaGrosze !== null) active.push("maxCena");
  for (const flag of ["nowosci", "wyprawki", "wyprzedaz", "zestawy", "premium"] as const) {
    if (query[flag]) active.push(flag);
  }
  return active;
}

/** Removes one filter chip (page back to 1). */
export function removeFilter(query: ProductQuery, filter: ProductFilter): ProductQuery {
  switch (filter) {
    case "szukaj":
      return updateProductQuery(query, { szukaj: "" });
    case "kategoria":
      return updateProductQuery(query, { kategoria: null });
    case "minCena":
      return updateProductQuery(query, { minCenaGrosze: null });
    case "maxCena":
      return updateProductQuery(query, { maxCenaGrosze: null });
    default:
      return updateProductQuery(query, { [filter]: false });
  }
}

/** Removes every filter (search, category, price, flags); the sort order stays unless it was relevance. */
export function clearFilters(query: ProductQuery): ProductQuery {
  return updateProductQuery(query, {
    kategoria: null,
    szukaj: "",
    nowosci: false,
    wyprawki: false,
    zestawy: false,
    wyprzedaz: false,
    premium: false,
    minCenaGrosze: null,
    maxCenaGrosze: null,
  });
}

// ---------------------------------------------------------------- the API (GET /api/shops/products)

/** The list parameters: with any of them the product endpoint answers one page of the filtered list. */
export const PRODUCT_LIST_PARAMS = [
  "kategoria",
  "szukaj",
  ...PRODUCT_FLAGS,
  "sortujWg",
  "sortujTyp",
  "minCena",
  "maxCena",
  "strona",
] as const;

/** True when a request's query holds at least one list parameter. */
export function hasProductListParams(query: unknown): boolean {
  if (typeof query !== "object" || query === null) return false;
  return PRODUCT_LIST_PARAMS.some((name) => Object.hasOwn(query, name));
}

/** One page of the product list (`GET /api/shops/products?…`, the /produkty loader). */
export interface ProductListPage {
  items: ProductBasic[];
  /** products matching the filters */
  total: number;
  /** 1-based, clamped to the last page */
  page: number;
  pageSize: number;
}
