import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../../areas/accounts/session-cookie";
import { FEED_PATHS } from "../../areas/feeds/feed-paths";
import { requestLang } from "../request-lang";

// What the response cache keeps and under which key (the whole design: ./index.ts and
// docs/decisions/023-http-caching.md): the cacheable routes and pages, the cookies a cacheable
// request may carry, the Cache-Control each kind of answer says, how long and how much is kept.

/** The public GET routes of the API whose answers depend only on the URL (see ../api-table.ts). */
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

/**
 * Cookies a cacheable page request may carry: both are part of the cache key, the language as the
 * page's language (the address's marker first, ../request-lang.ts).
 */
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
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Stored media types: pages, JSON, React Router's single-fetch data (client navigations) and the
 * marketplace feeds' XML.
 */
export const STORED_TYPES = /^(text\/html|application\/json|text\/x-script|application\/xml)\b/i;
/** Headers never stored: per-request (CSP nonce, cookies, framing) or set on each hit. */
export const UNSTORED_HEADERS = new Set([
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

/**
 * A cacheable answer: a React Router page, or a public API answer — which the marketplace feeds
 * (XML outside /api that depends only on the URL, docs/decisions/072) are cached as.
 */
export type Kind = "page" | "api";

/** Cookie names and raw values of a Cookie header. */
export function parseCookies(header: string | undefined): Map<string, string> {
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
export function kindOf(request: FastifyRequest): Kind | null {
  const route = request.routeOptions.url;
  if (route === undefined) return null;
  if (CACHEABLE_API_ROUTES.has(route) || FEED_PATHS.includes(route)) return "api";
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
  // the language a page is rendered in: the address's ?lang= marker overrides the cookie (docs/decisions/078)
  const lang = requestLang(request.url, cookies.get("lang"));
  return `${base} ${KEY_COOKIES.map((name) => `${name}=${name === "lang" ? lang : (cookies.get(name) ?? "")}`).join(" ")}`;
}

/** If-None-Match (weak comparison, RFC 9110 §13.1.2) against our ETag. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** The lastRoute cookie among a reply's Set-Cookie values; undefined when another cookie is set. */
export function onlyLastRouteCookie(
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
