import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildApp } from "./app";
import { FailureError, fail } from "./lib/result";
import { createTestDatabase, type TestDatabase } from "./test/database";
import { testConfig } from "./test/test-config";

let database: TestDatabase;
let app: FastifyInstance;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-app-"));

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig({ DATA_DIR: dataDir }), database, { web: false, logger: false });
  // Routes that exercise the error handler the way real handlers fail.
  app.get("/api/test/moderator-only", async () => {
    throw new FailureError(fail("forbidden-moderator"));
  });
  app.post("/api/test/validate", async (request) => {
    const body = z.object({ email: z.email("validation.email") }).parse(request.body);
    return body;
  });
  app.get("/api/test/ip", async (request) => ({ ip: request.ip }));
  app.get("/api/test/surprise", async () => {
    throw new Error("database password is hunter2");
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the API shell", () => {
  it("answers /api/health with the database kind", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: database.kind });
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const response = await app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      statusCode: 404,
      code: "not-found",
      messageKey: "errors.notFound",
    });
  });

  it("maps an expected failure to its status and the spec's message", async () => {
    const response = await app.inject({ method: "GET", url: "/api/test/moderator-only" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: "forbidden-moderator",
      message: "Required moderator role",
    });
  });

  it("answers invalid input with 400 and field message keys", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/test/validate",
      payload: { email: "nope" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "validation",
      fields: { email: { key: "validation.email" } },
    });
  });

  it("answers malformed JSON with 400 request/malformed (it says why), not 500", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/test/validate",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "request/malformed",
      messageKey: "errors.request/malformed",
    });
  });

  it("never shows a surprise's message to the client", async () => {
    const response = await app.inject({ method: "GET", url: "/api/test/surprise" });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain("hunter2");
    expect(response.json()).toMatchObject({
      code: "internal",
      message: "An error occurred, please try again later",
    });
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY says a proxy is in front", async () => {
    const headers = { "x-forwarded-for": "203.0.113.7" };
    const direct = await app.inject({ method: "GET", url: "/api/test/ip", headers });
    expect(direct.json()).toEqual({ ip: "127.0.0.1" });
    const proxied = await buildApp(testConfig({ DATA_DIR: dataDir, TRUST_PROXY: "1" }), database, {
      web: false,
      logger: false,
    });
    proxied.get("/api/test/ip", async (request) => ({ ip: request.ip }));
    const response = await proxied.inject({ method: "GET", url: "/api/test/ip", headers });
    expect(response.json()).toEqual({ ip: "203.0.113.7" });
    await proxied.close();
  });
});
