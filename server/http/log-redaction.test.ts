import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { testConfig } from "../test/test-config";

// No token, e-mail or order key reaches a log line (issue 24 item 7): the request lines and the
// warnings that quote a URL, captured from the logger's stream.

const SECRET_TOKEN = "Zq8sekretnyTokenXYZ";
const EMAIL = "jan.kowalski@example.com";
const ORDER_NUMBER = "20260042";

let database: TestDatabase;
let app: FastifyInstance;
let dataDir: string;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "log-redaction-test-"));
  app = await buildApp(testConfig({ DATA_DIR: dataDir, LOG_LEVEL: "info" }), database, {
    web: false,
    logStream: { write: (line: string) => lines.push(line) },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("log lines", () => {
  it("hold no token, e-mail or order key of a request's URL", async () => {
    const encoded = encodeURIComponent(EMAIL);
    const urls = [
      `/ustaw-nowe-haslo?token=${SECRET_TOKEN}&email=${encoded}`,
      `/gotowe?orderNumber=${ORDER_NUMBER}&email=${encoded}`,
      `/api/orders/${ORDER_NUMBER}?email=${EMAIL}`,
      `/api/auth/confirm-email?token=${SECRET_TOKEN}&email=${encoded}`,
    ];
    for (const url of urls) await app.inject({ method: "GET", url });
    // a refused cross-site write logs a warning with its URL
    await app.inject({
      method: "POST",
      url: `/api/auth/new-password?token=${SECRET_TOKEN}&email=${encoded}`,
      headers: { origin: "https://evil.example", cookie: "session=x" },
      payload: {},
    });
    const log = lines.join("");
    expect(log).toContain("incoming request");
    expect(log).toContain("cross-site request refused");
    for (const secret of [SECRET_TOKEN, EMAIL, encoded, `orderNumber=${ORDER_NUMBER}`]) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain("token=[redacted]");
  });
});
