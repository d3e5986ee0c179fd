import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { API_TABLE, apiRouteKey } from "./api-table";

// The API table is complete (every /api route is described, nothing described is missing) and the
// OpenAPI document lists every route with its schemas. That each route's access level holds for every
// role is the role matrix's job (server/http/role-matrix.test.ts, generated from the same table).

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "openapi-")) });
  app = await buildApp(config, database, { web: false, logger: false });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

async function documentPaths(): Promise<
  Record<string, Record<string, { summary?: string; requestBody?: unknown; parameters?: unknown[] }>>
> {
  const response = await app.inject({ url: "/api/docs/json" });
  expect(response.statusCode).toBe(200);
  return response.json().paths;
}

function toOpenApiPath(url: string): string {
  return url.replace("/api", "").replace(/:(\w+)/g, "{$1}");
}

describe("the API table and /api/docs", () => {
  it("describes every /api route, and only those", async () => {
    expect(app.undocumentedApiRoutes).toEqual([]);
    const paths = await documentPaths();
    const documented = Object.entries(paths).flatMap(([url, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`),
    );
    const expected = Object.keys(API_TABLE).map((key) => {
      const [method, url] = key.split(" ");
      return `${method} /api${toOpenApiPath(url ?? "")}`;
    });
    expect(documented.sort()).toEqual(expected.sort());
    expect(apiRouteKey("get", "/api/x")).toBe("GET /api/x");
  });

  it("gives the order and login bodies and the product list query from the zod schemas", async () => {
    const paths = await documentPaths();
    const order = paths["/api/orders"]?.post;
    expect(order?.summary).toContain("Idempotency-Key");
    expect(JSON.stringify(order?.requestBody)).toContain("acceptTermsAndConditions");
    expect(JSON.stringify(paths["/api/auth/login"]?.post?.requestBody)).toContain("password");
    const names = (paths["/api/shops/products"]?.get?.parameters ?? []).map(
      (p) => (p as { name: string }).name,
    );
    expect(names).toEqual(expect.arrayContaining(["kategoria", "szukaj", "sortujWg", "minCena"]));
  });

  it("serves the UI at /api/docs", async () => {
    const response = await app.inject({ url: "/api/docs/" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("swagger");
  });
});
