import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../areas/accounts/session-cookie";
import { type ChangeFeed, stockChangeOf } from "../lib/change-feed";
import { type ShownProducts, trackShownProducts } from "../lib/shown-products";
import {
  brotli,
  type Encoding,
  fastBrotli,
  type GzipPieces,
  gzip,
  gzipPieces,
  joinGzip,
  preferredEncoding,
} from "./stored-compression";

// HTTP caching of what anonymous visitors see (docs/decisions/023-http-caching.md):
//
// - Cacheable: GET/HEAD of the storefront pages (React Router; not the account, cart, checkout,
//   payment and sign-in pages) from a visitor without credentials and without any cookie other than
//   the language, the cookie-consent answer and the remembered route; and GET/HEAD of the public,
//   user-independent catalog and content API (CACHEABLE_API_ROUTES) without a session or bearer token.
// - Every 200 answer of a cacheable request gets a strong ETag (a hash of the body, with the page's
//   CSP nonce replaced by a placeholder, so it stays the same across hits); If-None-Match answers
//   304 without a body — for pages without a Content-Security-Policy, as the browser keeps the stored
//   answer's headers, whose nonce matches the stored body. Pages say `public, max-age=0,
//   must-revalidate` with `Vary: Cookie`; the API keeps its `public, max-age=60`. Pages that are not
//   cacheable (personal) say `private, no-store` unless they set their own Cache-Control.
// - The in-process cache (when enabled) keeps those answers — HTML with the nonce placeholder, the
//   new request's nonce written in on each hit — for TTL_MS at most, within a size cap (LRU). It is
//   cleared on every change signal of the database (server/lib/change-feed.ts, on every instance),
//   except that a signal that only some products' stock changed (an order) drops only the answers
//   that show one of them or chose their products by stock (server/lib/shown-products.ts); an answer
//   whose rendering overlapped a change that concerns it is not stored, and while the feed is not
//   listening nothing is served or stored.
// - `x-cache: hit | miss | bypass` says what happened.

/** The public GET routes of the API whose answers depend only on the URL (see api-table.ts). */
export const CACHEABLE_API_ROUTES: ReadonlySet<string> = new Set([
  "/api/shops/categories",
  "/api/shops/fields",
  "/api/shops/products",
  "/api/shops/products/basic",
  "/api/shops/products/:id",
  "/api/shops/headers",
  "/api/blogs",
  "/api/blogs/:id",
  "/api/pages",
  "/api/pages/by-link/:link",
  "/api/games",
  "/api/creators",
  "/api/creators/categories",
]);

/**
 * Page paths that are never cached (with everything under them): personal, one-time or form-only
 * pages, and what is not a React Router page at all.
 */
export const PERSONAL_PAGE_PATHS: readonly string[] = [
  "/konto",
  "/koszyk",
  "/dostawa-i-platnosc",
  "/bramka-demo",
  "/gotowe",
  "/zamowienie",
  "/logowanie",
  "/rejestracja",
  "/zresetuj-haslo",
  "/ustaw-nowe-haslo",
  "/token-success",
  "/token-error",
  "/wyloguj",
  "/jezyk",
  "/zgoda-cookies",
  "/api",
  "/media",
  "/assets",
];

/** Cookies a cacheable page request may carry: the first two are part of the cache key. */
export const KEY_COOKIES = ["lang", "cookieConsent"] as const;
/**
 * The remembered route (web/lib/last-route.ts): the root loader sets it to the page's own path for
 * anonymous visitors, so its Set-Cookie depends only on the URL; it is stored and replayed.
 */
export const LAST_ROUTE_COOKIE = "lastRoute";

export const PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate";
export const PRIVATE_PAGE_CACHE_CONTROL = "private, no-store";

