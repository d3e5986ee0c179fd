// HTTP caching of what anonymous visitors see (docs/decisions/023-http-caching.md):
//
// - Cacheable: GET/HEAD of the storefront pages (React Router; not the account, cart, checkout,
//   payment and sign-in pages) from a visitor without credentials and without any cookie other than
//   the language, the cookie-consent answer and the remembered route; and GET/HEAD of the public,
//   user-independent catalog and content API (CACHEABLE_API_ROUTES) and of the marketplace feeds
//   (FEED_PATHS, kept as API answers) without a session or bearer token.
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
//
// The pieces: rules.ts (what is cached, the keys, the TTL and caps), store.ts (the LRU store),
// changes.ts (invalidation by the change feed), nonce.ts (a page's nonce split out and written back
// in, the ETag) and hooks.ts (the Fastify hooks that put them together).

export { type CacheState, type ResponseCacheOptions, readWhole, registerResponseCache } from "./hooks";
export {
  CACHEABLE_API_ROUTES,
  cacheKey,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_ENTRIES,
  DEFAULT_TTL_MS,
  KEY_COOKIES,
  LAST_ROUTE_COOKIE,
  matchesIfNoneMatch,
  PAGE_CACHE_CONTROL,
  PERSONAL_PAGE_PATHS,
  PRIVATE_PAGE_CACHE_CONTROL,
} from "./rules";
