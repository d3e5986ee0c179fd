import { readCookie } from "./cookies";
import { isRememberedPath, LAST_ROUTE_COOKIE, lastRouteCookie, parseLastRoute } from "./last-route";

/**
 * For the root loader: the `Set-Cookie` value remembering this page for a visitor who is not
 * signed in, or null (signed in, not a GET, a guest-only page, or already remembered).
 */
export function rememberRoute(request: Request, signedIn: boolean): string | null {
  if (signedIn || request.method !== "GET") return null;
  const url = new URL(request.url);
  const pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  if (!isRememberedPath(pathname)) return null;
  // single-fetch data requests carry their own parameters; keep only the page's query
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  params.delete("index");
  const query = params.toString();
  const route = `${pathname}${query ? `?${query}` : ""}`;
  if (readCookie(request.headers.get("cookie"), LAST_ROUTE_COOKIE) === route) return null;
  return lastRouteCookie(route);
}

/** The remembered route of this request, or undefined. */
export function readLastRoute(request: Request): string | undefined {
  return parseLastRoute(readCookie(request.headers.get("cookie"), LAST_ROUTE_COOKIE));
}
