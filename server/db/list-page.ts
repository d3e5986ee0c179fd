import { type Column, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";

// The staff lists (pages, blog, games, creators, coupons, users, fields) search and page in the
// database, not in memory: a list's service takes its ?szukaj= and ?strona= as a ListQuery, counts the
// matching rows, reads one page with LIMIT/OFFSET and returns a ListPage. The staff products and the
// gallery use the same match and pattern.

/** Rows on one page of a staff list. */
export const LIST_PAGE_SIZE = 20;

/** A list's search text (?szukaj=) and the page asked for (?strona=, 1-based). */
export interface ListQuery {
  search: string;
  page: number;
}

/** One page of a list: its rows, the page shown, the number of pages and of matching rows. */
export interface ListPage<T> {
  items: T[];
  page: number;
  pages: number;
  total: number;
}

/** `%text%` for LIKE/ILIKE, with LIKE's wildcards `%`, `_` and its escape `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * "`text` contains `search`", case and Polish accents ignored (ł matches Ł and l). No text holds U+0000
 * (PostgreSQL refuses it in a parameter), so a search with it matches nothing.
 */
export function containsText(text: Column | SQL, search: string): SQL {
  if (search.includes("\u0000")) return sql`false`;
  return sql`public.f_unaccent(${text}) ilike public.f_unaccent(${containsPattern(search)})`;
}

/**
 * The page of `total` rows that `requested` names (a fraction rounded down; not a number: the first;
 * past the end: the last), its rows read by `read(limit, offset)` (not called when nothing matched).
 */
export async function readListPage<T>(
  requested: number,
  total: number,
  read: (limit: number, offset: number) => Promise<T[]>,
): Promise<ListPage<T>> {
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  const page = Math.min(Math.max(1, Number.isFinite(requested) ? Math.floor(requested) : 1), pages);
  const items = total === 0 ? [] : await read(LIST_PAGE_SIZE, (page - 1) * LIST_PAGE_SIZE);
  return { items, page, pages, total };
}

/**
 * The page `requested` of the rows of `table` that `where` selects (all without it), in the order
 * `orderBy` gives (it must be total, e.g. end with the id, for the pages not to overlap).
 */
export async function readTablePage<T extends PgTable>(
  db: Db,
  table: T,
  query: { where: SQL | undefined; orderBy: (PgColumn | SQL)[]; page: number },
): Promise<ListPage<T["$inferSelect"]>> {
  const { where, orderBy } = query;
  return readListPage(query.page, await db.$count(table, where), async (limit, offset) => {
    const rows = await db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset);
    return rows as T["$inferSelect"][];
  });
}
