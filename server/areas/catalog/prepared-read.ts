import { is, Placeholder, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isOneSession, literal, sessionStatementName } from "../../db/prepared-statement";

// A read planned once per database session instead of on every call: planning the product page's
// statement (a dozen correlated subqueries) took ~1.5 of its ~2 ms on PGlite (measured on 2026-11-25;
// docs/performance.md).
// - PostgreSQL (node-postgres pool): Drizzle's named prepared statement; node-postgres prepares it
//   once per connection and PostgreSQL keeps its plan.
// - PGlite (one session for the process): SQL PREPARE once, then EXECUTE with the values written as
//   quoted literals (each coerced to its parameter's type), as Drizzle's PGlite driver sends every
//   statement unnamed, which PostgreSQL plans afresh each time.

/** What preparedRead needs of a Drizzle query: its SQL with placeholders, and Drizzle's own prepare. */
interface PreparableQuery<R> {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<R[]> };
}

export type PreparedRead<R> = (values: Record<string, string | number | boolean>) => Promise<R[]>;

/**
 * `query` (its rows with the columns named as its selection) prepared once as `name`. The rows of
 * both ways are the same: give every selected expression an alias equal to its key.
 */
export function preparedRead<R>(db: Db, name: string, query: PreparableQuery<R>): PreparedRead<R> {
  if (!isOneSession(db)) {
    const prepared = query.prepare(name);
    return (values) => prepared.execute(values);
  }
  const { sql: text, params } = query.toSQL();
  // one name per service instance
  const sessionName = sessionStatementName(name);
  let ready: Promise<unknown> | null = null;
  return async (values) => {
    ready ??= db.execute(sql.raw(`prepare ${sessionName} as ${text}`)).catch((error: unknown) => {
      ready = null;
      throw error;
    });
    await ready;
    const args = params.map((param) => {
      if (!is(param, Placeholder)) return literal(param);
      if (!(param.name in values)) throw new Error(`no value for ${param.name}`);
      return literal(values[param.name]);
    });
    const { rows } = await db.execute(sql.raw(`execute ${sessionName}(${args.join(", ")})`));
    return rows as R[];
  };
}
