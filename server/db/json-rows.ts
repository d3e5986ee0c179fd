import { getTableColumns, type SQL, sql, type Table } from "drizzle-orm";

// Rows as JSON, so one statement can carry a row together with its related rows (a product with
// its images, variants, …; a page's several lists) instead of one statement per table: on PGlite
// every statement costs 1-3 ms of CPU whatever its size (docs/performance.md). The JSON keys are
// Drizzle's property names, and rowFromJson maps the values back with each column's own mapper,
// so a row read this way equals the one `db.select()` returns.

const KEY = /^[A-Za-z][A-Za-z0-9]*$/;

/** `'key', <value>` pairs of json_build_object (keys are code identifiers, never input). */
function pairs(entries: readonly (readonly [string, SQL])[]): SQL {
  return sql.join(
    entries.map(([key, value]) => {
      if (!KEY.test(key)) throw new Error(`not a JSON key: ${key}`);
      return sql`${sql.raw(`'${key}'`)}, ${value}`;
    }),
    sql`, `,
  );
}

/**
 * PostgreSQL passes a function at most 100 arguments (FUNC_MAX_ARGS): json_build_object takes 50
 * keys. A wider row (products has more columns than that) keeps the rest in a nested object under
 * OVERFLOW_KEY, which rowFromJson reads as if it were flat.
 */
const MAX_PAIRS = 50;
const OVERFLOW_KEY = "_more";

/** json_build_object of the pairs, the ones past the 49th nested under OVERFLOW_KEY. */
function jsonObject(entries: readonly (readonly [string, SQL])[]): SQL {
  if (entries.length <= MAX_PAIRS) return sql`json_build_object(${pairs(entries)})`;
  const rest = jsonObject(entries.slice(MAX_PAIRS - 1));
  return sql`json_build_object(${pairs(entries.slice(0, MAX_PAIRS - 1))}, ${sql.raw(`'${OVERFLOW_KEY}'`)}, ${rest})`;
}

/**
 * json_build_object of every column of `table` as read through `ref` (the table's name or an
 * alias), plus `extra` keys (subqueries of related rows, always at the top level).
 */
export function jsonRow(table: Table, ref: SQL, extra: Record<string, SQL> = {}): SQL {
  const columns = Object.entries(getTableColumns(table)).map(
    ([key, column]) => [key, sql`${ref}.${sql.identifier(column.name)}`] as const,
  );
  return jsonObject([...Object.entries(extra), ...columns]);
}

/** A JSON array of the rows a subquery selects as `j` ('[]' for none): `select … as j from … order by …`. */
export function jsonArray(rows: SQL, order?: SQL): SQL {
  return sql`coalesce((select json_agg(q.j${order ? sql` order by ${order}` : sql``}) from (${rows}) q), '[]'::json)`;
}

/** The row of `table` from its jsonRow (timestamps, arrays and JSON columns as db.select() gives them). */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T["$inferSelect"] {
  const row: Record<string, unknown> = {};
  // the columns a wide row nests (jsonObject), as if at the top level
  let flat = json;
  for (let nested = json[OVERFLOW_KEY]; nested && typeof nested === "object"; ) {
    const more = nested as Record<string, unknown>;
    flat = { ...flat, ...more };
    nested = more[OVERFLOW_KEY];
  }
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = flat[key];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}
