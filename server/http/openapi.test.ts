import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createSignedInUser } from "../areas/accounts/accounts.fixtures";
import { loadConfig } from "../config";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { API_TABLE, apiRouteKey } from "./api-table";

// The API table is complete (every /api route is described, nothing described is missing), the
// OpenAPI document lists every route with its schemas, and each access level holds for anonymous
// callers (no route that needs an account answers anything but 401 without one) and for signed-in
// callers with too few rights: every staff route refuses customers (approved or not) with 403
// 'Required moderator role', every admin route refuses them and shop moderators with 'Required admin role'.

let database: TestDatabase;
let app: FastifyInstance;
const tokens: Record<"unapproved" | "user" | "shopModerator", string> = {
  unapproved: "",
  user: "",
  shopModerator: "",
};

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "openapi-")) });
  app = await buildApp(config, database, { web: false, logger: false });
  await app.ready();
  tokens.unapproved = (await createSignedInUser(database.db, { roles: ["user"], approved: false })).token;
  tokens.user = (await createSignedInUser(database.db, { roles: ["user"], approved: true })).token;
  tokens.shopModerator = (
    await createSignedInUser(database.db, { roles: ["shop-moderator", "user"], approved: true })
  ).token;
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

function call(key: string, token?: string) {
  const [method, url] = key.split(" ");
  return app.inject({
    method: method as "GET",
    url: (url ?? "").replace(/:\w+/g, "1"),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(method === "GET" || method === "DELETE" ? {} : { payload: {} }),
  });
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

  it("every route that needs an account answers 401 to an anonymous caller", async () => {
    for (const [key, route] of Object.entries(API_TABLE)) {
      if (!["user", "moderator", "admin"].includes(route.access)) continue;
      const [method, url] = key.split(" ");
      const response = await app.inject({
        method: method as "GET",
        url: (url ?? "").replace(/:\w+/g, "1"),
        ...(method === "GET" || method === "DELETE" ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${key} answered ${response.statusCode}`).toBe(401);
    }
    expect(apiRouteKey("get", "/api/x")).toBe("GET /api/x");
  });

  it("every staff route refuses customers, every admin route refuses customers and shop moderators (403)", async () => {
    let checked = 0;
    for (const [key, route] of Object.entries(API_TABLE)) {
      if (route.access !== "moderator" && route.access !== "admin") continue;
      const refused =
        route.access === "admin"
          ? (["unapproved", "user", "shopModerator"] as const)
          : (["unapproved", "user"] as const);
      const message = route.access === "admin" ? "Required admin role" : "Required moderator role";
      for (const subject of refused) {
        const response = await call(key, tokens[subject]);
        expect(response.statusCode, `${key} as ${subject} answered ${response.statusCode}`).toBe(403);
        expect(response.json().message, `${key} as ${subject}`).toBe(message);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });
});
