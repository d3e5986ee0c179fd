import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer } from "../areas/accounts/accounts.fixtures";
import { registeredApiTable } from "../test/api-table";
import {
  badBody,
  badQuery,
  changedTables,
  HUGE_STRING,
  inputJsonSchema,
  routeUrl,
  type ShopUnderAttack,
  startShopUnderAttack,
  tableChecksums,
  toQueryString,
  UNICODE_EDGE_CASES,
  validLooking,
} from "../test/bad-input-arbitraries";
import { recordFigure } from "../test/figures";
import type { ApiRoute } from "./api-table";

// Issue 7, "Bad input and attacks": every endpoint of the route table that takes a body or a
// query is fed generated bad input (server/test/bad-input-arbitraries.ts: from the route's own zod
// schema — wrong types, huge strings, negative/fractional/NaN-like/huge numbers, unknown and
// hostile keys, missing fields, arrays for objects, unicode edge cases incl. NUL). The caller passes
// the access check (an admin for staff routes and for PUT /api/users/:id on another account, none
// for public routes), route ids are real rows of the demo shop. For every case: never a 5xx; a body
// the zod schema refuses gets a 4xx, and a 400 of the validation kind names the fields; and the
// invalid bodies change no row of any table (sessions, rate-limit counters and view counts
// excluded). A generated body that happens to be valid may write: the checksums are taken again
// after it.

const API_TABLE = await registeredApiTable();

const RUNS_PER_ROUTE = 15;
const SEED = 7_2026;
const ACCEPTED_4XX = [400, 404, 409, 413, 415, 422, 429];

let shop: ShopUnderAttack;
let adminToken = "";
let tables: string[] = [];
const totals = { routes: 0, cases: 0, invalid: 0, serverErrors: 0, changedRows: 0 };

beforeAll(async () => {
  shop = await startShopUnderAttack();
  adminToken = shop.admin.token;
  tables = shop.tables;
});

afterAll(async () => {
  await shop?.close();
});

const urlOf = (key: string) => routeUrl(key, shop.ids);

/** Staff and user routes are called by an admin (PUT /api/users/:id on another account); public ones anonymously. */
function headersFor(route: ApiRoute): Record<string, string> {
  return route.access === "public" ? {} : bearer(adminToken);
}

/** A body Fastify's JSON parser refuses before any handler (prototype poisoning). */
function hasPrototypeKeys(body: unknown): boolean {
  return /"(__proto__|constructor)"\s*:/.test(JSON.stringify(body) ?? "");
}

/** Handlers that read a missing or JSON null body as {} (an empty update, a form with nothing in it). */
const NULL_BODY_IS_EMPTY = new Set(["PUT /api/users/:id", "POST /api/shops/message"]);

const bodyRoutes = Object.entries(API_TABLE).filter(([, route]) => route.body && route.access !== "webhook");
const queryRoutes = Object.entries(API_TABLE).filter(([, route]) => route.querystring);

describe("generated bad bodies (from each route's zod schema)", () => {
  it("the generator's valid-looking base passes every route's zod schema (so 'one field broken' means something)", () => {
    const valid = bodyRoutes.filter(([, route]) => {
      const body = route.body;
      return body ? body.safeParse(validLooking(inputJsonSchema(body))).success : false;
    });
    expect(valid.map(([key]) => key)).toEqual(bodyRoutes.map(([key]) => key));
  });

  it.each(bodyRoutes.map(([key]) => key))(
    "%s: 4xx with field errors, never 5xx, no row changed",
    async (key) => {
      const route = API_TABLE[key] as ApiRoute;
      const zodSchema = route.body;
      if (!zodSchema) throw new Error("no body");
      const { method, url } = urlOf(key);
      const arbitrary = badBody(inputJsonSchema(zodSchema));
      let baseline = await tableChecksums(shop.database.db, tables);
      let invalidSinceBaseline = 0;
      let cases = 0;
      let invalid = 0;
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ kind, body }) => {
          cases++;
          const sent = JSON.stringify(body);
          const parsed = sent === undefined ? undefined : JSON.parse(sent);
          const received = parsed === null && NULL_BODY_IS_EMPTY.has(key) ? {} : parsed;
          const refused = !zodSchema.safeParse(received).success || hasPrototypeKeys(body);
          if (!refused && invalidSinceBaseline > 0) {
            // the invalid bodies since the last checksum changed nothing
            const changed = changedTables(baseline, await tableChecksums(shop.database.db, tables));
            totals.changedRows += changed.length;
            expect(changed, `${key}: invalid bodies changed ${changed.join(", ")}`).toEqual([]);
            invalidSinceBaseline = 0;
          }
          const response = await shop.app.inject({
            method: method as "POST",
            url,
            headers: { ...headersFor(route), "content-type": "application/json" },
            payload: sent ?? "null",
          });
          if (response.statusCode >= 500) totals.serverErrors++;
          expect(response.statusCode, `${key} (${kind}): ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (refused) {
            invalid++;
            invalidSinceBaseline++;
            expect(ACCEPTED_4XX, `${key} (${kind}) answered ${response.statusCode}`).toContain(
              response.statusCode,
            );
            if (response.statusCode === 400) {
              const answer = response.json();
              expect(answer.code, `${key} (${kind})`).toBeTypeOf("string");
              if (answer.code === "validation" && !hasPrototypeKeys(body)) {
                expect(Object.keys(answer.fields ?? {}).length, `${key} (${kind}): fields`).toBeGreaterThan(
                  0,
                );
              }
            }
          } else {
            baseline = await tableChecksums(shop.database.db, tables);
          }
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
      );
      const changed = changedTables(baseline, await tableChecksums(shop.database.db, tables));
      totals.changedRows += changed.length;
      expect(changed, `${key}: invalid bodies changed ${changed.join(", ")}`).toEqual([]);
      expect(invalid).toBeGreaterThan(RUNS_PER_ROUTE / 2);
      totals.routes++;
      totals.cases += cases;
      totals.invalid += invalid;
    },
  );
});

describe("generated bad query strings", () => {
  it.each(queryRoutes.map(([key]) => key))(
    "%s: never 5xx, 400s name the fields, no row changed",
    async (key) => {
      const route = API_TABLE[key] as ApiRoute;
      if (!route.querystring) throw new Error("no query");
      const { method, url } = urlOf(key);
      const before = await tableChecksums(shop.database.db, tables);
      let cases = 0;
      await fc.assert(
        fc.asyncProperty(badQuery(inputJsonSchema(route.querystring)), async ({ kind, query }) => {
          cases++;
          const response = await shop.app.inject({
            method: method as "GET",
            url: `${url}?${toQueryString(query)}`,
            headers: headersFor(route),
          });
          if (response.statusCode >= 500) totals.serverErrors++;
          expect(response.statusCode, `${key} (${kind}): ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(ACCEPTED_4XX, `${key} (${kind}) answered ${response.statusCode}`).toContain(
              response.statusCode,
            );
          }
          if (response.statusCode === 400 && response.json().code === "validation") {
            expect(
              Object.keys(response.json().fields ?? {}).length,
              `${key} (${kind}): fields`,
            ).toBeGreaterThan(0);
          }
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
      );
      const changed = changedTables(before, await tableChecksums(shop.database.db, tables));
      totals.changedRows += changed.length;
      expect(changed, `${key}: bad queries changed ${changed.join(", ")}`).toEqual([]);
      totals.routes++;
      totals.cases += cases;
      totals.invalid += cases;
    },
  );
});

