import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { Pool } from "pg";
import type { Database, Db } from "../db/client";
import * as schema from "../db/schema";

// Counts the SQL statements the app sends: the same database (same client, same data) behind a
// Drizzle instance whose logger records every statement. Transaction control (begin, commit,
// rollback) is left out: node-postgres sends it through Drizzle, PGlite inside its own
// transaction(), so only the statements themselves count the same on both drivers.

const TRANSACTION_CONTROL = /^(begin|commit|rollback)\b/i;

export interface StatementLog {
  /** the statements sent since the last clear(), in order */
  readonly statements: string[];
  clear(): void;
}

export interface CountingDatabase {
  database: Database;
  log: StatementLog;
}

export function countingDatabase(target: Database): CountingDatabase {
  const statements: string[] = [];
  const logger = {
    logQuery: (query: string) => {
      if (!TRANSACTION_CONTROL.test(query.trim())) statements.push(query);
    },
  };
  const client = (target.db as unknown as { $client: unknown }).$client;
  const db =
    target.kind === "pglite"
      ? (drizzlePglite(client as PGlite, { schema, logger }) as unknown as Db)
      : drizzleNodePg(client as Pool, { schema, logger });
  return {
    database: { ...target, db },
    log: {
      statements,
      clear: () => {
        statements.length = 0;
      },
    },
  };
}

/**
 * The statements `call` sends through `counting` (those `ignore` matches left out, e.g. a one-time
 * PREPARE), and what it answered.
 */
export async function countStatements<T>(
  counting: CountingDatabase,
  call: () => Promise<T>,
  ignore?: (statement: string) => boolean,
): Promise<{ statements: number; value: T }> {
  counting.log.clear();
  const value = await call();
  const statements = counting.log.statements.filter((statement) => !ignore?.(statement));
  return { statements: statements.length, value };
}
