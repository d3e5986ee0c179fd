import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../db/client";

// Vitest's global setup for the PostgreSQL pass (DATABASE_URL set; without it, nothing): one database
// migrated once per run, from which each test file's createTestDatabase (server/test/database.ts)
// copies its own with `CREATE DATABASE … TEMPLATE` (a file copy on the server, no migrations to
// replay) and then runs the migrations again (a no-op on the copy). Dropped at the end of the run.
// The PGlite run has its own template (server/test/pglite-template.ts).

declare module "vitest" {
  export interface ProvidedContext {
    /** the migrated database test files copy on the PostgreSQL server, or "" on PGlite */
    postgresTemplate: string;
  }
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export default async function setup({
  provide,
}: {
  provide: (key: "postgresTemplate", value: string) => void;
}): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    provide("postgresTemplate", "");
    return async () => {};
  }
  const name = `test_template_${Date.now()}_${randomBytes(4).toString("hex")}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  // a copy needs the template without connections: migrate, then close every one
  const database = await openDatabase({
    databaseUrl: databaseUrl(serverUrl, name),
    dbDir: null,
    poolSize: 2,
  });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  provide("postgresTemplate", name);
  return () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
