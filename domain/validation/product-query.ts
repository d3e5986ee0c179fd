// The /produkty query (SPEC §2): kategoria, szukaj, nowosci|wyprawki|zestawy|wyprzedaz|premium = "tak",
// sortujWg (title|updated|price, default updated), sortujTyp (asc|desc, default asc), minCena, maxCena
// (złoty, "12.34" or "12,34"), strona (page, default 1).
//
// Parsing is lenient (an address typed by hand never errors: bad values fall back to defaults);
// serialising omits defaults so URLs stay short and stable.

import { z } from "zod";
import { parsePriceToGrosze } from "../money";
import type { Id } from "../types";

export const SORT_FIELDS = ["title", "updated", "price"] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export const PRODUCT_FLAGS = ["nowosci", "wyprawki", "zestawy", "wyprzedaz", "premium"] as const;
export type ProductFlag = (typeof PRODUCT_FLAGS)[number];
export const FLAG_ON = "tak";
export const SEARCH_MAX = 100;

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

const positiveInt = (value: string | undefined): number | null => {
  if (value === undefined || !/^\s*[1-9]\d*\s*$/.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : null;
};

const text = z.string().optional();

/** Zod schema over the raw (string) query, producing a ProductQuery; never fails on bad values. */
export const productQuerySchema = z
  .object({
    kategoria: text,
    szukaj: text,
    nowosci: text,
    wyprawki: text,
    zestawy: text,
    wyprzedaz: text,
    premium: text,
    sortujWg: text,
    sortujTyp: text,
    minCena: text,
    maxCena: text,
    strona: text,
  })
  .catch({})
  .transform(
    (raw): ProductQuery => ({
      kategoria: positiveInt(raw.kategoria),
      szukaj: (raw.szukaj ?? "").trim().replace(/\s+/g, " ").slice(0, SEARCH_MAX),
      nowosci: raw.nowosci === FLAG_ON,
      wyprawki: raw.wyprawki === FLAG_ON,
      zestawy: raw.zestawy === FLAG_ON,
      wyprzedaz: raw.wyprzedaz === FLAG_ON,
      premium: raw.premium === FLAG_ON,
      sortujWg: (SORT_FIELDS as readonly string[]).includes(raw.sortujWg ?? "")
        ? (raw.sortujWg as SortField)
        : DEFAULT_PRODUCT_QUERY.sortujWg,
      sortujTyp: (SORT_DIRECTIONS as readonly string[]).includes(raw.sortujTyp ?? "")
        ? (raw.sortujTyp as SortDirection)
        : DEFAULT_PRODUCT_QUERY.sortujTyp,
      minCenaGrosze: raw.minCena === undefined ? null : parsePriceToGrosze(raw.minCena),
      maxCenaGrosze: raw.maxCena === undefined ? null : parsePriceToGrosze(raw.maxCena),
      strona: positiveInt(raw.strona) ?? 1,
    }),
  );

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
  return productQuerySchema.parse(toRecord(input));
}

/** Grosze as a short złoty string for URLs: 1200 -> "12", 1250 -> "12.5", 1234 -> "12.34". */
export function groszeToQueryValue(grosze: number): string {
  const zl = Math.floor(grosze / 100);
  const gr = grosze % 100;
  if (gr === 0) return String(zl);
  return `${zl}.${String(gr).padStart(2, "0").replace(/0$/, "")}`;
}

/** Query parameters in a fixed order, defaults omitted. */
export function serializeProductQuery(query: Partial<ProductQuery>): URLSearchParams {
  const q = { ...DEFAULT_PRODUCT_QUERY, ...query };
  const params = new URLSearchParams();
  if (q.kategoria !== null) params.set("kategoria", String(q.kategoria));
  if (q.szukaj.trim() !== "") params.set("szukaj", q.szukaj.trim());
  for (const flag of PRODUCT_FLAGS) if (q[flag]) params.set(flag, FLAG_ON);
  if (q.sortujWg !== DEFAULT_PRODUCT_QUERY.sortujWg) params.set("sortujWg", q.sortujWg);
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

/** Applies a change of filters; the page goes back to 1 unless the change sets the page. */
export function updateProductQuery(query: ProductQuery, patch: Partial<ProductQuery>): ProductQuery {
  return { ...query, strona: 1, ...patch };
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