/** Promotions and the lowest-price-of-30-days figure move with time: no answer lives longer. */
export const DEFAULT_TTL_MS = 60_000;
export const DEFAULT_MAX_ENTRIES = 2_000;
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** smaller answers are sent as they are (@fastify/compress's threshold, server/http/compression.ts) */
const COMPRESS_FROM_BYTES = 1024;

/** Stored media types: pages, JSON, and React Router's single-fetch data (client navigations). */
const STORED_TYPES = /^(text\/html|application\/json|text\/x-script)\b/i;
/** Headers never stored: per-request (CSP nonce, cookies, framing) or set on each hit. */
const UNSTORED_HEADERS = new Set([
  "content-security-policy",
  "set-cookie",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "vary",
  "x-cache",
]);

export interface ResponseCacheOptions {
  feed: ChangeFeed;
  /** keep answers in memory; without it only ETag, 304 and Cache-Control apply */
  enabled: boolean;
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  /** the clock (tests) */
  now?: () => number;
}

type Kind = "page" | "api";

/** The stored page with this request's nonce in every placeholder (bytes: no re-encoding per hit). */
function joinParts(parts: readonly Buffer[], nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce, "utf8");
  const pieces: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(nonceBytes);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

interface Entry {
  kind: Kind;
  /** a page's HTML split at the nonce placeholder, as bytes (joined with the request's nonce) */
  parts: Buffer[] | null;
  /** an API answer's body */
  body: Buffer | null;
  /** compressed once (server/http/stored-compression.ts): an API answer's Brotli and gzip bodies… */
  encoded: Record<Encoding, Buffer> | null;
  /**
   * … and a page's parts, to be joined into gzip with each hit's nonce; made on the page's first hit
   * that asks for gzip (a page asked for once is never compressed twice); null until then and below 1 kB
   */
  gzipPieces: GzipPieces | null;
  /** a page of at least 1 kB: sent compressed (its gzip pieces made when first needed) */
  compressible: boolean;
  etag: string;
  headers: Record<string, string | string[]>;
  /** the stored lastRoute Set-Cookie and the cookie value it sets */
  lastRoute: { setCookie: string; value: string } | null;
  /** the products whose stock the answer shows */
  shown: ShownProducts;
  size: number;
  expiresAt: number;
}

interface CacheState {
  kind: Kind;
  /** null: not cacheable (bypass) */
  key: string | null;
  /** the generation when the request started */
  generation: number;
  hit: boolean;
  /** the products the answer shows, noted while it is made (a cacheable miss of an enabled cache) */
  shown: ShownProducts | null;
}

/** A change signal, as the cache remembers it for the answers being made meanwhile. */
interface Change {
  generation: number;
  /** only these products' stock changed; null: anything may have changed */
  stockOf: readonly number[] | null;
}

/** How many recent signals are remembered: an answer made across more of them is not stored. */
const RECENT_CHANGES = 256;

/** Whether a change may have changed an answer that shows `shown`. */
function concerns(change: Change, shown: ShownProducts): boolean {
  return change.stockOf === null || shown.anyStock || change.stockOf.some((id) => shown.ids.has(id));
}

declare module "fastify" {
  interface FastifyRequest {
    responseCache: CacheState | null;
  }
}

/** Cookie names and raw values of a Cookie header. */
function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    const name = (index === -1 ? part : part.slice(0, index)).trim();
    if (name !== "") cookies.set(name, index === -1 ? "" : part.slice(index + 1).trim());
  }
  return cookies;
}

function isPersonalPath(pathname: string): boolean {
  // a single-fetch data request (/koszyk.data, /_root.data) belongs to its page
  const path = pathname.replace(/\.data$/, "");
  return PERSONAL_PAGE_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Which kind of answer this request asks for: the public API, a React Router page, or neither. */
function kindOf(request: FastifyRequest): Kind | null {
  const route = request.routeOptions.url;
  if (route === undefined) return null;
  if (CACHEABLE_API_ROUTES.has(route)) return "api";
  // React Router's catch-all route (@mcansh/remix-fastify); /media/* and /api/* have their own
  if (route === "/*" || route === "*") return "page";
  return null;
}

/**
 * The cache key of a request, or null when its answer may depend on who asks: credentials, or for
 * pages any cookie but the language, the consent and the remembered route.
 */
export function cacheKey(request: FastifyRequest, kind: Kind): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (request.headers.authorization) return null;
  const cookies = parseCookies(request.headers.cookie);
  if (cookies.has(SESSION_COOKIE)) return null;
  const base = `${kind} ${request.host} ${request.url}`;
  if (kind === "api") return base;
  const pathname = request.url.split("?")[0] ?? "/";
  if (isPersonalPath(pathname)) return null;
  for (const name of cookies.keys()) {
    if (name !== LAST_ROUTE_COOKIE && !(KEY_COOKIES as readonly string[]).includes(name)) return null;
  }
  return `${base} ${KEY_COOKIES.map((name) => `${name}=${cookies.get(name) ?? ""}`).join(" ")}`;
}

