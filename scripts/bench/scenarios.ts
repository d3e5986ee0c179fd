import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type Background, cycle, type Load } from "./measure";
import type { BenchData } from "./prepare";
import { ROOT } from "./processes";

// What `npm run bench` measures, and the targets of issue 8 (2-core machine, load generator on the
// same cores, 20 connections). Every scenario varies its requests over many URLs so a figure is
// never one hot row: list and search over pages, categories, flags, prices and sorts; product pages
// over 2,000 products (and 20 popular ones repeated); orders over 40 products, each with its own idempotency key.

export interface Target {
  requestsPerSecond: number;
  p99Ms?: number;
}

export interface Scenario {
  id: string;
  label: string;
  /** served through the response cache for anonymous visitors (measured with it on and off) */
  cacheable: boolean;
  target?: Target;
  load: Load;
  /** requests sent at a steady rate alongside the load, not measured against the target */
  background?: Background;
  /** a few requests that must answer 2xx before the load starts */
  probe: { method: "GET" | "POST"; path: string; body?: string; headers?: Record<string, string> }[];
}

export const TARGETS: Record<string, Target> = {
  "product-page": { requestsPerSecond: 500, p99Ms: 100 },
  "product-page-popular": { requestsPerSecond: 500, p99Ms: 100 },
  "product-page-popular-orders": { requestsPerSecond: 500, p99Ms: 100 },
  "list-api": { requestsPerSecond: 1_500 },
  search: { requestsPerSecond: 500 },
  order: { requestsPerSecond: 300 },
};

/** How many products the "popular products" scenario repeats. */
const POPULAR_PRODUCTS = 20;
/** Orders a second placed while the popular pages are read (a busy sale; each changes stock). */
export const BACKGROUND_ORDERS_PER_SECOND = 20;

/** The scenarios that place orders: they need the orders priced first (with the cache on). */
export const ORDER_SCENARIOS: readonly string[] = ["order", "product-page-popular-orders"];

/**
 * On PostgreSQL each target is this many times higher (issue 8: "on PostgreSQL at least 1.5x each"; ADR 029:
 * each target, not PGlite's figure of the same run).
 */
export const POSTGRES_FACTOR = 1.5;

/** A scenario's target on the given database: the figure on PGlite, POSTGRES_FACTOR times it on PostgreSQL. */
export function targetOn(kind: "pglite" | "postgres", target: Target): Target {
  if (kind === "pglite") return target;
  return { ...target, requestsPerSecond: Math.round(target.requestsPerSecond * POSTGRES_FACTOR) };
}

const FLAGS = ["nowosci", "wyprawki", "zestawy", "wyprzedaz", "premium"] as const;
const SORTS = ["", "sortujWg=title", "sortujWg=price", "sortujWg=price&sortujTyp=desc", "sortujTyp=desc"];
const PRICES = ["", "minCena=20", "maxCena=60", "minCena=30&maxCena=120"];

/** 160 different list queries: pages, categories, flags, price ranges and sorts combined. */
export function listQueries(data: BenchData): string[] {
  const queries = new Set<string>();
  const categories = data.categoryIds.slice(0, 12);
  for (let i = 0; queries.size < 160 && i < 2_000; i += 1) {
    const parts: string[] = [];
    if (i % 3 !== 0 && categories.length > 0) parts.push(`kategoria=${categories[i % categories.length]}`);
    if (i % 4 === 1) parts.push(`${FLAGS[(i >> 2) % FLAGS.length]}=tak`);
    const price = PRICES[(i >> 1) % PRICES.length];
    if (price) parts.push(price);
    const sort = SORTS[i % SORTS.length];
    if (sort) parts.push(sort);
    parts.push(`strona=${1 + (i % 4)}`);
    queries.add(parts.join("&"));
  }
  return [...queries];
}

/** Searches over words of the catalog's titles, some with a typo, some on page 2 or within a category. */
export function searchQueries(data: BenchData): string[] {
  const queries: string[] = [];
  data.searchWords.forEach((word, i) => {
    const text = i % 5 === 4 && word.length > 5 ? `${word.slice(0, 2)}${word.slice(3)}` : word;
    const extra =
      i % 7 === 3
        ? "&strona=2"
        : i % 7 === 5 && data.categoryIds[0]
          ? `&kategoria=${data.categoryIds[0]}`
          : "";
    queries.push(`szukaj=${encodeURIComponent(text)}${extra}`);
  });
  return queries;
}

/** A content-hashed file of the client build (the stylesheet every page loads). */
export function staticAsset(): string {
  const dir = path.join(ROOT, "build", "client", "assets");
  const css = fs.readdirSync(dir).filter((name) => /-[\w-]{8}\.css$/.test(name));
  const largest = css.sort(
    (a, b) => fs.statSync(path.join(dir, b)).size - fs.statSync(path.join(dir, a)).size,
  )[0];
  if (!largest) throw new Error(`no hashed stylesheet in ${dir}`);
  return `/assets/${largest}`;
}

/**
 * The Accept-Encoding every request sends: what browsers send, so compressed answers cost what they
 * cost a real visitor (BENCH_ACCEPT_ENCODING="" measures uncompressed answers).
 */
export const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? "gzip, deflate, br";
const encodingHeader: Record<string, string> = ACCEPT_ENCODING ? { "accept-encoding": ACCEPT_ENCODING } : {};

function getScenario(id: string, label: string, paths: string[], cacheable: boolean): Scenario {
  return {
    id,
    label,
    cacheable,
    target: TARGETS[id],
    load: { path: cycle(paths), headers: () => encodingHeader },
    probe: paths.slice(0, 3).map((p) => ({ method: "GET" as const, path: p })),
  };
}

