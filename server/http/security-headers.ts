import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isSecureCookie, SESSION_COOKIE } from "../areas/accounts/session-cookie";
import type { Config } from "../config";
import { randomBase64 } from "../lib/random-pool";
import { fail } from "../lib/result";
import { errorBody } from "./errors";
import { isApiPath, langOfCookieHeader, plainPage } from "./plain-page";

// Security headers on every response, the per-request CSP nonce, the CSRF rule and the Secure flag
// of every cookie (docs/decisions/020-security-headers.md).
//
// - Pages get a Content-Security-Policy with a fresh nonce: script-src 'nonce-…' 'strict-dynamic',
//   never 'unsafe-inline'. The nonce reaches React through the load context (`cspNonce`), and
//   web/entry.server.tsx gives it to every script React Router renders; scripts those add later
//   (gtag.js, the parcel widgets) are trusted through 'strict-dynamic'.
// - /api answers (JSON and the OpenAPI UI, whose scripts are files of our own) get a policy without
//   a nonce: script-src 'self'.
// - `npm run dev` (Vite injects inline scripts and opens the HMR websocket): a relaxed page policy.
// - CSRF: POST/PUT/PATCH/DELETE whose Origin (or, without one, Sec-Fetch-Site: cross-site) names
//   another site are refused with 403 `csrf/cross-origin`, for /api and page actions alike.

declare module "fastify" {
  interface FastifyRequest {
    /** this request's Content-Security-Policy nonce (base64 of 16 random bytes) */
    cspNonce: string;
  }
}

export interface SecurityHeadersOptions {
  /** how the React Router app is served (development: Vite, a relaxed page policy) */
  web: "development" | "production" | false;
}

type PolicyConfig = Pick<Config, "gaMeasurementIds" | "parcelLockers" | "payments">;

/** Google's hosts for GA4 (gtag.js, collection), only when measurement ids are configured. */
const GA_CONNECT = [
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.googletagmanager.com",
];
/** The parcel widgets' hosts (../shared/INTEGRATIONS.md §3, §4), only when the widget is configured. */
const APACZKA_HOSTS = ["https://*.apaczka.pl", "https://maps.googleapis.com"];
const GEOWIDGET_HOSTS = ["https://geowidget.inpost.pl", "https://*.inpost.pl", "https://*.easypack24.net"];

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function createCspNonce(): string {
  return randomBase64(16);
}

/**
 * Where a form may be sent: our own pages, and the payment gateway's pages, as a checkout form
 * without JavaScript posts to us and we answer 303 to the gateway (Chromium applies form-action
 * to redirects after a form submission). Paynow's paywall lives on `paywall.` beside `api.`.
 */
export function formActionSources(config: Pick<Config, "payments">): string[] {
  if (config.payments.provider !== "paynow") return [];
  const api = new URL(config.payments.apiUrl);
  const sources = new Set([api.origin]);
  if (api.hostname.startsWith("api.")) {
    sources.add(
      `${api.protocol}//paywall.${api.hostname.slice("api.".length)}${api.port ? `:${api.port}` : ""}`,
    );
  }
  return [...sources];
}

function policy(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");
}

/** The Content-Security-Policy of an HTML page rendered by React Router. */
export function pageContentSecurityPolicy(
  config: PolicyConfig,
  nonce: string,
  options: { development?: boolean } = {},
): string {
  const analytics = config.gaMeasurementIds.length > 0 ? GA_CONNECT : [];
  const widgets = [
    ...(config.parcelLockers.apaczkaAppId ? APACZKA_HOSTS : []),
    ...(config.parcelLockers.inpostGeowidgetToken ? GEOWIDGET_HOSTS : []),
  ];
  const scripts = options.development
    ? // Vite's inline preamble and its modules; a nonce here would switch 'unsafe-inline' off
      ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
    : // 'strict-dynamic' (CSP3) ignores 'self' and https:, which only serve older browsers
      ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", "https:"];
  return policy({
    "default-src": ["'self'"],
    "script-src": scripts,
    // React style attributes and the widgets' inline styles; styles cannot run code
    "style-src": [
      "'self'",
      "'unsafe-inline'",
      ...(config.parcelLockers.inpostGeowidgetToken ? GEOWIDGET_HOSTS : []),
    ],
    // staff rich text may show images from other sites (sanitised to http/https), as may map tiles
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:", ...widgets],
    "connect-src": ["'self'", ...analytics, ...widgets, ...(options.development ? ["ws:", "wss:"] : [])],
    "frame-src": ["'self'", ...widgets],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'", ...formActionSources(config)],
  });
}