/**
 * Whether this request's answer is read whole before it is sent: a cacheable request's 200 answer is
 * hashed for its ETag (and stored while the cache is on), so streaming it gains the visitor nothing
 * and the page may be rendered into one buffer (web/entry.server.tsx).
 */
export function readWhole(request: Pick<FastifyRequest, "method" | "responseCache">): boolean {
  return request.method === "GET" && (request.responseCache?.key ?? null) !== null;
}

/**
 * A page's bytes split at its nonce (an ASCII token, found as it is in the UTF-8 bytes): the parts
 * share the body's memory, nothing is decoded or encoded again.
 */
function splitAt(body: Buffer, nonce: string): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(nonce, 0, "latin1"); at !== -1; at = body.indexOf(nonce, start, "latin1")) {
    parts.push(body.subarray(start, at));
    start = at + nonce.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

/** If-None-Match (weak comparison, RFC 9110 §13.1.2) against our ETag. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** The whole body of a reply payload (a string, a Buffer or a stream), or null when there is none. */
async function collect(payload: unknown): Promise<Buffer | null> {
  if (payload === null || payload === undefined) return null;
  if (typeof payload === "string") return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  if (typeof (payload as AsyncIterable<unknown>)[Symbol.asyncIterator] === "function") {
    const chunks: Buffer[] = [];
    for await (const chunk of payload as AsyncIterable<Buffer | string>) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    }
    return Buffer.concat(chunks);
  }
  return null;
}

/** The lastRoute cookie among a reply's Set-Cookie values; undefined when another cookie is set. */
function onlyLastRouteCookie(
  setCookie: ReturnType<FastifyReply["getHeader"]>,
): { setCookie: string; value: string } | null | undefined {
  if (setCookie === undefined) return null;
  const values = (Array.isArray(setCookie) ? setCookie : [setCookie]).map(String);
  if (values.length !== 1) return values.length === 0 ? null : undefined;
  const [cookie] = values as [string];
  if (!cookie.startsWith(`${LAST_ROUTE_COOKIE}=`)) return undefined;
  return {
    setCookie: cookie,
    value:
      cookie
        .slice(LAST_ROUTE_COOKIE.length + 1)
        .split(";")[0]
        ?.trim() ?? "",
  };
}

/** What a stored answer can be sent as: a page as gzip (its pieces), an API answer as either. */
function offeredEncodings(entry: Entry): Encoding[] {
  if (entry.compressible) return ["gzip"];
  return entry.encoded ? ["br", "gzip"] : [];
}

