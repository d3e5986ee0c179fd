import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client";

// Vitest's global setup (vitest.config.ts): every test file gets a fresh embedded database, and an
// empty PGlite cluster costs ~2 s to create (initdb in WebAssembly) before the migrations run; loading
// a dump of one migrated once per run costs ~0.5 s. The dump is made here, once, and each file's
// createTestDatabase (server/test/database.ts) loads it and then runs the migrations again (a no-op on
// the template, so a template that misses a migration still ends up fully migrated).
// With DATABASE_URL (the PostgreSQL pass) nothing is made here: server/test/postgres-template.ts
// migrates a template database on that server instead.

declare module "vitest" {
  export interface ProvidedContext {
    /** the migrated PGlite data folder (dumpDataDir tarball) test files load, or "" on PostgreSQL */
    pgliteTemplate: string;
  }
}

/** Migrates an empty in-memory PGlite and writes its data folder to `file`. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: null, dbDir: null });
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir("none");
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

export default async function setup({
  provide,
}: {
  provide: (key: "pgliteTemplate", value: string) => void;
}): Promise<() => void> {
  if (process.env.DATABASE_URL) {
    provide("pgliteTemplate", "");
    return () => {};
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-template-"));
  const file = path.join(dir, "migrated.tar");
  await writePgliteTemplate(file);
  provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
