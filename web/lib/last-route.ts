import { safeRedirect } from "./safe-redirect";

// The last visited route (SPEC §2 Navigation, §3 Browser storage): remembered for visitors
// who are not signed in, except the login and other guest-only pages, so login can return
// there. The cookie is readable by the browser, which updates it on client-side navigations
// (RouteMemory); the root loader sets it on full page loads (last-route.server.ts).

export const LAST_ROUTE_COOKIE = "lastRoute";
export const LAST_ROUTE_MAX_AGE_SECONDS = 24 * 60 * 60;

/** Paths never remembered: guest-only pages, token pages, logout and other form endpoints. */
const NOT_REMEMBERED = new Set([
  "/logowanie",
  "/rejestracja",
  "/zresetuj-haslo",
  "/ustaw-nowe-haslo",
  "/token-success",
  "/token-error",
  "/wyloguj",
  "/jezyk",
  "/zgoda-cookies",
  "/konto/wyslij-potwierdzenie",
  "/sitemap.xml",
  "/robots.txt",
]);

export function isRememberedPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return !NOT_REMEMBERED.has(path) && !path.startsWith("/api/") && !path.startsWith("/media/");
}

/** `Set-Cookie` / `document.cookie` value remembering `route` (a same-site path with query). */
export function lastRouteCookie(route: string): string {
  return `${LAST_ROUTE_COOKIE}=${encodeURIComponent(route)}; Path=/; Max-Age=${LAST_ROUTE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

/** The remembered route if it is a safe same-site path, else undefined. */
export function parseLastRoute(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const route = safeRedirect(value, "");
  if (!route) return undefined;
  return isRememberedPath(route.split(/[?#]/)[0] ?? "") ? route : undefined;
}