/** A small LRU map of entries bounded by count and bytes, with a TTL. */
function createStore(maxEntries: number, maxBytes: number, now: () => number) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.size;
  };
  return {
    get(key: string): Entry | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        remove(key);
        return undefined;
      }
      // most recently used last
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    set(key: string, entry: Entry): void {
      // one answer may not take more than an eighth of the cache
      if (entry.size > maxBytes / 8) return;
      remove(key);
      entries.set(key, entry);
      bytes += entry.size;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    /** an entry's size grew by `extra` bytes (its compressed copy was made after it was stored) */
    grow(key: string, entry: Entry, extra: number): void {
      entry.size += extra;
      if (entries.get(key) !== entry) return;
      bytes += extra;
      if (entry.size > maxBytes / 8) {
        remove(key);
        return;
      }
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        if (oldest !== key) remove(oldest);
        else break;
      }
    },
    clear(): void {
      entries.clear();
      bytes = 0;
    },
    /** drops every entry `drop` says to */
    dropWhere(drop: (entry: Entry) => boolean): void {
      for (const [key, entry] of entries) if (drop(entry)) remove(key);
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Registers the cache's hooks on every route (register after the security headers, which make the
 * request's nonce, and before the routes and the compression, so the cache sees plain bodies).
 */
export function registerResponseCache(app: FastifyInstance, options: ResponseCacheOptions): void {
  const { feed, enabled } = options;
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const store = createStore(
    options.maxEntries ?? DEFAULT_MAX_ENTRIES,
    options.maxBytes ?? DEFAULT_MAX_BYTES,
    now,
  );
  // stands for the nonce in stored pages; random per process, so no content can contain it
  const placeholder = Buffer.from(`\u0000csp-nonce-${randomBytes(12).toString("hex")}\u0000`, "latin1");
  /** a hash of the answer, with a page's nonce as the placeholder: the same across hits */
  function strongEtag(parts: readonly Buffer[]): string {
    const hash = createHash("sha256");
    parts.forEach((part, i) => {
      if (i > 0) hash.update(placeholder);
      hash.update(part);
    });
    return `"${hash.digest("base64url").slice(0, 27)}"`;
  }
  let generation = 0;
  /** the latest signals, oldest first (at most RECENT_CHANGES) */
  const recent: Change[] = [];
  const unsubscribe = feed.onChange((source) => {
    generation += 1;
    const change: Change = { generation, stockOf: stockChangeOf(source) };
    recent.push(change);
    if (recent.length > RECENT_CHANGES) recent.shift();
    if (change.stockOf === null) store.clear();
    else store.dropWhere((entry) => concerns(change, entry.shown));
  });
  /** whether no signal since `since` (a request's start) concerns an answer that shows `shown` */
  function unchangedSince(since: number, shown: ShownProducts): boolean {
    if (since === generation) return true;
    // a signal too old to be remembered may have concerned it
    if ((recent[0]?.generation ?? Number.POSITIVE_INFINITY) > since + 1) return false;
    return recent.every((change) => change.generation <= since || !concerns(change, shown));
  }
  app.addHook("onClose", async () => unsubscribe());
  app.decorateRequest("responseCache", null);

  /** 304: no body; a page's keeps no CSP, as the browser keeps the stored answer's (its nonce is the stored body's) */
  function notModified(reply: FastifyReply, kind: Kind): void {
    reply.code(304);
    reply.removeHeader("content-type");
    reply.removeHeader("content-length");
    if (kind === "page") reply.removeHeader("content-security-policy");
  }

  function cachingHeaders(reply: FastifyReply, kind: Kind, etag: string, cacheStatus: string): void {
    reply.header("etag", etag);
    reply.header("x-cache", cacheStatus);
    if (kind === "page") {
      // a page that says how it may be cached keeps its own word
      if (!reply.hasHeader("cache-control")) reply.header("cache-control", PAGE_CACHE_CONTROL);
      reply.header("vary", "Cookie");
    }
  }

  /** a stored page's gzip pieces, made now if this is the first time they are needed */
  function storedPieces(key: string, entry: Entry): GzipPieces {
    if (entry.gzipPieces) return entry.gzipPieces;
    const pieces = gzipPieces(entry.parts as Buffer[]);
    entry.gzipPieces = pieces;
    store.grow(
      key,
      entry,
      pieces.compressed.reduce((sum, piece) => sum + piece.length, 0),
    );
    return pieces;
  }

  app.addHook("onRequest", async (request, reply) => {
    const kind = kindOf(request);
    if (kind === null) return;
    const key = cacheKey(request, kind);
    request.responseCache = { kind, key, generation, hit: false, shown: null };
    if (key === null || !enabled || !feed.listening) return;
    const entry = store.get(key);
    if (!entry) return;
    request.responseCache.hit = true;
    const cookies = parseCookies(request.headers.cookie);
    if (entry.lastRoute && cookies.get(LAST_ROUTE_COOKIE) !== entry.lastRoute.value) {
      reply.header("set-cookie", entry.lastRoute.setCookie);
    }
    reply.headers(entry.headers);
    cachingHeaders(reply, kind, entry.etag, "hit");
    if (matchesIfNoneMatch(request.headers["if-none-match"], entry.etag)) {
      notModified(reply, kind);
      return reply.send();
    }
    // the security-headers hook already set this request's CSP with its nonce
    const encoding = preferredEncoding(request.headers["accept-encoding"], offeredEncodings(entry));
    if (encoding) {
      // compressed here, so @fastify/compress leaves the answer alone
      reply.header("content-encoding", encoding);
      reply.header("vary", kind === "page" ? "Cookie, Accept-Encoding" : "Accept-Encoding");
      const body = entry.compressible
        ? joinGzip(storedPieces(key, entry), request.cspNonce)
        : (entry.encoded as Record<Encoding, Buffer>)[encoding];
      return reply.code(200).send(body);
    }
    return reply.code(200).send(entry.parts ? joinParts(entry.parts, request.cspNonce) : entry.body);
  });

  // A miss that may be stored is made while noting the products it shows (the route's handler and
  // everything it starts run inside this hook's callback).
  app.addHook("onRequest", (request, _reply, done) => {
    const state = request.responseCache;
    if (state === null || state.key === null || !enabled) return done();
    state.shown = { ids: new Set(), anyStock: false };
    trackShownProducts(state.shown, done);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const state = request.responseCache;
    if (state === null || state.hit) return payload;
    if (state.key === null) {
      reply.header("x-cache", "bypass");
      if (state.kind === "page" && !reply.hasHeader("cache-control")) {
        reply.header("cache-control", PRIVATE_PAGE_CACHE_CONTROL);
      }
      return payload;
    }
    const cacheStatus = enabled ? "miss" : "bypass";
    reply.header("x-cache", cacheStatus);
    // a HEAD answer has no body to store or hash
    if (request.method !== "GET" || reply.statusCode !== 200) return payload;
    if (!STORED_TYPES.test(String(reply.getHeader("content-type") ?? ""))) return payload;
    // the route says the answer is someone's own
    if (/private|no-store/i.test(String(reply.getHeader("cache-control") ?? ""))) return payload;
    const lastRoute = onlyLastRouteCookie(reply.getHeader("set-cookie"));
    // another cookie means the answer is someone's own
    if (lastRoute === undefined) return payload;
    const body = await collect(payload);
    if (body === null) return payload;

    const nonce = request.cspNonce;
    const parts = state.kind === "page" && nonce ? splitAt(body, nonce) : null;
    const etag = strongEtag(parts ?? [body]);
    const shown = state.shown;
    const storable =
      enabled &&
      feed.listening &&
      shown !== null &&
      unchangedSince(state.generation, shown) &&
      // without the cookie in the answer, a request that already carried it leaves unknown what
      // the others should get
      (lastRoute !== null || !parseCookies(request.headers.cookie).has(LAST_ROUTE_COOKIE));
    let stored: Entry | null = null;
    if (storable) {
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined && !UNSTORED_HEADERS.has(name)) {
          headers[name] = Array.isArray(value) ? value.map(String) : String(value);
        }
      }
      const compressible = body.length >= COMPRESS_FROM_BYTES;
      const encoded = compressible && parts === null ? { br: brotli(body), gzip: gzip(body) } : null;
      stored = {
        kind: state.kind,
        parts,
        body: parts === null ? body : null,
        encoded,
        gzipPieces: null,
        compressible: compressible && parts !== null,
        etag,
        headers,
        lastRoute,
        shown,
        size: body.length + (encoded ? encoded.br.length + encoded.gzip.length : 0),
        expiresAt: now() + ttlMs,
      };
      store.set(state.key, stored);
    }
    cachingHeaders(reply, state.kind, etag, cacheStatus);
    if (matchesIfNoneMatch(request.headers["if-none-match"], etag)) {
      notModified(reply, state.kind);
      return null;
    }
    // An API answer was just compressed for the cache: this visitor gets those bytes too, rather
    // than @fastify/compress compressing the same body a second time (it leaves an encoded answer
    // alone). A page answered afresh (stored or not) gets fast Brotli of its own body (quality 2:
    // a fifth of the stored gzip pieces' cost, smaller too); its gzip pieces are made on its first
    // hit, or now for a visitor who takes gzip only (docs/decisions/025-compression.md, addendum).
    const page = state.kind === "page" && body.length >= COMPRESS_FROM_BYTES;
    const encoding = preferredEncoding(
      request.headers["accept-encoding"],
      page ? ["br", ...(stored ? (["gzip"] as const) : [])] : stored ? offeredEncodings(stored) : [],
    );
    if (encoding) {
      reply.header("content-encoding", encoding);
      reply.header("vary", state.kind === "page" ? "Cookie, Accept-Encoding" : "Accept-Encoding");
      reply.removeHeader("content-length");
      if (page && encoding === "br") return fastBrotli(body);
      if (stored?.compressible) return joinGzip(storedPieces(state.key, stored), nonce);
      if (stored?.encoded) return stored.encoded[encoding];
      return fastBrotli(body);
    }
    return body;
  });
}
