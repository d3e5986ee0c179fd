// Cookie names and helpers shared by the root loader, the resource routes that set
// cookies and the cookie notice (which also sets its cookie from the browser).

/** Same name as LANG_COOKIE in server/app.ts, which reads it into `context.lang`. */
export const LANG_COOKIE = "lang";
export const CONSENT_COOKIE = "cookieConsent";
export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Reads one cookie from a `Cookie` request header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** A `Set-Cookie` value for a site-wide, one-year, SameSite=Lax cookie. */
export function yearCookie(name: string, value: string): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

export function hasCookieConsent(cookieHeader: string | null | undefined): boolean {
  return readCookie(cookieHeader, CONSENT_COOKIE) === "1";
}
