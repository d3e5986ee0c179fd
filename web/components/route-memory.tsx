import { useEffect } from "react";
import { useLocation } from "react-router";
import { browserSecureSuffix } from "../lib/cookies";
import { isRememberedPath, lastRouteCookie } from "../lib/last-route";

/**
 * Remembers the route of a visitor who is not signed in on every client-side navigation
 * (full page loads are remembered by the root loader), so login can return there.
 * Renders nothing.
 */
export function RouteMemory({ signedIn }: { signedIn: boolean }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (signedIn || !isRememberedPath(pathname)) return;
    // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party path, read by the login action
    document.cookie = `${lastRouteCookie(`${pathname}${search}`)}${browserSecureSuffix()}`;
  }, [signedIn, pathname, search]);
  return null;
}
