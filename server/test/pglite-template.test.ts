import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../db/client";
import { writePgliteTemplate } from "./pglite-template";

// The test files' databases are copies of one template migrated per run (server/test/pglite-template.ts):
// a copy must be the same database as one migrated from an empty cluster, or every PGlite test would
// run against something the server never sees.

/** Everything the migrations make: tables and columns, constraints, indexes, triggers, functions, extensions, applied migrations. */
async function schemaOf(database: Database) {
  const rows = async (query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows;
  return {
    columns:
      await rows(sql`select table_schema, table_name, column_name, data_type, is_nullable, column_default
      from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2, 3`),
    constraints:
      await rows(sql`select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def
      from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`),
    indexes: await rows(sql`select schemaname, indexname, indexdef from pg_indexes
      where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`),
    triggers: await rows(sql`select tgrelid::regclass::text as tbl, tgname, pg_get_triggerdef(oid) as def
      from pg_trigger where not tgisinternal order by 1, 2`),
    functions:
      await rows(sql`select p.proname, pg_get_function_identity_arguments(p.oid) as args, md5(p.prosrc) as body
      from pg_proc p where p.pronamespace = 'public'::regnamespace order by 1, 2, 3`),
    extensions: await rows(sql`select extname, extversion from pg_extension order by 1`),
    migrations: await rows(sql`select hash, created_at from drizzle.__drizzle_migrations order by id`),
  };
}

let dir: string;
let fromTemplate: Database;
let migrated: Database;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-template-test-"));
  const file = path.join(dir, "migrated.tar");
  await writePgliteTemplate(file);
  fromTemplate = await openDatabase({
    databaseUrl: null,
    dbDir: null,
    loadDataDir: new Blob([fs.readFileSync(file)]),
  });
  migrated = await openDatabase({ databaseUrl: null, dbDir: null });
  await migrated.migrate();
}, 60_000);

afterAll(async () => {
  await fromTemplate?.close();
  await migrated?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the PGlite template of the test databases (made whatever DATABASE_URL says)", () => {
  it("is the same database as one migrated from an empty cluster, and migrating it again changes nothing", async () => {
    const expected = await schemaOf(migrated);
    expect(expected.migrations.length).toBeGreaterThan(0);
    expect((expected.columns as unknown[]).length).toBeGreaterThan(100);
    expect(await schemaOf(fromTemplate)).toEqual(expected);
    await fromTemplate.migrate();
    expect(await schemaOf(fromTemplate)).toEqual(expected);
  });

  it("holds no rows: a copy starts as empty as a fresh database", async () => {
    const counts = await fromTemplate.db.execute<{ table_name: string; n: number }>(sql`
      select table_name, (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from public.%I', table_name), false, true, '')))[1]::text::int as n
      from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
    expect(counts.rows.length).toBeGreaterThan(10);
    expect(counts.rows.filter((row) => row.n !== 0)).toEqual([]);
  });
});
