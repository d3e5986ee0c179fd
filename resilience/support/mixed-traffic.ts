import { CART_COOKIE } from "../../web/lib/shop-cookies";
import {
  call,
  expectStatus,
  guestOrderBody,
  percentile,
  placeOrder,
  type Reply,
  type StockedVariant,
} from "./http";

// Mixed shopper traffic for the resilience suite (load.test.ts over two instances, production.test.ts
// through Caddy): one cycle of 20 arrivals, half browsing (home, list, product pages), then search,
// the cart form and a guest order, sent as an open loop (the i-th request leaves at start + i / rate
// whether or not earlier ones were answered).

export type TrafficKind = "browse" | "search" | "cart" | "order";

export interface Sample {
  /** the arrival's number (0, 1, …) */
  index: number;
  kind: TrafficKind;
  status: number;
  expected: number;
  ms: number;
  /** set when the reply is not the expected one (status, cookie) or the request failed on the network */
  error?: string;
  /** milliseconds since the run started when the request left and when its answer was read */
  sentAt: number;
  answeredAt: number;
  reply: Reply;
}

export interface TrafficTarget {
  /** the base URL the i-th request goes to */
  baseUrl(i: number): string;
  /** the variants orders and carts use (plenty of stock: an order must never be refused) */
  stocked: StockedVariant[];
  /** product page paths to browse */
  productPaths: string[];
  /** the orders' e-mail addresses start with this (the test counts them afterwards) */
  emailPrefix: string;
  /** more headers on every request (e.g. a request number a proxy's log can show) */
  headers?(i: number): Record<string, string>;
}

const PATTERN = (
  "browse search browse cart browse order browse search browse cart " +
  "browse order browse search browse cart browse search browse order"
).split(" ") as TrafficKind[];
const WORDS = ["kocyk", "wyprawka", "zestaw", "bawełna", "poduszka", "śpiworek", "różowy", "muślin"];
const pick = <T>(list: T[], i: number) => list[i % list.length] as T;
// the action's Set-Cookie carries the cart (an empty value would be the cookie's removal)
const cartCookie = new RegExp(`(?:^|[,\\s])${CART_COOKIE}=[^;\\s]`);

/** The first 20 products' page paths (through `baseUrl`). */
export async function productPagePaths(baseUrl: string): Promise<string[]> {
  const catalogue = expectStatus(
    await call<{ _id: number; slug: string }[]>("GET", `${baseUrl}/api/shops/products`),
    200,
    "product list",
  );
  return catalogue.slice(0, 20).map((product) => `/produkt/${product._id}-${product.slug}`);
}

/** The kind of the i-th arrival. */
export const trafficKind = (i: number): TrafficKind => pick(PATTERN, i);

/** Sends the i-th arrival; `started` is the run's start (performance.now()). */
export function sendMixed(target: TrafficTarget, i: number, started: number): Promise<Sample> {
  const kind = trafficKind(i);
  const base = target.baseUrl(i);
  const variant = pick(target.stocked, i);
  const extra = target.headers?.(i) ?? {};
  const sentAt = performance.now() - started;
  // a reply counts as an error unless it has the expected status (and passes `check`)
  const done =
    (expected: number, check: (reply: Reply) => string | undefined = () => undefined) =>
    (reply: Reply): Sample => {
      const problem =
        reply.error ?? (reply.status === expected ? check(reply) : JSON.stringify(reply.body)?.slice(0, 300));
      return {
        index: i,
        kind,
        status: reply.status,
        expected,
        ms: reply.ms,
        error: problem,
        sentAt,
        answeredAt: performance.now() - started,
        reply,
      };
    };
  switch (kind) {
    case "browse": {
      const path = pick(["/", "/produkty", ...target.productPaths], Math.floor(i / 2));
      return call("GET", `${base}${path}`, { headers: { accept: "text/html", ...extra } }).then(done(200));
    }
    case "search": {
      const word = pick(WORDS, Math.floor(i / 4));
      return call("GET", `${base}/api/shops/products?szukaj=${encodeURIComponent(word)}`, {
        headers: extra,
      }).then(done(200));
    }
    case "cart": {
      // the cart form as posted without JavaScript: the /koszyk action answers 303 and sets the cart cookie
      const form = new URLSearchParams({
        intent: "add",
        productId: String(variant.productId),
        variantId: String(variant.variantId),
        variantKeys: JSON.stringify({ [String(variant.fieldId)]: variant.optionId }),
        returnTo: "/koszyk",
      });
      return call("POST", `${base}/koszyk`, {
        body: form,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept: "text/html",
          origin: base,
          ...extra,
        },
      }).then(
        done(303, (reply) =>
          cartCookie.test(reply.headers.get("set-cookie") ?? "") ? undefined : "no cart cookie set",
        ),
      );
    }
    case "order":
      return placeOrder(base, guestOrderBody(variant, { email: `${target.emailPrefix}-${i}@example.com` }), {
        headers: extra,
      }).then(done(201));
  }
}

export interface TrafficRun {
  samples: Sample[];
  /** requests sent per second (the open loop's achieved arrival rate) */
  sentPerSecond: number;
  /** answers per second, until the last one */
  answeredPerSecond: number;
  /** how late the sends were against their schedule (p99, ms) */
  sendLagP99: number;
  /** the run's start (performance.now()) */
  started: number;
}

/** Sends `seconds × rate` mixed arrivals as an open loop and waits for every answer. */
export async function runMixedTraffic(
  target: TrafficTarget,
  options: { seconds: number; rate: number; started?: number },
): Promise<TrafficRun> {
  const total = Math.round(options.seconds * options.rate);
  const pending: Promise<Sample>[] = [];
  const lateness: number[] = [];
  const started = options.started ?? performance.now();
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lateness.push(performance.now() - due);
    pending.push(sendMixed(target, i, started));
  }
  const sendSeconds = (performance.now() - started) / 1000;
  const samples = await Promise.all(pending);
  const allSeconds = (performance.now() - started) / 1000;
  return {
    samples,
    sentPerSecond: total / sendSeconds,
    answeredPerSecond: samples.length / allSeconds,
    sendLagP99: percentile(lateness, 99),
    started,
  };
}

/** "browse 250: p50 12 ms, p99 80 ms; …; all 500: …" */
export function latencyLines(samples: Sample[]): string {
  const kinds: (TrafficKind | "all")[] = ["browse", "search", "cart", "order", "all"];
  return kinds
    .map((kind) => {
      const list = samples.filter((sample) => kind === "all" || sample.kind === kind);
      const ms = list.map((sample) => sample.ms);
      return `${kind} ${list.length}: p50 ${Math.round(percentile(ms, 50))} ms, p99 ${Math.round(percentile(ms, 99))} ms`;
    })
    .join("; ");
}
