import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "../../domain/types";
import { CONSENT_COOKIE, LANG_COOKIE } from "../../web/lib/cookies";
import { FLASH_COOKIE } from "../../web/lib/flash.server";
import { LAST_ROUTE_COOKIE as WEB_LAST_ROUTE_COOKIE } from "../../web/lib/last-route";
import {
  CART_COOKIE,
  CHECKOUT_DATA_COOKIE,
  COUPON_COOKIE,
  DELIVERY_COOKIE,
  DELIVERY_POINT_COOKIE,
} from "../../web/lib/shop-cookies";
import { buildApp } from "../app";
import { bearer, createSignedInUser } from "../areas/accounts/accounts.fixtures";
import { SESSION_COOKIE } from "../areas/accounts/session-cookie";
import { insertCategoryTree } from "../areas/catalog/catalog.fixtures";
import { PUBLIC_CACHE_CONTROL, publicCache } from "../areas/catalog/catalog.routes";
import { orderBody } from "../areas/orders/orders.fixtures";
import { ConfigError, loadConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { products } from "../db/schema";
import type { ChangeFeed, ChangeListener } from "../lib/change-feed";
import { noteChosenByStock, noteShownProduct } from "../lib/shown-products";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { recordFigure } from "../test/figures";
import { testConfig } from "../test/test-config";
import {
  CACHEABLE_API_ROUTES,
  KEY_COOKIES,
  LAST_ROUTE_COOKIE,
  PAGE_CACHE_CONTROL,
  PRIVATE_PAGE_CACHE_CONTROL,
  readWhole,
  registerResponseCache,
} from "./response-cache";

// HTTP caching (docs/decisions/023-http-caching.md): which requests are cached, ETag and 304, the
// CSP nonce of cached pages, invalidation by the database's change notifications (on one instance and
// across two on PostgreSQL), the race of a render with a change, the TTL and the size cap.

const BUILT = fs.existsSync(path.resolve("build/server/index.js"));
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);

// ---------------------------------------------------------------- the rules, on a bare app

/** A feed the test drives: emit() is a change notification, listening can be switched off. */
function fakeFeed(): ChangeFeed & { emit(source: string): void; listening: boolean } {
  const listeners = new Set<ChangeListener>();
  return {
    listening: true,
    ready: Promise.resolve(),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(source) {
      for (const listener of listeners) listener(source);
    },
    close: async () => {},
  };
}

interface BareApp {
  app: FastifyInstance;
  feed: ReturnType<typeof fakeFeed>;
  /** how many times the handler ran */
  calls(): number;
  clock: { now: number };
  /** runs inside the handler, before it answers */
  during: { action: (() => void) | null };
}

async function bareApp(options: { ttlMs?: number; maxEntries?: number; maxBytes?: number } = {}) {
  const feed = fakeFeed();
  const clock = { now: 1_000_000 };
  const during: BareApp["during"] = { action: null };
  let calls = 0;
  const app = Fastify({ logger: false });
  registerResponseCache(app, { feed, enabled: true, now: () => clock.now, ...options });
  app.get("/api/shops/products/:id", async (request, reply) => {
    calls += 1;
    // as the catalog does: each product shown is noted (after an await, as after a read);
    // "w-magazynie" stands for an in-stock strip
    const { id } = request.params as { id: string };
    await Promise.resolve();
    if (id === "w-magazynie") noteChosenByStock();
    else if (/^\d+$/.test(id)) noteShownProduct(Number(id));
    during.action?.();
    publicCache(reply);
    return { id: (request.params as { id: string }).id, calls };
  });
  await app.ready();
  return { app, feed, clock, during, calls: () => calls } satisfies BareApp;
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers });

/** The x-cache header of a GET of each URL (asked at the same time). */
const cacheStatuses = (app: FastifyInstance, urls: readonly string[]) =>
  Promise.all(urls.map(async (url) => (await get(app, url)).headers["x-cache"]));

