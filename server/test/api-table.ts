import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../app";
import type { ApiRoute } from "../http/api-table";
import { createTestDatabase } from "./database";
import { testConfig } from "./test-config";

/**
 * The table of every registered /api route (server/http/api-table.ts), for tests that need it
 * before their own app starts (`it.each` over the routes): builds the app once on a fresh
 * database, reads the table its routes declared, and closes it.
 */
export async function registeredApiTable(): Promise<Readonly<Record<string, ApiRoute>>> {
  const database = await createTestDatabase();
  try {
    const config = testConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "api-table-")) });
    const app = await buildApp(config, database, { web: false, logger: false });
    await app.ready();
    const table = { ...app.apiTable };
    await app.close();
    return table;
  } finally {
    await database.destroy();
  }
}
