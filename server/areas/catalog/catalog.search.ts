import { and, asc, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { normalizeSearchText, type SearchTerm } from "../../../domain/search";
import { type ProductQuery, RELEVANCE } from "../../../domain/validation/product-query";
import { categories, productCategories, products } from "../../db/schema";
import { liveProduct } from "../trash/live";

// The SQL of the product list (/produkty and GET /api/shops/products?…): filters, Polish-aware
// search and ordering, all evaluated by PostgreSQL (PGlite or a server) so that only one page of
// products ever leaves the database.
//
// Search (terms from domain/search.ts; functions, stored columns and indexes of migration
// 0003_search). Each product stores `search_doc` (' title |' ' tags |' ' description ', lower
// case, no diacritics incl. ł → l, no HTML) and `search_keys` (typo keys of the title's words,
// 't:…', and the tags', 'g:…'). Every term must match, either
//   - its stem starts a word of the document: search_doc LIKE '% kocyk%' — kocyki, kocyka →
//     kocyk; served by the trigram index products_search_doc_idx; or
//   - one typo: its typo keys overlap the product's (kocyl → kocyk); products_search_keys_idx.
// Ranking: title matches first, then tags, then description; a typo match counts half of a word
// match; within a score the title most similar to the query (pg_trgm similarity) first.

/** The stored search document (not in db/schema/ on purpose: Drizzle never reads it). */
const searchDoc = sql`${products}.search_doc`;
/** The stored typo keys ('t:' title, 'g:' tags). */
const searchKeys = sql`${products}.search_keys`;
/** Title as sorted: case and diacritics ignored, byte order (the same on every server; indexed). */
const titleSortKey = sql`(lower(public.f_unaccent(${products.title})) collate "C")`;

/** LIKE pattern: the stem at the start of a word of a search document (' word word '). */
export function wordStartPattern(stem: string): string {
  return `% ${stem.replace(/[\\%_]/g, "\\$&")}%`;
}

/** ARRAY['a', 'b']::text[] with one parameter per value (the same on both drivers). */
function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

const TITLE_KEY = "t:";
const TAGS_KEY = "g:";
const prefixed = (prefix: string, keys: readonly string[]) => keys.map((key) => prefix + key);

function termMatches(term: SearchTerm): SQL {
  const starts = sql`${searchDoc} like ${wordStartPattern(term.stem)}`;
  if (term.keys.length === 0) return starts;
  const keys = [...prefixed(TITLE_KEY, term.keys), ...prefixed(TAGS_KEY, term.keys)];
  // The keys as a subquery (an InitPlan): the planner then estimates the overlap with its default
  // (1 %) instead of multiplying the keys' frequencies as if independent (a word and its one-letter
  // deletions always occur together: a fifth to a half of the catalog estimated, a sequential scan
  // chosen). products_search_keys_idx still serves it (docs/decisions/022-list-indexes.md).
  return sql`(${starts} or ${searchKeys} && (select ${textArray(keys)}))`;
}

/** 2 for a word-start match in the field, 1 for a typo match, 0 for none. */
function termScore(field: "title" | "tags", term: SearchTerm): SQL {
  const pattern = wordStartPattern(term.stem);
  // the title is before the first '|', the tags between the two
  const starts = field === "title" ? `${pattern}|%|%` : `%|${pattern}|%`;
  const typo =
    term.keys.length > 0
      ? sql` when ${searchKeys} && ${textArray(prefixed(field === "title" ? TITLE_KEY : TAGS_KEY, term.keys))} then 1`
      : sql``;
  return sql`(case when ${searchDoc} like ${starts} then 2${typo} else 0 end)`;
}

/**
 * Relevance of a matching product: per term 100 per title point and 10 per tag point (a match
 * only in the description scores 0 but did match), plus the title's trigram similarity to the
 * whole query (0..1) to order products within a score.
 */
export function searchRank(terms: readonly SearchTerm[], query: string): SQL<number> {
  const scores = terms.map(
    (term) => sql`100 * ${termScore("title", term)} + 10 * ${termScore("tags", term)}`,
  );
  return sql<number>`(${sql.join(scores, sql` + `)} + similarity(${normalizeSearchText(query)}, split_part(${searchDoc}, '|', 1)))`;
}

/**
 * The product's list price: the cheapest variant's effective price, or the product's own without
 * variants (the thumbnail price of domain/pricing productThumbnail). Stored in
 * products.list_price_grosze and kept by triggers (migration 0008_list_indexes), so that the price
 * filter and sort use products_visible_list_price_idx instead of a subquery per product.
 */
export const productListPrice = sql<number>`${products.listPriceGrosze}`;

/**
 * The product is in the category or any of its subcategories (recursive over parent ids). The
 * subtree is computed once, as an array (an InitPlan), so that PostgreSQL can turn the EXISTS into
 * a semi-join fed by product_categories_category_idx (an IN over the recursive query inside the
 * EXISTS was planned as a subplan run for every visible product).
 */
export function inCategoryTree(categoryId: number): SQL {
  return sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${productCategories.categoryId} = any(array(with recursive subtree(id) as (select ${categoryId}::integer union select child.id from ${categories} child join subtree on child.parent_id = subtree.id) select id from subtree)))`;
}

/** Ids and prices are PostgreSQL `integer`s: a bigger number in a query must not reach the database. */
const MAX_INTEGER = 2_147_483_647;

/** Visible products matching every filter of the query. */
export function productListWhere(query: ProductQuery, terms: readonly SearchTerm[]): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(products.isHidden, false), liveProduct];
  if (query.kategoria !== null) {
    conditions.push(query.kategoria > MAX_INTEGER ? sql`false` : inCategoryTree(query.kategoria));
  }
  if (query.nowosci) conditions.push(eq(products.isNew, true));
  if (query.wyprawki) conditions.push(eq(products.isLayette, true));
  if (query.zestawy) conditions.push(eq(products.isSet, true));
  if (query.wyprzedaz) conditions.push(eq(products.isSale, true));
  if (query.premium) conditions.push(eq(products.isPremium, true));
  if (query.minCenaGrosze !== null) {
    conditions.push(
      query.minCenaGrosze > MAX_INTEGER ? sql`false` : gte(products.listPriceGrosze, query.minCenaGrosze),
    );
  }
  if (query.maxCenaGrosze !== null && query.maxCenaGrosze < MAX_INTEGER) {
    conditions.push(lte(products.listPriceGrosze, query.maxCenaGrosze));
  }
  // a search text without any searchable word (e.g. "!!!") matches nothing
  if (query.szukaj !== "" && terms.length === 0) conditions.push(sql`false`);
  for (const term of terms) conditions.push(termMatches(term));
  return and(...conditions);
}

/** ORDER BY of the list; ties fall back to the id so pages never overlap; desc is the exact reverse. */
export function productListOrder(query: ProductQuery, terms: readonly SearchTerm[]): SQL[] {
  const direction = query.sortujTyp === "desc" ? desc : asc;
  switch (query.sortujWg) {
    case "title":
      return [direction(titleSortKey), direction(products.id)];
    case "price":
      return [direction(products.listPriceGrosze), direction(products.id)];
    case RELEVANCE: {
      if (terms.length === 0) return [direction(products.updatedAt), direction(products.id)];
      // ascending = the best match first
      const reverse = query.sortujTyp === "desc" ? asc : desc;
      return [reverse(searchRank(terms, query.szukaj)), direction(titleSortKey), direction(products.id)];
    }
    default:
      return [direction(products.updatedAt), direction(products.id)];
  }
}
