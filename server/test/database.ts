import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { databaseUrl } from "./postgres-template";

// A fresh, migrated database for one test file. Without DATABASE_URL it is an
// in-memory PGlite, loaded from the template the global setup migrated once
// (server/test/pglite-template.ts); with DATABASE_URL (CI's second pass) it is a
// new database on that PostgreSQL server, copied from the template migrated once
// per run (server/test/postgres-template.ts), and dropped afterwards.

export interface TestDatabase extends Database {
  /** drops the per-file database (PostgreSQL) and closes connections */
  destroy(): Promise<void>;
}

let template: Blob | null | undefined;

/** The migrated template's data folder, or undefined when the run has none (a file run outside Vitest's setup). */
export function pgliteTemplate(): Blob | undefined {
  if (template === undefined) {
    const file = inject("pgliteTemplate");
    template = file ? new Blob([fs.readFileSync(file)]) : null;
  }
  return template ?? undefined;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ databaseUrl: null, dbDir: null, loadDataDir: pgliteTemplate() });
    // a no-op on the template (its migrations table lists them all); a complete migration without one
    await database.migrate();
    return { ...database, destroy: () => database.close() };
  }
  const name = `test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  // the migrated template of the run (none when a file runs outside Vitest's setup: then migrate() does it all)
  const template = inject("postgresTemplate");
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const database = await openDatabase({
    databaseUrl: databaseUrl(serverUrl, name),
    dbDir: null,
    poolSize: 20,
  });
  // a no-op on the template's copy (its migrations table lists them all)
  await database.migrate();
  return {
    ...database,
    async destroy() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