export interface OrderLine {
  productId: number;
  totalGrosze: number;
}

export const ORDER_PATH = "/api/orders";
const BENCH_EMAIL = "bench@example.com";

/** A guest order of one unit, parcel locker or courier (alternating); the total must be the server's. */
export function orderBody(line: { productId: number; totalGrosze: number }, courier: boolean): string {
  const recipient = {
    displayName: "Anna Kowalska",
    email: BENCH_EMAIL,
    phone: "600 100 200",
    postCode: "00-001",
    city: "Warszawa",
    street: "Marszałkowska 1",
    nip: "",
  };
  return JSON.stringify({
    priceGrosze: line.totalGrosze,
    delivery: courier ? "courier" : "parcel-locker",
    cart: [{ productId: line.productId, quantity: 1, variantKeys: {}, variantId: null }],
    coupon: null,
    recipient,
    invoiceData: { ...recipient, email: "", phone: "" },
    deliveryPoint: courier
      ? null
      : {
          foreign_access_point_id: "WAW01M",
          name: "WAW01M",
          street: "Marszałkowska",
          house_number: "10",
          flat_number: null,
          postal_code: "00-001",
          city: "Warszawa",
        },
    acceptTermsAndConditions: true,
    maxProcessingTime: "1-2",
  });
}

/**
 * The order lines with the totals the server computes (a first POST with a wrong total answers
 * 409 order/price-changed with the right one, and creates nothing).
 */
export async function priceOrders(baseUrl: string, data: BenchData): Promise<{ body: string }[]> {
  const bodies: { body: string }[] = [];
  for (const [i, productId] of data.orderable.entries()) {
    const courier = i % 2 === 1;
    const response = await fetch(`${baseUrl}${ORDER_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: orderBody({ productId, totalGrosze: 0 }, courier),
    });
    const answer = (await response.json()) as { code?: string; details?: { totalGrosze?: number } };
    const total = answer.details?.totalGrosze;
    if (response.status !== 409 || answer.code !== "order/price-changed" || typeof total !== "number") {
      throw new Error(
        `pricing an order of product ${productId}: ${response.status} ${JSON.stringify(answer)}`,
      );
    }
    bodies.push({ body: orderBody({ productId, totalGrosze: total }, courier) });
  }
  return bodies;
}

export function shopScenarios(data: BenchData, orders: { body: string }[]): Scenario[] {
  const list = listQueries(data);
  const search = searchQueries(data);
  const productPages = data.products.map((p) => `/produkt/${p.id}-${p.slug}`);
  const nextOrder = orders.length > 0 ? cycle(orders) : null;
  // every order from a shopper of its own (address and e-mail): the shop limits orders per address
  // and per e-mail (server/lib/rate-limit.ts "order"); the bench shop trusts X-Forwarded-For
  let shopper = 0;
  const orderLoad: Load = {
    method: "POST",
    path: () => ORDER_PATH,
    headers: () => {
      shopper += 1;
      return {
        ...encodingHeader,
        "content-type": "application/json",
        "idempotency-key": randomUUID(),
        "x-forwarded-for": `10.${(shopper >> 16) & 255}.${(shopper >> 8) & 255}.${shopper & 255}`,
      };
    },
    body: () => (nextOrder?.().body ?? "").replace(BENCH_EMAIL, `bench-${shopper}@example.com`),
  };
  const order: Scenario = {
    id: "order",
    label: "POST /api/orders (guest, 1 line)",
    cacheable: false,
    target: TARGETS.order,
    load: orderLoad,
    probe: [],
  };
  // the popular pages while orders change stock: each order's stock change drops only the answers
  // that show the sold product (and the in-stock strip), so the other pages stay cached
  const popularWhileOrdering: Scenario = {
    ...getScenario(
      "product-page-popular-orders",
      `page /produkt/<id>-<slug> (20 popular products, ${BACKGROUND_ORDERS_PER_SECOND} orders/s of other products)`,
      productPages.slice(0, POPULAR_PRODUCTS),
      true,
    ),
    background: {
      label: `POST /api/orders at ${BACKGROUND_ORDERS_PER_SECOND}/s`,
      load: orderLoad,
      ratePerSecond: BACKGROUND_ORDERS_PER_SECOND,
    },
  };
  return [
    getScenario("static", `static asset ${staticAsset().replace(/^\/assets\//, "")}`, [staticAsset()], false),
    getScenario(
      "list-api",
      "GET /api/shops/products (filters)",
      list.map((q) => `/api/shops/products?${q}`),
      true,
    ),
    getScenario(
      "search",
      "GET /api/shops/products?szukaj=…",
      search.map((q) => `/api/shops/products?${q}`),
      true,
    ),
    getScenario("home", "page /", ["/"], true),
    getScenario(
      "list-page",
      "page /produkty (filters)",
      list.map((q) => `/produkty?${q}`),
      true,
    ),
    // a shop's traffic gathers on few products: the 20 most visited, repeated (served from the cache
    // after the first visit) …
    getScenario(
      "product-page-popular",
      "page /produkt/<id>-<slug> (20 popular products)",
      productPages.slice(0, POPULAR_PRODUCTS),
      true,
    ),
    // … and the long tail: 2,000 products, each page rendered afresh
    getScenario("product-page", "page /produkt/<id>-<slug> (2,000 products)", productPages, true),
    // last: every order changes stock, which drops the cached answers that show the sold product
    ...(nextOrder ? [popularWhileOrdering, order] : []),
  ];
}
