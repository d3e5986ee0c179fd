import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer } from "../areas/accounts/accounts.fixtures";
import { registeredApiTable } from "../test/api-table";
import {
  changedTables,
  inputJsonSchema,
  routeUrl,
  type ShopUnderAttack,
  startShopUnderAttack,
  tableChecksums,
  validLooking,
} from "../test/bad-input-arbitraries";
import { recordFigure } from "../test/figures";

// Issue 7, "SQL injection probes in every query parameter": every query parameter of every GET
// route with a query schema in the route table (incl. /api/shops/products sortujWg, sortujTyp,
// szukaj, kategoria, minCena, maxCena; ?email= of the order routes, again against a real order; the
// e-mail confirmation link's ?token=&email=; the blog list's ?limit=) and every route param of a
// GET route get classic probes. Promises: no 5xx, no database error text in any answer, the
// tables unchanged (checksums of every row; products counted), and a pg_sleep(5) probe never
// makes a request take seconds (bound 3 s: an invariant, not a timing — the injected sleep alone
// would be 5 s).
//
// The server-rendered list (/produkty?sortujWg=…&szukaj=…) is left to the browser tests: its
// loader (web/routes/products/products.tsx) parses with parseProductQuery (domain/validation/product-query.ts,
// whose helpers the API's productListParamsSchema shares), and calls the same
// catalog.searchProducts, which builds every condition and ORDER BY with Drizzle parameters
// (no sql.raw anywhere in server/).

const API_TABLE = await registeredApiTable();

const PROBES: readonly string[] = [
  "' OR '1'='1",
  "'; DROP TABLE products; --",
  "1) OR 1=1--",
  "1 UNION SELECT id, password_hash FROM users--",
  "' UNION SELECT NULL, version(), NULL--",
  "\\'",
  "%27",
  "`sleep 5`",
  "'; SELECT pg_sleep(5); --",
  "1; SELECT pg_sleep(5)",
  "title, (SELECT pg_sleep(5))",
  "$$; DROP TABLE orders; $$",
  "-- comment",
  "/* comment */ price",
  "price desc; DELETE FROM products",
  "' AND 1=CAST((SELECT version()) AS int)--",
  `${"'".repeat(2_000)}${"x".repeat(3_000)}`,
  "\u0000'; --",
];

/** Text that would only appear in an answer when a database error leaks. */
const LEAK =
  /syntax error|relation "|column "|postgres|drizzle|failed query|pglite|sqlstate|unterminated|invalid input syntax|node_modules|\bat [\w.<>]+ \(|\.ts:\d+:\d+/i;

/**
 * The order routes' ?email=: the loop over declared query strings probes it with a made-up order number;
 * these probe it again against a real order, so the e-mail reaches the order lookup's comparison.
 */
const REAL_ORDER_QUERY_PARAMS: Record<string, string[]> = {
  "GET /api/orders/:id": ["email"],
  "GET /api/orders/retry-payment/:id": ["email"],
  "GET /api/orders/:id/invoice": ["email"],
};

let shop: ShopUnderAttack;
let before: Record<string, string>;
let productsBefore = 0;
const tally = { requests: 0, serverErrors: 0, leaks: 0, slow: 0, slowest: 0 };

async function productCount(): Promise<number> {
  const result = await shop.database.db.execute<{ n: string }>(sql`select count(*)::text as n from products`);
  return Number(result.rows[0]?.n ?? -1);
}

beforeAll(async () => {
  shop = await startShopUnderAttack();
  before = await tableChecksums(shop.database.db, shop.tables);
  productsBefore = await productCount();
});

afterAll(async () => {
  await shop?.close();
});

/** Sends one probe and checks the answer: no 5xx, no leak, not slow. */
async function probe(label: string, url: string, token: string | null, echo: string): Promise<void> {
  const started = Date.now();
  const response = await shop.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });
  const elapsed = Date.now() - started;
  tally.requests++;
  tally.slowest = Math.max(tally.slowest, elapsed);
  if (response.statusCode >= 500) tally.serverErrors++;
  // an answer may quote the probe back (a search echo): only what is not the probe counts
  const body = response.body.split(JSON.stringify(echo).slice(1, -1)).join("").split(echo).join("");
  const leaked = LEAK.exec(body)?.[0];
  if (leaked) tally.leaks++;
  if (elapsed >= 3_000) tally.slow++;
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  expect(leaked, `${label} leaked "${leaked}": ${response.body.slice(0, 300)}`).toBeUndefined();
  expect(elapsed, `${label} took ${elapsed} ms`).toBeLessThan(3_000);
}