describe("bodies read outside the route table's schemas", () => {
  it("POST /api/cart/restore: bad saved carts and coupon codes (NUL included) get 200 or 400, never 5xx, no row changed", async () => {
    const before = await tableChecksums(shop.database.db, tables);
    const coupons = [...UNICODE_EDGE_CASES, HUGE_STRING, 42, [], {}, null, "' OR '1'='1"];
    const carts = [
      [],
      [null],
      ["\u0000"],
      [{ productId: "1", quantity: -1 }],
      [{ productId: shop.ids.product, quantity: 1e308 }],
      {},
      "x",
    ];
    for (const [index, coupon] of coupons.entries()) {
      for (const cart of carts) {
        const response = await shop.app.inject({
          method: "POST",
          url: "/api/cart/restore",
          payload: { cart, coupon, delivery: "courier" },
          // each code from its own address: every code check counts against the coupon limit
          remoteAddress: `192.0.2.${index + 1}`,
        });
        totals.cases++;
        totals.invalid++;
        if (response.statusCode >= 500) totals.serverErrors++;
        expect(
          [200, 400],
          `${JSON.stringify({ cart, coupon }).slice(0, 80)}: ${response.body.slice(0, 200)}`,
        ).toContain(response.statusCode);
      }
    }
    const changed = changedTables(before, await tableChecksums(shop.database.db, tables));
    totals.changedRows += changed.length;
    expect(changed).toEqual([]);
  });
});

describe("payment notifications without a signature", () => {
  it("bad, unsigned notification bodies get 400 and change nothing", async () => {
    const before = await tableChecksums(shop.database.db, tables);
    const bodies = [
      "",
      "null",
      "[]",
      '{"paymentId":"x","status":"CONFIRMED"}',
      "{\u0000}",
      "x".repeat(100_000),
    ];
    for (const provider of ["paynow", "demo"]) {
      for (const payload of bodies) {
        const response = await shop.app.inject({
          method: "POST",
          url: `/api/payments/${provider}/notifications`,
          headers: { "content-type": "application/json" },
          payload,
        });
        expect(
          response.statusCode,
          `${provider} ${payload.slice(0, 40)}: ${response.body}`,
        ).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        totals.cases++;
        totals.invalid++;
      }
    }
    expect(changedTables(before, await tableChecksums(shop.database.db, tables))).toEqual([]);
  });
});

describe("the figure", () => {
  it("every route with a body or query schema was attacked, 0 answers were 5xx, 0 rows changed", () => {
    recordFigure({
      suite: "bad input",
      tried: `${totals.routes} routes × ${RUNS_PER_ROUTE} generated cases (${totals.cases} requests, ${totals.invalid} invalid) + unsigned webhooks`,
      result: `5xx = ${totals.serverErrors}, rows changed by invalid input = ${totals.changedRows}`,
      held:
        totals.serverErrors === 0 &&
        totals.changedRows === 0 &&
        totals.routes === bodyRoutes.length + queryRoutes.length,
    });
    expect(totals.routes).toBe(bodyRoutes.length + queryRoutes.length);
    expect(totals.serverErrors).toBe(0);
    expect(totals.changedRows).toBe(0);
  });
});
