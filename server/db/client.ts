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

// One Drizzle API over two drivers: PGlite (embedded, default) or a PostgreSQL
// server (DATABASE_URL). Both speak the same SQL; see docs/decisions/002-database.md.
// The PGlite database is typed as the node-postgres one: the query builder is identical.
export type Db = NodePgDatabase<typeof schema>;
export type Schema = typeof schema;

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
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client that loses its server must not crash the process.
    pool.on("error", () => {});
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
  const client = await PGlite.create(options.dbDir ?? undefined, { extensions: { unaccent, pg_trgm } });
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: "pglite",
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}