/** The Content-Security-Policy of /api answers: JSON, files and the OpenAPI UI (script files of our own). */
export const API_CONTENT_SECURITY_POLICY = policy({
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "https:"],
  "object-src": ["'none'"],
  "base-uri": ["'none'"],
  "frame-ancestors": ["'none'"],
  "form-action": ["'self'"],
});

/** Headers every response carries, whatever its kind. */
export function commonSecurityHeaders(config: Pick<Config, "env" | "publicUrl">): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), payment=(), usb=(), geolocation=(self)",
    ...(isSecureCookie(config) ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? "").split(";").some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

/** Our own origins: the request's (scheme from X-Forwarded-Proto when the proxy is trusted) and PUBLIC_URL's. */
function ownOrigins(request: FastifyRequest, publicOrigin: string): Set<string> {
  const origins = new Set([publicOrigin]);
  try {
    // URL drops a default port ("host:443"), as browsers do in Origin
    origins.add(new URL(`${request.protocol}://${request.host}`).origin.toLowerCase());
  } catch {
    // a malformed Host header: only PUBLIC_URL counts
  }
  return origins;
}

/**
 * Is this a state-changing request sent by another site (CSRF)? Its Origin names another origin
 * ("null" included), or without Origin its Sec-Fetch-Site says cross-site. Requests with neither
 * header (curl, servers), payment webhooks (signature-checked) and bearer-token calls without the
 * session cookie (a browser never adds those by itself) pass.
 */
export function isCrossSiteWrite(request: FastifyRequest, publicOrigin: string): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  if (request.routeOptions.config?.api?.access === "webhook") return false;
  if (request.headers.authorization && !hasSessionCookie(request.headers.cookie)) return false;
  const origin = request.headers.origin;
  if (typeof origin === "string" && origin !== "") {
    return !ownOrigins(request, publicOrigin).has(origin.trim().toLowerCase());
  }
  return request.headers["sec-fetch-site"] === "cross-site";
}

function refuseCrossSite(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const body = errorBody(fail("csrf/cross-origin"));
  request.log.warn({ origin: request.headers.origin, url: request.url }, "cross-site request refused");
  if (isApiPath(request.url)) return reply.code(403).send(body);
  // a page action: the visitor's browser shows this page, in their language
  const lang = langOfCookieHeader(request.headers.cookie);
  return reply
    .code(403)
    .type("text/html; charset=utf-8")
    .send(plainPage(lang, body.messageKey, { href: "/", key: "common.homeLink" }));
}

/** Adds `; Secure` to a Set-Cookie value that lacks it. */
export function withSecureFlag(cookie: string): string {
  return /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`;
}

/**
 * Registers the headers, the nonce and the CSRF rule for every route (register before the routes).
 * With a secure configuration (production or an https PUBLIC_URL) every cookie the server sets gets
 * the Secure flag, whichever code wrote it.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  options: SecurityHeadersOptions,
): void {
  const common = commonSecurityHeaders(config);
  const publicOrigin = new URL(config.publicUrl).origin.toLowerCase();
  const development = options.web === "development";
  const secureCookies = isSecureCookie(config);
  app.decorateRequest("cspNonce", "");

  app.addHook("onRequest", async (request, reply) => {
    const nonce = createCspNonce();
    request.cspNonce = nonce;
    reply.headers(common);
    reply.header(
      "content-security-policy",
      isApiPath(request.url)
        ? API_CONTENT_SECURITY_POLICY
        : pageContentSecurityPolicy(config, nonce, { development }),
    );
    if (isCrossSiteWrite(request, publicOrigin)) return refuseCrossSite(request, reply);
  });

  if (secureCookies) {
    app.addHook("onSend", async (_request, reply, payload) => {
      const cookies = reply.getHeader("set-cookie");
      if (cookies === undefined) return payload;
      // reply.header appends to set-cookie: replace the whole list
      reply.removeHeader("set-cookie");
      reply.header(
        "set-cookie",
        Array.isArray(cookies)
          ? cookies.map((c) => withSecureFlag(String(c)))
          : withSecureFlag(String(cookies)),
      );
      return payload;
    });
  }
}
