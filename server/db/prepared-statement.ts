import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client";

// A statement planned once per database session instead of on every call (ADR 014): the order
// writes' statements are the same text for every group (their rows travel as
// JSON parameters), and planning each (their CTEs, ~1 ms apiece on PGlite) was a fixed cost of every
// group. The same idea as catalog/prepared-read.ts, for a raw `sql` statement:
// - PostgreSQL (node-postgres pool): a named statement; node-postgres prepares it once per
//   connection, PostgreSQL keeps its plan.
// - PGlite (one session for the process): SQL PREPARE once, then EXECUTE with the values written as
//   quoted literals (PGlite's Drizzle driver sends every statement unnamed, planned afresh).
// Each distinct text gets its own name, so a statement whose text varies a little (e.g. which stock
// tables it touches) is prepared once per variant. Parameters must carry casts (`${x}::json`) so the
// prepared statement knows their types.

const dialect = new PgDialect();

/** PGlite's client runs SQL scripts (`exec`); node-postgres' pool does not. */
export function isOneSession(db: Db): boolean {
  const client = (db as unknown as { $client?: { exec?: unknown } }).$client;
  return typeof client?.exec === "function";
}

/**
 * A value written into SQL as a quoted literal. Strings are escape-string constants (`E'…'`: a
 * backslash doubled, a quote doubled), whose meaning does not depend on `standard_conforming_strings`;
 * every character round-trips (server/db/prepared-statement.test.ts proves it over arbitrary strings).
 * PostgreSQL text cannot hold NUL, so a string with one is refused here rather than sent.
 */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error("not a literal: a non-finite number");
    return `'${String(value)}'`;
  }
  if (typeof value === "boolean") return `'${String(value)}'`;
  if (typeof value !== "string") throw new Error(`not a literal: ${typeof value}`);
  if (value.includes("\0")) throw new Error("not a literal: a NUL character");
  return `E'${value.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}

let sessionStatements = 0;

/** A name unique in this process for a statement prepared in the session: several services may share one PGlite (tests). */
export function sessionStatementName(name: string): string {
  sessionStatements += 1;
  return `${name}_${sessionStatements}`;
}

/** The part of Drizzle's node-postgres session db.execute goes through. */
interface NamedSession {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    isResponseInArrayMode: boolean,
  ): { execute(): Promise<{ rows: unknown[] }> };
}

export type PreparedStatement = <R extends Record<string, unknown>>(query: SQL) => Promise<R[]>;

/**
 * Runs `query` as a prepared statement named after `name` (one per distinct text and database
 * handle). Its rows are what `db.execute` would answer.
 */
export function preparedStatement(db: Db, name: string): PreparedStatement {
  const names = new Map<string, string>();
  const nameOf = (text: string): string => {
    let found = names.get(text);
    if (!found) {
      // one name per handle and text
      found = sessionStatementName(name);
      names.set(text, found);
    }
    return found;
  };
  if (!isOneSession(db)) {
    // Drizzle's own prepared query with a name (what its query builders' prepare(name) makes; its
    // logger and type parsers apply as for db.execute, which is this without the name)
    const session = (db as unknown as { session: NamedSession }).session;
    return async <R extends Record<string, unknown>>(query: SQL) => {
      const built = dialect.sqlToQuery(query);
      const result = await session.prepareQuery(built, undefined, nameOf(built.sql), false).execute();
      return result.rows as R[];
    };
  }
  const ready = new Map<string, Promise<unknown>>();
  return async <R extends Record<string, unknown>>(query: SQL) => {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const statement = nameOf(text);
    let prepared = ready.get(statement);
    if (!prepared) {
      prepared = db.execute(sql.raw(`prepare ${statement} as ${text}`)).catch((error: unknown) => {
        ready.delete(statement);
        throw error;
      });
      ready.set(statement, prepared);
    }
    await prepared;
    const args = params.map(literal).join(", ");
    const { rows } = await db.execute(sql.raw(`execute ${statement}${params.length ? `(${args})` : ""}`));
    return rows as R[];
  };
}
