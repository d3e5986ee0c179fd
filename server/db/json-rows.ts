import { getTableColumns, type SQL, sql, type Table } from "drizzle-orm";

// Rows as JSON, so one statement can carry a row together with its related rows (a product with
// its images, variants, …; a page's several lists) instead of one statement per table: on PGlite
// every statement costs 1-3 ms of CPU whatever its size (docs/performance.md). The JSON keys are
// Drizzle's property names, and rowFromJson maps the values back with each column's own mapper,
// so a row read this way equals the one `db.select()` returns.

const KEY = /^[A-Za-z][A-Za-z0-9]*$/;
/** PostgreSQL's limit of 100 function arguments: 50 key-value pairs per json_build_object. */
const MAX_PAIRS = 50;

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
 * json_build_object of every column of `table` as read through `ref` (the table's name or an
 * alias), plus `extra` keys (subqueries of related rows).
 */
export function jsonRow(table: Table, ref: SQL, extra: Record<string, SQL> = {}): SQL {
  const columns = Object.entries(getTableColumns(table)).map(
    ([key, column]) => [key, sql`${ref}.${sql.identifier(column.name)}`] as const,
  );
  const entries = [...columns, ...Object.entries(extra)];
  if (entries.length <= MAX_PAIRS) return sql`json_build_object(${pairs(entries)})`;
  // a function takes at most 100 arguments: a wide row is built in parts joined as jsonb (key order
  // does not matter to rowFromJson), then back to json like the narrow one
  const parts: SQL[] = [];
  for (let start = 0; start < entries.length; start += MAX_PAIRS) {
    parts.push(sql`json_build_object(${pairs(entries.slice(start, start + MAX_PAIRS))})::jsonb`);
  }
  return sql`(${sql.join(parts, sql` || `)})::json`;
}

/** A JSON array of the rows a subquery selects as `j` ('[]' for none): `select … as j from … order by …`. */
export function jsonArray(rows: SQL, order?: SQL): SQL {
  return sql`coalesce((select json_agg(q.j${order ? sql` order by ${order}` : sql``}) from (${rows}) q), '[]'::json)`;
}

/** The row of `table` from its jsonRow (timestamps, arrays and JSON columns as db.select() gives them). */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[key];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T["$inferSelect"];
}