describe("the response cache's rules", () => {
  it("serves a stored answer until its TTL, then asks the handler again", async () => {
    const { app, clock, calls } = await bareApp({ ttlMs: 1_000 });
    expect((await get(app, "/api/shops/products/1")).headers["x-cache"]).toBe("miss");
    clock.now += 999;
    const hit = await get(app, "/api/shops/products/1");
    expect(hit.headers["x-cache"]).toBe("hit");
    expect(hit.json()).toEqual({ id: "1", calls: 1 });
    clock.now += 1;
    const expired = await get(app, "/api/shops/products/1");
    expect(expired.headers["x-cache"]).toBe("miss");
    expect(calls()).toBe(2);
    await app.close();
  });

  it("does not store an answer whose handler overlapped a change, and clears on every change", async () => {
    const { app, feed, during, calls } = await bareApp();
    during.action = () => feed.emit("products");
    expect((await get(app, "/api/shops/products/1")).headers["x-cache"]).toBe("miss");
    during.action = null;
    // not stored: the next one runs the handler again, and that one is stored
    expect((await get(app, "/api/shops/products/1")).headers["x-cache"]).toBe("miss");
    expect((await get(app, "/api/shops/products/1")).headers["x-cache"]).toBe("hit");
    expect(calls()).toBe(2);
    feed.emit("categories");
    expect((await get(app, "/api/shops/products/1")).headers["x-cache"]).toBe("miss");
    expect(calls()).toBe(3);
    await app.close();
  });

  it("drops on a stock change only the answers that show one of its products or chose theirs by stock", async () => {
    const { app, feed, calls } = await bareApp();
    const urls = ["/1", "/2", "/w-magazynie", "/bez-produktow"].map((tail) => `/api/shops/products${tail}`);
    for (const url of urls) await get(app, url);
    feed.emit("stock:1,7");
    expect(await cacheStatuses(app, urls)).toEqual(["miss", "hit", "miss", "hit"]);
    expect(calls()).toBe(6);
    // any other signal still clears everything
    feed.emit("product_variants");
    expect((await get(app, urls[1] as string)).headers["x-cache"]).toBe("miss");
    await app.close();
  });

  it("stores an answer made across a stock change only if the change does not concern it", async () => {
    const { app, feed, during } = await bareApp();
    during.action = () => feed.emit("stock:2");
    await get(app, "/api/shops/products/1");
    await get(app, "/api/shops/products/2");
    await get(app, "/api/shops/products/w-magazynie");
    during.action = null;
    const after = await cacheStatuses(
      app,
      ["1", "2", "w-magazynie"].map((id) => `/api/shops/products/${id}`),
    );
    expect(after).toEqual(["hit", "miss", "miss"]);
    // across more changes than it remembers: not stored, whatever they named
    during.action = () => {
      for (let i = 0; i < 300; i += 1) feed.emit("stock:9");
    };
    await get(app, "/api/shops/products/3");
    during.action = null;
    expect((await get(app, "/api/shops/products/3")).headers["x-cache"]).toBe("miss");
    await app.close();
  });

  it("neither serves nor stores while the feed is not listening", async () => {
    const { app, feed, calls } = await bareApp();
    await get(app, "/api/shops/products/1");
    feed.listening = false;
    expect((await get(app, "/api/shops/products/1")).headers["x-cache"]).toBe("miss");
    expect((await get(app, "/api/shops/products/2")).headers["x-cache"]).toBe("miss");
    feed.listening = true;
    expect((await get(app, "/api/shops/products/2")).headers["x-cache"]).toBe("miss");
    expect(calls()).toBe(4);
    await app.close();
  });

  it("keeps at most maxEntries answers, dropping the least recently used", async () => {
    const { app } = await bareApp({ maxEntries: 2 });
    await get(app, "/api/shops/products/1");
    await get(app, "/api/shops/products/2");
    expect((await get(app, "/api/shops/products/1")).headers["x-cache"]).toBe("hit");
    await get(app, "/api/shops/products/3");
    expect((await get(app, "/api/shops/products/2")).headers["x-cache"]).toBe("miss");
    expect((await get(app, "/api/shops/products/3")).headers["x-cache"]).toBe("hit");
    await app.close();
  });

  it("does not store an answer larger than an eighth of maxBytes", async () => {
    const { app } = await bareApp({ maxBytes: 8 * 20 });
    await get(app, "/api/shops/products/1");
    // {"id":"1","calls":1} is 20 bytes: stored; a longer id makes it 21
    expect((await get(app, "/api/shops/products/1")).headers["x-cache"]).toBe("hit");
    await get(app, "/api/shops/products/12");
    expect((await get(app, "/api/shops/products/12")).headers["x-cache"]).toBe("miss");
    await app.close();
  });

  it("keys pages on the cookies that change them and uses the pages' own cookie names", () => {
    expect(KEY_COOKIES).toEqual([LANG_COOKIE, CONSENT_COOKIE]);
    expect(LAST_ROUTE_COOKIE).toBe(WEB_LAST_ROUTE_COOKIE);
  });

  it("reads a cacheable GET's answer whole (the page is rendered into one buffer), never a bypass's or a HEAD's", () => {
    const state = {
      kind: "page" as const,
      key: "page localhost /produkt/1-a lang= cookieConsent=",
      generation: 0,
      hit: false,
      shown: null,
    };
    expect(readWhole({ method: "GET", responseCache: state })).toBe(true);
    expect(readWhole({ method: "HEAD", responseCache: state })).toBe(false);
    expect(readWhole({ method: "GET", responseCache: { ...state, key: null } })).toBe(false);
    expect(readWhole({ method: "GET", responseCache: null })).toBe(false);
  });
});

