import { CONSENT_COOKIE_DAYS } from "../../domain/constants";

// Cookie names and helpers shared by the root loader, the resource routes that set
// cookies and the cookie notice (which also sets its cookie from the browser).

/** Same name as LANG_COOKIE in server/app.ts, which reads it into `context.lang`. */
export const LANG_COOKIE = "lang";
export const CONSENT_COOKIE = "cookieConsent";
export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** The consent decision is kept for a year (SPEC §9). */
export const CONSENT_MAX_AGE_SECONDS = CONSENT_COOKIE_DAYS * 24 * 60 * 60;

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

/**
 * A `Set-Cookie` value for a site-wide, one-year, SameSite=Lax cookie that only the server reads
 * (HttpOnly; the server adds Secure in production and on https: server/http/security-headers.ts).
 */
export function yearCookie(name: string, value: string): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; HttpOnly; SameSite=Lax`;
}

/** `; Secure` for a cookie the browser writes itself on an https page (the server adds it to its own). */
export function browserSecureSuffix(): string {
  return typeof window !== "undefined" && window.location.protocol === "https:" ? "; Secure" : "";
}

/** A `Set-Cookie` value that removes a site-wide cookie. */
export function expiredCookie(name: string): string {
  return `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}

// ---------------------------------------------------------------- cookie consent

/**
 * The visitor's answer to the cookie notice: accepted (`cookieConsent=1`: analytics may load),
 * rejected (`cookieConsent=0`: only the cookies the shop needs, no analytics ever), or null
 * while undecided (the notice shows, nothing optional loads).
 */
export type ConsentDecision = "accepted" | "rejected";

const CONSENT_VALUES: Record<ConsentDecision, string> = { accepted: "1", rejected: "0" };

export function consentFromCookies(cookieHeader: string | null | undefined): ConsentDecision | null {
  const value = readCookie(cookieHeader, CONSENT_COOKIE);
  if (value === CONSENT_VALUES.accepted) return "accepted";
  if (value === CONSENT_VALUES.rejected) return "rejected";
  return null;
}

/** True only when the visitor accepted (analytics allowed). */
export function hasCookieConsent(cookieHeader: string | null | undefined): boolean {
  return consentFromCookies(cookieHeader) === "accepted";
}

/** The `Set-Cookie` value storing a decision for a year. */
export function consentCookie(decision: ConsentDecision): string {
  return `${CONSENT_COOKIE}=${CONSENT_VALUES[decision]}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax`;
}

/**
 * What the notice's form posts as `decision` (the pressed button's value): accept, reject, or
 * ask (forget the answer so the notice shows again: the footer's cookie settings).
 */
export type ConsentFormDecision = "accept" | "reject" | "ask";

export function parseConsentFormDecision(value: unknown): ConsentFormDecision | null {
  return value === "accept" || value === "reject" || value === "ask" ? value : null;
}

// The browser side: one small store over `document.cookie`, so the notice, the footer's
// "cookie settings" button and the analytics loader agree without reloading the root data.

type ConsentState = { decision: ConsentDecision | null; asking: boolean };
const listeners = new Set<() => void>();
let browserState: ConsentState | undefined;

function readBrowserState(): ConsentState {
  browserState ??= { decision: consentFromCookies(document.cookie), asking: false };
  return browserState;
}

function publish(next: ConsentState): void {
  browserState = next;
  for (const listener of listeners) listener();
}

export const consentStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** browser snapshot (stable object between changes, as useSyncExternalStore needs) */
  getSnapshot(): ConsentState {
    return readBrowserState();
  },
  /** stores the decision for a year and closes the notice */
  decide(decision: ConsentDecision): void {
    // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party consent flag
    document.cookie = `${consentCookie(decision)}${browserSecureSuffix()}`;
    publish({ decision, asking: false });
  },
  /** shows the notice again (the visitor may change their mind at any time) */
  ask(): void {
    publish({ ...readBrowserState(), asking: true });
  },
};
