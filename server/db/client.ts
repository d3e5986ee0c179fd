import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

// Several instances may start at once against one PostgreSQL server: a session
// advisory lock makes them apply the committed migrations one after another.
const MIGRATION_LOCK_ID = 7_246_001;

/**
 * How long a request waits for a PostgreSQL connection (a free pool client, or a new connection)
 * before it fails with 503. A stopped server refuses at once (ECONNREFUSED, 57P03), so this bounds
 * only an unreachable host or a pool saturated for long; it stays above the queueing a burst of
 * orders on one variant causes (they take the row lock one after another).
 */
const CONNECTION_TIMEOUT_MS = 10_000;

// One Drizzle API over two drivers: PGlite (embedded, default) or a PostgreSQL
// server (DATABASE_URL). Both speak the same SQL; see docs/decisions/002-database.md.
// The PGlite database is typed as the node-postgres one: the query builder is identical.
export type Db = NodePgDatabase<typeof schema>;
export type Schema = typeof schema;
/** A transaction's handle (what `db.transaction` gives its callback). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** applies the committed drizzle-kit migrations (idempotent) */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… ; when null, PGlite is used */
  databaseUrl: string | null;
  /** PGlite data directory; null for an in-memory database (tests) */
  dbDir: string | null;
  poolSize?: number;
  /**
   * PGlite only: start from this data folder (a `dumpDataDir` tarball) instead of an empty cluster.
   * Tests load a template migrated once per run (server/test/database.ts).
   */
  loadDataDir?: Blob;
}

/**
 * The planner's cost of reading a page out of order, relative to reading the next one (PostgreSQL's
 * default 4 models a spinning disk). The shop's tables are read from memory — PGlite's always, a
 * server's in practice — where the two cost about the same; with 4 the planner scanned all 10,000
 * products for a search (its word and typo-key conditions each match ~14 %) and tested every row's
 * typo keys, 6–9× slower than the two indexes (docs/decisions/022-list-indexes.md).
 */
export const RANDOM_PAGE_COST = "1.1";

/**
 * Run on every new connection of both drivers before its first statement. A `SET`, not the connection
 * string's `options`: connection poolers (PgBouncer, and the hosted ones built on it) refuse a
 * connection whose `options` carry a setting they do not track.
 */
const PLANNER_SETTINGS = `set random_page_cost = ${RANDOM_PAGE_COST}`;

/**
 * The PostgreSQL connection pool, made to outlive its server: a stopped or restarting server makes
 * queries fail (503, server/lib/database-unavailable.ts), never the process, and the pool opens
 * new connections by itself once the server is back.
 */
export function createPool(databaseUrl: string, max = 10): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    // while the server is down or every client is busy, a request fails fast with 503
    // instead of hanging
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    // awaited by the pool before the connection serves its first query; a planner hint, so a failure
    // leaves the default (a lost connection fails that first query anyway)
    onConnect: (client) =>
      client.query(PLANNER_SETTINGS).then(
        () => undefined,
        () => undefined,
      ),
  });
  // A client that loses its server emits 'error'; an 'error' event nobody listens to ends the
  // process. pg-pool listens (and re-emits on the pool) only while a client is idle in the pool, so
  // every client also gets its own listener for the time it is checked out (inside a transaction,
  // between two queries): its pending and next queries fail with a connection error instead, and
  // the pool discards it on release.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  return pool;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = createPool(options.databaseUrl, options.poolSize ?? 10);
    const client = await pool.connect();
    client.release();
    return {
      db: drizzleNodePg(pool, { schema }),
      kind: "postgres",
      async migrate() {
        const lockClient = await pool.connect();
        try {
          await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
          await migrateNodePg(drizzleNodePg(lockClient), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
          lockClient.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.dbDir) fs.mkdirSync(options.dbDir, { recursive: true });
  const client = await PGlite.create(options.dbDir ?? undefined, {
    extensions: { unaccent, pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await client.exec(PLANNER_SETTINGS);
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: "pglite",
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}