describe("RESPONSE_CACHE", () => {
  it('is on by default, "off" turns it off, anything else stops the start naming it', () => {
    expect(loadConfig({}).responseCache).toBe(true);
    expect(loadConfig({ RESPONSE_CACHE: "off" }).responseCache).toBe(false);
    expect(() => loadConfig({ RESPONSE_CACHE: "maybe" })).toThrow(ConfigError);
    expect(() => loadConfig({ RESPONSE_CACHE: "maybe" })).toThrow(/RESPONSE_CACHE/);
  });
});

// ---------------------------------------------------------------- the API on the app

/** Public GET routes that are deliberately not cached, and why. */
const NOT_CACHED_PUBLIC_GETS: Record<string, string> = {
  "GET /api/health": "asks the database every time: it is the liveness check",
  "GET /api/health/live": "the process answers: a cached answer would say nothing",
  "GET /api/health/ready": "asks the database and the worker every time (docs/decisions/071)",
  "GET /api/auth/confirm-email": "a one-time token",
  "GET /api/shops/coupons/is-active/:code": "a rate-limited check per client address",
  "GET /api/parcel-points": "a search over thousands of lockers (own max-age=300), not a catalog read",
};

const PRODUCT_IMAGE = { url: "/media/p.jpg", thumb_url: "/media/p-thumb.jpg", name: "p", isNew: true };

function productPayload(categoryId: number, title: string) {
  return {
    title,
    description: "<p>Miękki</p>",
    tags: ["kocyk"],
    images: [PRODUCT_IMAGE],
    categories: [categoryId],
    fields: [],
    variants: [],
    quantity: 5,
    priceGrosze: 10_000,
    promotionalPriceGrosze: null,
    vatRate: 23,
    isNew: true,
    processingTime: "1-2",
  };
}

interface Shop {
  app: FastifyInstance;
  database: TestDatabase;
  dataDir: string;
  staff: string;
  categoryId: number;
  /** creates a product through the staff API */
  createProduct(title: string): Promise<Product>;
  renameProduct(product: Product, title: string): Promise<void>;
  close(): Promise<void>;
}

