import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ChangeFeed } from "../../lib/change-feed";
import { type ShownProducts, trackShownProducts } from "../../lib/shown-products";
import {
  brotli,
  type Encoding,
  fastBrotli,
  type GzipPieces,
  gzip,
  gzipPieces,
  joinGzip,
  preferredEncoding,
} from "../stored-compression";
import { watchChanges } from "./changes";
import { joinParts, noncePlaceholder, splitAt, strongEtag } from "./nonce";
import {
  COMPRESS_FROM_BYTES,
  cacheKey,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_ENTRIES,
  DEFAULT_TTL_MS,
  type Kind,
  kindOf,
  LAST_ROUTE_COOKIE,
  matchesIfNoneMatch,
  onlyLastRouteCookie,
  PAGE_CACHE_CONTROL,
  PRIVATE_PAGE_CACHE_CONTROL,
  parseCookies,
  STORED_TYPES,
  UNSTORED_HEADERS,
} from "./rules";
import { createStore, type Entry, offeredEncodings } from "./store";

// The cache's Fastify hooks: a hit is answered in onRequest, a miss is made while noting the
// products it shows, and its answer is hashed, stored and compressed in onSend.

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

export interface CacheState {
  kind: Kind;
  /** null: not cacheable (bypass) */
  key: string | null;
  /** the generation when the request started */
  generation: number;
  hit: boolean;
  /** the products the answer shows, noted while it is made (a cacheable miss of an enabled cache) */
  shown: ShownProducts | null;
}

declare module "fastify" {
  interface FastifyRequest {
    responseCache: CacheState | null;
  }
}

/**
 * Whether this request's answer is read whole before it is sent: a cacheable request's 200 answer is
 * hashed for its ETag (and stored while the cache is on), so streaming it gains the visitor nothing
 * and the page may be rendered into one buffer (web/entry.server.tsx).
 */
export function readWhole(request: Pick<FastifyRequest, "method" | "responseCache">): boolean {
  return request.method === "GET" && (request.responseCache?.key ?? null) !== null;
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

/** 304: no body; a page's keeps no CSP, as the browser keeps the stored answer's (its nonce is the stored body's) */
function notModified(reply: FastifyReply, kind: Kind): void {
  reply.code(304);
  reply.removeHeader("content-type");
  reply.removeHeader("content-length");
  if (kind === "page") reply.removeHeader("content-security-policy");
}

/** The ETag and x-cache of a cacheable answer, and a page's Cache-Control and Vary. */
function cachingHeaders(reply: FastifyReply, kind: Kind, etag: string, cacheStatus: string): void {
  reply.header("etag", etag);
  reply.header("x-cache", cacheStatus);
  if (kind === "page") {
    // a page that says how it may be cached keeps its own word
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", PAGE_CACHE_CONTROL);
    reply.header("vary", "Cookie");
  }
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
  const placeholder = noncePlaceholder();
  const changes = watchChanges(feed, store);
  app.addHook("onClose", async () => changes.unsubscribe());
  app.decorateRequest("responseCache", null);

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
    request.responseCache = { kind, key, generation: changes.generation, hit: false, shown: null };
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
    const etag = strongEtag(parts ?? [body], placeholder);
    const shown = state.shown;
    const storable =
      enabled &&
      feed.listening &&
      shown !== null &&
      changes.unchangedSince(state.generation, shown) &&
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