const queryRoutes = Object.entries(API_TABLE).filter(
  ([key, route]) => key.startsWith("GET ") && route.querystring,
);

describe("SQL injection probes", () => {
  it.each(queryRoutes.map(([key]) => key))(
    "%s: every query parameter × every probe — no 5xx, no error leak, not slow",
    async (key) => {
      const route = API_TABLE[key];
      if (!route?.querystring) throw new Error("no query");
      const json = inputJsonSchema(route.querystring);
      const names = Object.keys(json.properties ?? {});
      expect(names.length).toBeGreaterThan(0);
      const base: Record<string, string> = {};
      for (const name of json.required ?? []) {
        base[name] = String(validLooking(json.properties?.[name] ?? {}, name));
      }
      const { url } = routeUrl(key, shop.ids);
      const token = route.access === "public" ? null : shop.admin.token;
      for (const name of names) {
        for (const text of PROBES) {
          const query = new URLSearchParams({ ...base, [name]: text });
          await probe(`${key} ?${name}=${text.slice(0, 40)}`, `${url}?${query}`, token, text);
        }
      }
    },
  );

  it("the product list's sortujWg, sortujTyp, szukaj, kategoria, minCena and maxCena are among the probed parameters", () => {
    const schema = API_TABLE["GET /api/shops/products"]?.querystring;
    expect(schema).toBeDefined();
    const names = Object.keys(inputJsonSchema(schema as never).properties ?? {});
    expect(names).toEqual(
      expect.arrayContaining(["sortujWg", "sortujTyp", "szukaj", "kategoria", "minCena", "maxCena"]),
    );
  });

  it("the order routes' declared ?email= gets every probe against a real order too", async () => {
    for (const [key, names] of Object.entries(REAL_ORDER_QUERY_PARAMS)) {
      expect(API_TABLE[key]?.querystring, key).toBeDefined();
      const id = key.includes(":id") ? shop.order.orderNumber : undefined;
      const { url } = routeUrl(key, shop.ids, id);
      for (const name of names) {
        for (const text of PROBES) {
          await probe(
            `${key} ?${name}=${text.slice(0, 40)}`,
            `${url}?${new URLSearchParams({ [name]: text })}`,
            null,
            text,
          );
        }
      }
    }
  });

  it("every route param of a GET route (ids, order numbers, page links, coupon codes) gets every probe", async () => {
    const keys = Object.keys(API_TABLE).filter((key) => key.startsWith("GET ") && key.includes(":"));
    expect(keys.length).toBeGreaterThan(4);
    for (const key of keys) {
      for (const text of PROBES) {
        for (const token of [null, shop.customer.token]) {
          const { url } = routeUrl(key, shop.ids, encodeURIComponent(text));
          await probe(`${key} with ${text.slice(0, 40)}`, url, token, text);
        }
      }
    }
  });

  it("after every probe: no table changed, the products are all there", async () => {
    const changed = changedTables(before, await tableChecksums(shop.database.db, shop.tables));
    const products = await productCount();
    recordFigure({
      suite: "sql injection",
      tried: `${PROBES.length} probes × every query parameter and route param of the GET routes (${tally.requests} requests)`,
      result: `5xx = ${tally.serverErrors}, leaks = ${tally.leaks}, ≥ 3 s = ${tally.slow} (slowest ${tally.slowest} ms), tables changed = ${changed.length}, products ${productsBefore} → ${products}`,
      held:
        tally.serverErrors === 0 &&
        tally.leaks === 0 &&
        tally.slow === 0 &&
        changed.length === 0 &&
        products === productsBefore,
    });
    expect(tally.requests).toBeGreaterThan(300);
    expect(changed).toEqual([]);
    expect(products).toBe(productsBefore);
    expect(tally.serverErrors).toBe(0);
    expect(tally.leaks).toBe(0);
  });
});
