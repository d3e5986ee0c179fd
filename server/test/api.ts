import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { type BuildAppOptions, buildApp } from "../app";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { createTestDatabase, type TestDatabase } from "./database";
import { testConfig } from "./test-config";

// The set-up of an in-process API test: the app (no web pages, no log lines unless asked) on a fresh
// database, with the test config and a data folder of its own, ready to answer app.inject(). With
// kitForFile() (kit-for-file.ts) a test file starts one before its tests and closes it after them:
//
//   const kit = kitForFile(() => startApi({ app: { rateLimits: NO_ORDER_LIMIT } }));

export interface ApiKit {
  database: TestDatabase;
  app: FastifyInstance;
  config: Config;
  /** closes the app and the database, then removes the data folder */
  close(): Promise<void>;
}

export interface ApiOptions {
  /** names the temporary data folder (default "api") */
  name?: string;
  /** settings on top of testConfig()'s (DATA_DIR is the kit's own temporary folder) */
  env?: Record<string, string | undefined>;
  /** buildApp's options on top of { web: false, logger: false } */
  app?: Partial<BuildAppOptions>;
  /** what to do with the database before the app starts on it (e.g. seed the demo shop) */
  prepare?: (database: TestDatabase, config: Config) => Promise<unknown>;
  /** the database the app is given (e.g. a statement-counting view of the same one) */
  wrap?: (database: TestDatabase) => Database;
}

export async function startApi(options: ApiOptions = {}): Promise<ApiKit> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${options.name ?? "api"}-`));
  const config = testConfig({ DATA_DIR: dataDir, ...options.env });
  const database = await createTestDatabase();
  await options.prepare?.(database, config);
  const app = await buildApp(config, options.wrap ? options.wrap(database) : database, {
    web: false,
    logger: false,
    ...options.app,
  });
  await app.ready();
  return {
    database,
    app,
    config,
    async close() {
      await app.close();
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
