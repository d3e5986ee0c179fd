import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createPool, type Database } from "../db/client";
import * as schema from "../db/schema";
import { recordFigure } from "../test/figures";
import { testConfig } from "../test/test-config";

// A page whose loader meets an unreachable database answers 503 with Retry-After and the translated
// "service unavailable" text (web/entry.server.tsx, docs/decisions/020), with the page's CSP nonce.
// It renders the built app (`npm run build` first; `npm test` does).

const BUILT = fs.existsSync(path.resolve("build/server/index.js"));

let app: FastifyInstance;
let dataDir: string;
let database: Database;

beforeAll(async () => {
  if (!BUILT) return;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "database-down-page-"));
  // nothing listens on port 9: every query fails with ECONNREFUSED, as when the server is stopped
  const pool = createPool("postgres://postgres@127.0.0.1:9/shop", 2);
  database = {
    db: drizzle(pool, { schema }),
    kind: "postgres",
    migrate: async () => {},
    close: () => pool.end(),
  };
  app = await buildApp(testConfig({ DATA_DIR: dataDir }), database, { web: "production", logger: false });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!BUILT)("a page while the database is out of reach", () => {
  it("answers 503 with Retry-After and the translated message, in Polish and in English", async () => {
    const paths = ["/", "/produkty", "/blog"];
    const answers = [];
    for (const url of paths) {
      const polish = await app.inject({ method: "GET", url });
      const english = await app.inject({ method: "GET", url, headers: { cookie: "lang=en" } });
      answers.push(polish, english);
      expect(polish.statusCode, url).toBe(503);
      expect(polish.headers["retry-after"], url).toBe("5");
      expect(polish.headers["content-type"], url).toContain("text/html");
      expect(polish.body, url).toContain("Usługa jest chwilowo niedostępna");
      expect(english.statusCode, url).toBe(503);
      expect(english.body, url).toContain("The service is temporarily unavailable");
      // still a page under the CSP: its scripts carry the nonce of its header
      const nonce = /'nonce-([^']+)'/.exec(String(polish.headers["content-security-policy"]))?.[1];
      expect(nonce, url).toBeTruthy();
      expect(polish.body, url).toContain(`nonce="${nonce}"`);
    }
    recordFigure({
      suite: "faults",
      tried: `${answers.length} page loads (${paths.join(", ")}; pl and en) with the database unreachable`,
      result: `${answers.filter((a) => a.statusCode === 503 && a.headers["retry-after"] === "5").length} × 503 with Retry-After: 5 and the translated message`,
      held: answers.every((a) => a.statusCode === 503),
    });
  });
});
