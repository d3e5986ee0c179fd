import Fastify, { type LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { bearer, createSignedInUser } from "../areas/accounts/accounts.fixtures";
import { insertShopFixtures, orderBody } from "../areas/orders/orders.fixtures";
import { startApi } from "../test/api";
import { kitForFile } from "../test/kit-for-file";
import { expectDeclaredReply } from "../test/reply-check";
import { type ApiRouteSpec, apiRoute } from "./api-route";
import { apiRouteKey, collectApiTable, declarationProblems, undeclaredReplies } from "./api-table";
import { registerErrorHandler } from "./errors";

// Every registered /api route is described (its declaration, server/http/api-route.ts) and the OpenAPI
// document lists every route with its schemas. That each route's access level holds for every role is
// the role matrix's job (server/http/role-matrix.test.ts, walking the same derived table).

const kit = kitForFile(() => startApi({ name: "openapi" }));

async function documentPaths(): Promise<
  Record<string, Record<string, { summary?: string; requestBody?: unknown; parameters?: unknown[] }>>
> {
  const response = await kit.app.inject({ url: "/api/docs/json" });
  expect(response.statusCode).toBe(200);
  return response.json().paths;
}

function toOpenApiPath(url: string): string {
  return url.replace("/api", "").replace(/:(\w+)/g, "{$1}");
}

describe("the API table and /api/docs", () => {
  it("describes every /api route, and only those", async () => {
    expect(kit.app.undocumentedApiRoutes).toEqual([]);
    const paths = await documentPaths();
    const documented = Object.entries(paths).flatMap(([url, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`),
    );
    const expected = Object.keys(kit.app.apiTable).map((key) => {
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
    const response = await kit.app.inject({ url: "/api/docs/" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("swagger");
  });
});

describe("one declaration per route", () => {
  it("every registered /api route declares its access level, its path parameters' schema and what body it reads", () => {
    expect(declarationProblems(kit.app)).toEqual([]);
    expect(Object.keys(kit.app.apiTable).length).toBeGreaterThan(80);
  });

  it("the check names a route without a declaration, a path parameter without its schema and a write without a body", async () => {
    const bare = Fastify();
    collectApiTable(bare);
    const spec: ApiRouteSpec = { summary: "x", tag: "system", access: "public" };
    const ok = async () => ({});
    bare.get("/api/plain", ok);
    bare.get("/api/things/:id", apiRoute(spec), ok);
    bare.get("/api/others/:id", apiRoute({ ...spec, params: z.object({ key: z.string() }) }), ok);
    bare.post("/api/things", apiRoute(spec), ok);
    bare.put("/api/things", apiRoute({ ...spec, body: z.object({ a: z.string() }) }), ok);
    bare.get("/outside-the-api", ok);
    await bare.ready();
    expect(declarationProblems(bare)).toEqual([
      "GET /api/plain: no declaration (apiRoute)",
      "GET /api/things/:id: path parameters [id] but params schema []",
      "GET /api/others/:id: path parameters [id] but params schema [key]",
      'POST /api/things: no body declared (a zod schema, or "none", "text/csv", …)',
    ]);
    await bare.close();
  });

  it("the access level installs the role guard: a moderator route refuses an anonymous caller before its handler", async () => {
    const bare = Fastify();
    bare.decorateRequest("user", null);
    let handled = 0;
    bare.get("/staff", apiRoute({ summary: "x", tag: "staff", access: "moderator" }), async () => {
      handled++;
      return {};
    });
    registerErrorHandler(bare);
    const answer = await bare.inject({ url: "/staff" });
    expect([answer.statusCode, answer.json().code]).toEqual([401, "unauthorized"]);
    expect(handled).toBe(0);
    await bare.close();
  });
});

describe("responses in /api/docs", () => {
  type Responses = Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  async function responsesOf(path: string, method: string): Promise<Responses> {
    const paths = (await (await kit.app.inject({ url: "/api/docs/json" })).json().paths) as Record<
      string,
      Record<string, { responses: Responses }>
    >;
    return paths[path]?.[method]?.responses ?? {};
  }

  it("a route's failures are listed by status with their codes: its own, its schema's, its access level's", async () => {
    const order = await responsesOf("/api/orders", "post");
    expect(Object.keys(order).sort()).toEqual(["201", "400", "403", "409", "422", "429", "502"]);
    const conflicts = JSON.stringify(order["409"]);
    for (const code of ["order/price-changed", "order/out-of-stock", "product/unavailable"]) {
      expect(conflicts).toContain(code);
    }
    expect(JSON.stringify(order["403"])).toContain("checkout/account-not-approved");
    expect(JSON.stringify(order["403"])).toContain("csrf/cross-origin");
    expect(JSON.stringify(order["400"])).toContain('"validation"');

    const staffList = await responsesOf("/api/orders", "get");
    expect(Object.keys(staffList).sort()).toEqual(["200", "400", "401", "403"]);
    expect(JSON.stringify(staffList["403"])).toContain("forbidden-moderator");
    expect(JSON.stringify(await responsesOf("/api/payments/{provider}/notifications", "post"))).toContain(
      "payment/bad-notification",
    );
  });

  it("the main routes give the schema of their success", async () => {
    const order = await responsesOf("/api/orders", "post");
    expect(JSON.stringify(order["201"]?.content)).toContain("redirectUrl");
    const login = await responsesOf("/api/auth/login", "post");
    expect(JSON.stringify(login["200"]?.content)).toContain("accessToken");
    const product = await responsesOf("/api/shops/products/{id}", "get");
    expect(JSON.stringify(product["200"]?.content)).toContain("minPriceGrosze");
  });
});

describe("declared response schemas", () => {
  it("every route says what a success answers (a reply schema, a content type, or 204/302)", () => {
    expect(undeclaredReplies(kit.app)).toEqual([]);
  });

  it("the real replies of the main routes match the schemas their declarations give", async () => {
    const shop = await insertShopFixtures(kit.database.db, { plainQuantity: 10 });
    const checked: string[] = [];
    const matches = (key: string, response: LightMyRequestResponse) => {
      expect(kit.app.apiTable[key]?.response, key).toBeDefined();
      expectDeclaredReply(kit.app, key, response);
      checked.push(key);
    };
    matches("GET /api/health", await kit.app.inject({ url: "/api/health" }));
    matches("GET /api/health/live", await kit.app.inject({ url: "/api/health/live" }));
    matches("GET /api/health/ready", await kit.app.inject({ url: "/api/health/ready" }));
    const email = "odpowiedzi@example.com";
    const password = "haslo-testowe-123";
    matches(
      "POST /api/auth/register",
      await kit.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { displayName: "Ola Odpowiedź", email, password, confirmPassword: password },
      }),
    );
    const login = await kit.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password },
    });
    matches("POST /api/auth/login", login);
    matches(
      "GET /api/auth/user",
      await kit.app.inject({ url: "/api/auth/user", headers: bearer(login.json().accessToken) }),
    );
    const admin = await createSignedInUser(kit.database.db, { roles: ["admin", "user"] });
    matches("GET /api/users", await kit.app.inject({ url: "/api/users", headers: bearer(admin.token) }));
    matches("GET /api/shops/products/basic", await kit.app.inject({ url: "/api/shops/products/basic" }));
    matches(
      "GET /api/shops/products/:id",
      await kit.app.inject({ url: `/api/shops/products/${shop.plain.id}` }),
    );
    const cart = [{ productId: shop.plain.id, quantity: 1, variantKeys: {}, variantId: null }];
    const quote = await kit.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: orderBody({ cart, priceGrosze: 0 }),
    });
    const placed = await kit.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: orderBody({ cart, priceGrosze: quote.json().details.totalGrosze }),
    });
    matches("POST /api/orders", placed);
    const { orderNumber, email: orderEmail } = placed.json();
    matches(
      "GET /api/orders/:id",
      await kit.app.inject({ url: `/api/orders/${orderNumber}?email=${encodeURIComponent(orderEmail)}` }),
    );
    matches(
      "GET /api/orders/retry-payment/:id",
      await kit.app.inject({
        url: `/api/orders/retry-payment/${orderNumber}?email=${encodeURIComponent(orderEmail)}`,
      }),
    );
    matches("GET /api/parcel-points", await kit.app.inject({ url: "/api/parcel-points?q=Warszawa" }));
    expect(checked).toHaveLength(13);
  });
});