async function startShop(options: { web: "production" | false; env?: Record<string, string> }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "response-cache-"));
  const database = await createTestDatabase();
  const app = await buildApp(testConfig({ DATA_DIR: dataDir, ...options.env }), database, {
    web: options.web,
    logger: false,
  });
  const cats = await insertCategoryTree(database.db);
  const staff = (await createSignedInUser(database.db, { roles: ["shop-moderator", "user"] })).token;
  const shop: Shop = {
    app,
    database,
    dataDir,
    staff,
    categoryId: cats.kocyki,
    async createProduct(title) {
      const created = await app.inject({
        method: "POST",
        url: "/api/shops/products",
        headers: bearer(staff),
        payload: productPayload(cats.kocyki, title),
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<Product>();
    },
    async renameProduct(product, title) {
      const updated = await app.inject({
        method: "PUT",
        url: `/api/shops/products/${product._id}`,
        headers: bearer(staff),
        payload: productPayload(cats.kocyki, title),
      });
      expect(updated.statusCode, updated.body).toBe(200);
    },
    async close() {
      await app.close();
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return shop;
}

describe("the public catalog API", () => {
  let shop: Shop;
  let product: Product;

  beforeAll(async () => {
    shop = await startShop({ web: false });
    product = await shop.createProduct("Kocyk do pamięci podręcznej");
  });
  afterAll(() => shop?.close());

  it("caches exactly the public GET routes that depend only on the URL", () => {
    const publicGets = Object.entries(shop.app.apiTable)
      .filter(([key, route]) => key.startsWith("GET ") && route.access === "public")
      .map(([key]) => key);
    const cached = [...CACHEABLE_API_ROUTES].map((url) => `GET ${url}`);
    for (const key of cached) expect(publicGets, key).toContain(key);
    expect(publicGets.filter((key) => !cached.includes(key)).sort()).toEqual(
      Object.keys(NOT_CACHED_PUBLIC_GETS).sort(),
    );
  });

  it("answers a miss, then the same body and ETag from the cache, with public, max-age=60", async () => {
    const url = `/api/shops/products/${product._id}`;
    const first = await get(shop.app, url);
    const second = await get(shop.app, url);
    expect([first.headers["x-cache"], second.headers["x-cache"]]).toEqual(["miss", "hit"]);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
    expect(second.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(second.json<Product>().title).toBe("Kocyk do pamięci podręcznej");
  });

  it("keys on the full URL, query included", async () => {
    await get(shop.app, "/api/shops/products?strona=1");
    expect((await get(shop.app, "/api/shops/products?strona=1")).headers["x-cache"]).toBe("hit");
    expect((await get(shop.app, "/api/shops/products?strona=1&sortujWg=price")).headers["x-cache"]).toBe(
      "miss",
    );
  });

  it("bypasses a request with credentials (session cookie or bearer token); other cookies do not matter", async () => {
    const url = "/api/shops/categories";
    await get(shop.app, url);
    const session = await get(shop.app, url, { cookie: `${SESSION_COOKIE}=${shop.staff}` });
    const token = await get(shop.app, url, bearer(shop.staff));
    const cart = await get(shop.app, url, { cookie: `${CART_COOKIE}=%5B%5D; ${LANG_COOKIE}=en` });
    expect([session, token, cart].map((r) => r.headers["x-cache"])).toEqual(["bypass", "bypass", "hit"]);
    expect(session.headers.etag).toBeUndefined();
  });

  it("answers If-None-Match with 304 and no body, from the cache and after a miss", async () => {
    const url = "/api/shops/fields";
    const first = await get(shop.app, url);
    const etag = String(first.headers.etag);
    const hit = await get(shop.app, url, { "if-none-match": etag });
    expect(hit.statusCode).toBe(304);
    expect(hit.body).toBe("");
    expect(hit.headers.etag).toBe(etag);
    expect(hit.headers["x-cache"]).toBe("hit");
    expect((await get(shop.app, url, { "if-none-match": `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await get(shop.app, url, { "if-none-match": '"other"' })).statusCode).toBe(200);
  });

  it("shows a staff PUT through the API on the next anonymous GET", async () => {
    const url = `/api/shops/products/${product._id}`;
    await get(shop.app, url);
    expect((await get(shop.app, url)).headers["x-cache"]).toBe("hit");
    await shop.renameProduct(product, "Kocyk po zmianie");
    const after = await get(shop.app, url);
    expect(after.headers["x-cache"]).toBe("miss");
    expect(after.json<Product>().title).toBe("Kocyk po zmianie");
    product = after.json<Product>();
  });

  it("shows a raw UPDATE in the database on the next anonymous GET", async () => {
    const url = `/api/shops/products/${product._id}`;
    await get(shop.app, url);
    await shop.database.db.update(products).set({ title: "Kocyk z SQL" }).where(eq(products.id, product._id));
    const after = await get(shop.app, url);
    expect(after.json<Product>().title).toBe("Kocyk z SQL");
    expect(after.headers["x-cache"]).toBe("miss");
  });
});

describe("RESPONSE_CACHE=off", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ web: false, env: { RESPONSE_CACHE: "off" } });
  });
  afterAll(() => shop?.close());

  it("stores nothing, but still answers ETag and 304", async () => {
    const first = await get(shop.app, "/api/shops/categories");
    const second = await get(shop.app, "/api/shops/categories");
    expect([first.headers["x-cache"], second.headers["x-cache"]]).toEqual(["bypass", "bypass"]);
    expect(second.headers.etag).toBe(first.headers.etag);
    const revalidated = await get(shop.app, "/api/shops/categories", {
      "if-none-match": String(first.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
  });
});

// ---------------------------------------------------------------- pages (the built app)

/** The nonce of a page's CSP header. */
function cspNonce(headers: Record<string, unknown>): string {
  const nonce = /'nonce-([^']+)'/.exec(String(headers["content-security-policy"]))?.[1];
  if (!nonce) throw new Error("no nonce in the Content-Security-Policy");
  return nonce;
}

/** Every executable <script> tag of a page (JSON-LD data blocks are not run, and carry no nonce). */
function scriptTags(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes("ld+json"));
}

describe("storefront pages", () => {
  let shop: Shop;
  let product: Product;
  let productUrl: string;

  beforeAll(async () => {
    if (!BUILT) throw new Error("build/ is missing: run `npm run build` first (`npm test` does)");
    shop = await startShop({ web: "production" });
    product = await shop.createProduct("Kocyk na stronie");
    productUrl = `/produkt/${product._id}-${product.slug}`;
  });
  afterAll(() => shop?.close());

  it("serves an anonymous page from the cache with this request's nonce in the body and in the CSP", async () => {
    const first = await get(shop.app, productUrl);
    const second = await get(shop.app, productUrl);
    expect(first.statusCode).toBe(200);
    expect([first.headers["x-cache"], second.headers["x-cache"]]).toEqual(["miss", "hit"]);
    const nonces = [cspNonce(first.headers), cspNonce(second.headers)];
    expect(nonces[0]).not.toBe(nonces[1]);
    for (const [index, answer] of [first, second].entries()) {
      const tags = scriptTags(answer.body);
      expect(tags.length).toBeGreaterThan(1);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonces[index]}"`);
      expect(answer.body).not.toContain(nonces[1 - index]);
      expect(answer.body).toContain("Kocyk na stronie");
      expect(answer.headers["cache-control"]).toBe(PAGE_CACHE_CONTROL);
      expect(answer.headers.vary).toContain("Cookie");
      expect(answer.headers["content-type"]).toContain("text/html");
    }
    // the same stored body: equal once the nonces are set aside, and one ETag
    expect(second.body.replaceAll(nonces[1] as string, "N")).toBe(
      first.body.replaceAll(nonces[0] as string, "N"),
    );
    expect(second.headers.etag).toBe(first.headers.etag);
    recordFigure({
      suite: "caching",
      tried: "an anonymous product page twice",
      result: `miss then hit, ${scriptTags(second.body).length} scripts each with its own request's nonce, one ETag`,
      held: nonces[0] !== nonces[1],
    });
  });

  it("sends a miss fast Brotli of its own body and a hit the stored gzip, with each request's nonce", async () => {
    const other = await shop.createProduct("Kocyk skompresowany");
    const url = `/produkt/${other._id}-${other.slug}`;
    const request = { method: "GET" as const, url, headers: { "accept-encoding": "gzip, deflate, br" } };
    const miss = await shop.app.inject(request);
    const hit = await shop.app.inject(request);
    expect([miss.headers["x-cache"], hit.headers["x-cache"]]).toEqual(["miss", "hit"]);
    // the miss: Brotli made once from the answer (never a second time by @fastify/compress); the
    // hit: the stored gzip pieces, made on this first hit, joined with its nonce
    expect([miss.headers["content-encoding"], hit.headers["content-encoding"]]).toEqual(["br", "gzip"]);
    const pages = [miss, hit].map((answer) => {
      expect(answer.headers.vary).toBe("Cookie, Accept-Encoding");
      const html = (
        answer.headers["content-encoding"] === "br"
          ? zlib.brotliDecompressSync(answer.rawPayload)
          : zlib.gunzipSync(answer.rawPayload)
      ).toString("utf8");
      const nonce = cspNonce(answer.headers) as string;
      for (const tag of scriptTags(html)) expect(tag).toContain(`nonce="${nonce}"`);
      expect(html).toContain("Kocyk skompresowany");
      return html.replaceAll(nonce, "N");
    });
    expect(pages[1]).toBe(pages[0]);
    recordFigure({
      suite: "caching",
      tried: "a product page's miss and hit with Accept-Encoding gzip, deflate, br",
      result: `miss Brotli quality 2 (${miss.rawPayload.length} bytes), hit gzip from the stored pieces (${hit.rawPayload.length} bytes), same page once the nonces are set aside`,
      held: pages[0] === pages[1],
    });
  });

  it("sends a miss that takes gzip only the stored gzip pieces, as a hit would", async () => {
    const other = await shop.createProduct("Kocyk tylko gzip");
    const url = `/produkt/${other._id}-${other.slug}`;
    const request = { method: "GET" as const, url, headers: { "accept-encoding": "gzip" } };
    const miss = await shop.app.inject(request);
    const hit = await shop.app.inject(request);
    expect([miss.headers["x-cache"], hit.headers["x-cache"]]).toEqual(["miss", "hit"]);
    const pages = [miss, hit].map((answer) => {
      expect(answer.headers["content-encoding"]).toBe("gzip");
      const html = zlib.gunzipSync(answer.rawPayload).toString("utf8");
      const nonce = cspNonce(answer.headers) as string;
      for (const tag of scriptTags(html)) expect(tag).toContain(`nonce="${nonce}"`);
      expect(html).toContain("Kocyk tylko gzip");
      return html.replaceAll(nonce, "N");
    });
    expect(pages[1]).toBe(pages[0]);
  });

  it("answers If-None-Match with 304: no body and no Content-Security-Policy", async () => {
    const first = await get(shop.app, productUrl);
    const revalidated = await get(shop.app, productUrl, { "if-none-match": String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
    expect(revalidated.headers["content-security-policy"]).toBeUndefined();
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(revalidated.headers["cache-control"]).toBe(PAGE_CACHE_CONTROL);
  });

  it("keys on the language and the consent answer, and passes the remembered route", async () => {
    const english = await get(shop.app, "/", { cookie: `${LANG_COOKIE}=en` });
    const englishAgain = await get(shop.app, "/", {
      cookie: `${LANG_COOKIE}=en; ${LAST_ROUTE_COOKIE}=%2Fblog`,
    });
    const polish = await get(shop.app, "/");
    const consented = await get(shop.app, "/", { cookie: `${CONSENT_COOKIE}=1` });
    expect(english.body).toContain('<html lang="en"');
    expect(englishAgain.headers["x-cache"]).toBe("hit");
    expect(englishAgain.body).toContain('<html lang="en"');
    expect(polish.body).toContain('<html lang="pl"');
    expect(polish.headers.etag).not.toBe(english.headers.etag);
    expect(consented.headers.etag).not.toBe(polish.headers.etag);
  });

  it("replays the remembered-route cookie on a hit unless the visitor already has it", async () => {
    const route = encodeURIComponent(productUrl);
    await get(shop.app, productUrl);
    const without = await get(shop.app, productUrl);
    const withIt = await get(shop.app, productUrl, { cookie: `${LAST_ROUTE_COOKIE}=${route}` });
    expect(without.headers["x-cache"]).toBe("hit");
    expect(String(without.headers["set-cookie"])).toContain(`${LAST_ROUTE_COOKIE}=${route};`);
    expect(withIt.headers["x-cache"]).toBe("hit");
    expect(withIt.headers["set-cookie"]).toBeUndefined();
  });

  it("renders a cacheable page into one buffer with the markup the stream gives a personal request", async () => {
    const other = await shop.createProduct("Kocyk w jednym kawałku");
    const url = `/produkt/${other._id}-${other.slug}`;
    // a cookie the cache does not know: not cacheable, so streamed (web/entry.server.tsx)
    const streamed = await get(shop.app, url, { cookie: "something-else=1" });
    const whole = await get(shop.app, url);
    expect([streamed.headers["x-cache"], whole.headers["x-cache"]]).toEqual(["bypass", "miss"]);
    expect([streamed.statusCode, whole.statusCode]).toEqual([200, 200]);
    const pages = [streamed, whole].map((answer) =>
      answer.body.replaceAll(cspNonce(answer.headers) as string, "N"),
    );
    expect(pages[1]).toContain("Kocyk w jednym kawałku");
    expect(pages[1]).toBe(pages[0]);
  });

  it("bypasses the cache for any other cookie, saying private, no-store", async () => {
    const cookies = [
      `${SESSION_COOKIE}=${shop.staff}`,
      `${CART_COOKIE}=${encodeURIComponent(JSON.stringify([{ productId: product._id, quantity: 1 }]))}`,
      `${COUPON_COOKIE}=WITAJ10`,
      `${DELIVERY_COOKIE}=courier`,
      `${DELIVERY_POINT_COOKIE}=%7B%7D`,
      `${CHECKOUT_DATA_COOKIE}=%7B%7D`,
      `${FLASH_COOKIE}=%7B%7D`,
      "something-else=1",
    ];
    for (const cookie of cookies) {
      const answer = await get(shop.app, productUrl, { cookie: `${LANG_COOKIE}=pl; ${cookie}` });
      expect(answer.headers["x-cache"], cookie).toBe("bypass");
      expect(answer.headers["cache-control"], cookie).toBe(PRIVATE_PAGE_CACHE_CONTROL);
      expect(answer.headers.etag, cookie).toBeUndefined();
    }
    const bearerAnswer = await get(shop.app, productUrl, bearer(shop.staff));
    expect(bearerAnswer.headers["x-cache"]).toBe("bypass");
  });

  it("never caches the personal pages", async () => {
    for (const url of [
      "/koszyk",
      "/logowanie",
      "/rejestracja",
      "/konto",
      "/dostawa-i-platnosc",
      "/zamowienie",
    ]) {
      const answer = await get(shop.app, url);
      expect(answer.headers["x-cache"], url).toBe("bypass");
      expect(answer.headers.etag, url).toBeUndefined();
      expect(answer.headers["cache-control"], url).toMatch(/private|no-store/);
    }
    expect((await get(shop.app, "/koszyk.data")).headers["x-cache"]).toBe("bypass");
  });

  it("caches the client navigations' data requests and answers HEAD from the cache", async () => {
    const data = `${productUrl}.data`;
    await get(shop.app, data);
    const hit = await get(shop.app, data);
    expect(hit.headers["x-cache"]).toBe("hit");
    expect(hit.body).toContain("Kocyk na stronie");
    await get(shop.app, "/blog");
    const head = await shop.app.inject({ method: "HEAD", url: "/blog" });
    expect(head.headers["x-cache"]).toBe("hit");
    expect(head.body).toBe("");
  });

  it("shows a staff change on the next anonymous page load", async () => {
    await get(shop.app, productUrl);
    expect((await get(shop.app, productUrl)).headers["x-cache"]).toBe("hit");
    const listed = await get(shop.app, "/produkty");
    expect(listed.body).toContain("Kocyk na stronie");
    await shop.renameProduct(product, "Kocyk przemianowany");
    // the old address now redirects to the new slug (a stale cache would answer the old page)
    const old = await get(shop.app, productUrl);
    expect(old.statusCode).toBe(301);
    const renamed = (await get(shop.app, `/api/shops/products/${product._id}`)).json<Product>();
    const page = await get(shop.app, `/produkt/${renamed._id}-${renamed.slug}`);
    const list = await get(shop.app, "/produkty");
    expect(page.headers["x-cache"]).toBe("miss");
    expect(page.body).toContain("Kocyk przemianowany");
    expect(page.body).not.toContain("Kocyk na stronie");
    expect(list.headers["x-cache"]).toBe("miss");
    expect(list.body).toContain("Kocyk przemianowany");
  });

  it("keeps other products' pages when an order takes stock, and shows the sold product's new stock on its own", async () => {
    const sold = await shop.createProduct("Kocyk do wyprzedania");
    const untouched = await shop.createProduct("Kocyk nietknięty");
    const pageOf = (of: Product) => `/produkt/${of._id}-${of.slug}`;
    const urls = [pageOf(sold), pageOf(untouched), `${pageOf(untouched)}.data`, "/", "/produkty"];
    for (const url of urls) await get(shop.app, url);
    expect(await cacheStatuses(shop.app, urls)).toEqual(["hit", "hit", "hit", "hit", "hit"]);
    expect((await get(shop.app, pageOf(sold))).body).toContain("Ostatnie sztuki");

    // a guest buys all 5 (100.00 each: free delivery)
    const order = await shop.app.inject({
      method: "POST",
      url: "/api/orders",
      // by courier: this shop's points table is empty (the built-in picker takes only its points)
      payload: orderBody({
        cart: [{ productId: sold._id, quantity: 5, variantKeys: {}, variantId: null }],
        priceGrosze: 50_000,
        delivery: "courier",
        deliveryPoint: null,
      }),
    });
    expect(order.statusCode, order.body).toBe(201);

    const after = await Promise.all(urls.map((url) => get(shop.app, url)));
    // the sold product's page, the home page (its in-stock strip) and the list that shows it are made
    // afresh; the other product's page and its .data stay
    expect(after.map((answer) => answer.headers["x-cache"])).toEqual(["miss", "hit", "hit", "miss", "miss"]);
    expect(after[0]?.body).toContain("Produkt niedostępny");
    expect(after[0]?.body).not.toContain("Ostatnie sztuki");
  });

  it("does not store a page that is not a 200 (a missing product)", async () => {
    const first = await get(shop.app, "/produkt/999999-nie-ma");
    const second = await get(shop.app, "/produkt/999999-nie-ma");
    expect(first.statusCode).toBe(404);
    expect(second.headers["x-cache"]).toBe("miss");
    expect(second.headers.etag).toBeUndefined();
  });
});

// ---------------------------------------------------------------- two instances, one database

describe.skipIf(!ON_POSTGRES)("two instances on one PostgreSQL database", () => {
  let a: Shop;
  let b: FastifyInstance;
  let bDatabase: Database;
  let bDataDir: string;

  beforeAll(async () => {
    a = await startShop({ web: false });
    // instance B: its own pool (its own connections), as another process would have
    const url = (a.database.db as unknown as { $client: { options: { connectionString: string } } }).$client
      .options.connectionString;
    bDatabase = await openDatabase({ databaseUrl: url, dbDir: null, poolSize: 4 });
    bDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "response-cache-b-"));
    b = await buildApp(testConfig({ DATA_DIR: bDataDir }), bDatabase, { web: false, logger: false });
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    if (bDataDir) fs.rmSync(bDataDir, { recursive: true, force: true });
    await a?.close();
  });

  it("a write through instance A changes instance B's cached answer", async () => {
    const product = await a.createProduct("Kocyk instancji A");
    const url = `/api/shops/products/${product._id}`;
    // A's insert reaches B as a notification some milliseconds later, and it clears B's cache (an
    // answer stored before it, or rendered across it, is dropped): ask until B serves a hit
    let cached: unknown = "";
    const cachedBy = Date.now() + 5_000;
    while (cached !== "hit" && Date.now() < cachedBy) {
      cached = (await get(b, url)).headers["x-cache"];
      if (cached !== "hit") await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(cached).toBe("hit");
    await a.renameProduct(product, "Kocyk zmieniony przez A");
    const start = Date.now();
    let title = "";
    while (Date.now() - start < 5_000) {
      title = (await get(b, url)).json<Product>().title;
      if (title === "Kocyk zmieniony przez A") break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const ms = Date.now() - start;
    expect(title).toBe("Kocyk zmieniony przez A");
    recordFigure({
      suite: "caching",
      tried: "two instances on one PostgreSQL database: a product renamed through A",
      result: `B's cached answer showed the new title after ${ms} ms`,
      held: title === "Kocyk zmieniony przez A",
    });
  });
});
