import type { MessageKey } from "./pl";

// Translation for the whole product (SPEC §1: Polish by default, English option): pure functions,
// usable from the server, loaders and React components. This module holds no texts: they are added
// per language and area with addTexts. On the server index.ts adds every text of both languages; the
// browser adds only the page language's areas it loaded (web/lib/i18n.tsx), and its build resolves
// domain/i18n to this module (vite.config.ts), so both catalogs never reach a page.

export type { MessageKey };

export type Lang = "pl" | "en";
export const DEFAULT_LANG: Lang = "pl";
export const LANGS: readonly Lang[] = ["pl", "en"];

/** BCP 47 locale used for dates and numbers per language. */
export const LOCALES: Record<Lang, string> = { pl: "pl-PL", en: "en-GB" };

/** Key holding each language's own name (for the language switch). */
export const LANG_NAME_KEYS: Record<Lang, MessageKey> = { pl: "common.langPl", en: "common.langEn" };

export type Params = Readonly<Record<string, string | number>>;

/** The text catalogs added so far, per language (kept as given, not copied). */
const catalogs: Record<Lang, Readonly<Record<string, string>>[]> = { pl: [], en: [] };

/** Adds texts of one language (an area such as shop-pl.ts, or a whole catalog). */
export function addTexts(lang: Lang, texts: Readonly<Partial<Record<MessageKey, string>>>): void {
  if (!catalogs[lang].includes(texts)) catalogs[lang].push(texts as Readonly<Record<string, string>>);
}

/** The text of `key` in `lang` if its catalog was added (in the browser: its area is loaded). */
function ownText(lang: Lang, key: string): string | undefined {
  for (const texts of catalogs[lang]) if (Object.hasOwn(texts, key)) return texts[key];
  return undefined;
}

export function isLang(value: unknown): value is Lang {
  return value === "pl" || value === "en";
}

/** A key of the catalog (in the browser: of the areas loaded so far). */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === "string" && LANGS.some((lang) => ownText(lang, value) !== undefined);
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** Replaces `{name}` with params.name; placeholders without a value stay as they are. */
export function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(PLACEHOLDER, (match, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : match,
  );
}

/** The raw template: the language's text, else the Polish text, else undefined for an unknown key. */
function template(lang: Lang, key: string): string | undefined {
  return ownText(lang, key) ?? ownText(DEFAULT_LANG, key);
}

/**
 * The text for `key` in `lang` with `{name}` placeholders filled from params.
 * A key missing in English falls back to Polish; an unknown key is returned as is.
 * Accepts any string (e.g. a `messageKey` from an API error) but autocompletes known keys.
 */
export function translate(lang: Lang, key: MessageKey | (string & {}), params?: Params): string {
  const text = template(lang, key);
  return text === undefined ? key : interpolate(text, params);
}

export type Translator = (key: MessageKey | (string & {}), params?: Params) => string;

export function createTranslator(lang: Lang): Translator {
  return (key, params) => translate(lang, key, params);
}

/**
 * Splits a text into literal strings and supplied values, for placeholders that
 * must become elements (e.g. links inside `checkout.terms`):
 * `translateParts("pl", "checkout.terms", { terms: <a/>, privacyPolicy: <a/> })`
 * -> ["Akceptuję ", <a/>, " oraz ", <a/>]. Empty strings are dropped.
 */
export function translateParts<T>(
  lang: Lang,
  key: MessageKey | (string & {}),
  values: Readonly<Record<string, T>>,
): Array<string | T> {
  const text = template(lang, key) ?? key;
  const parts: Array<string | T> = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? "";
    if (!Object.hasOwn(values, name)) continue;
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    parts.push(values[name] as T);
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** The placeholder names used in a text, in order of appearance (duplicates removed). */
export function placeholders(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(PLACEHOLDER), (m) => m[1] ?? ""))];
}

/**
 * Server error codes and English messages (SPEC §6, §8) mapped to catalog keys,
 * so a failure body's `code`, `message` or `messageKey` can be shown translated.
 */
export const SERVER_ERROR_KEYS: Readonly<Record<string, MessageKey>> = {
  "auth/user-not-found": "errors.auth/user-not-found",
  "auth/wrong-password": "errors.auth/wrong-password",
  "auth/email-already-in-use": "errors.auth/email-already-in-use",
  "User Not found.": "errors.auth/user-not-found",
  "Invalid Password!": "errors.auth/wrong-password",
  "Failed! Email is already in use!": "errors.auth/email-already-in-use",
  "Order not paid.": "errors.orderNotPaid",
  "Order Not found.": "errors.orderNotFound",
  "Required moderator role": "errors.requiredModeratorRole",
  "Required admin role": "errors.requiredAdminRole",
  "Your account has not been approved by the admin yet": "errors.accountNotApproved",
  "An error occurred, please try again later": "errors.generic",
  "The form contains errors, correct it and try again": "errors.formContainsErrors",
};

/**
 * Translates a server error given as a catalog key, a code or an English message.
 * Unknown non-empty text is returned unchanged; empty or missing gives errors.generic.
 */
export function translateServerError(lang: Lang, codeOrMessage: string | null | undefined): string {
  if (!codeOrMessage) return translate(lang, "errors.generic");
  if (isMessageKey(codeOrMessage)) return translate(lang, codeOrMessage);
  const key = SERVER_ERROR_KEYS[codeOrMessage];
  return key ? translate(lang, key) : codeOrMessage;
}

/**
 * The catalog key labelling an order status (SPEC §4): `orderStatus.<status>` when the catalog has
 * it (every status of domain/order-status.ts and ERROR; i18n.test.ts checks them). Statuses starting
 * with ERROR map to orderStatus.ERROR and INPOST_* to orderStatus.INPOST (the UI should prefer the
 * carrier-supplied title for those); anything else is unknown. (Looked up in the catalog, not in
 * domain/order-status.ts: importing that module here would put all of it into every page's first
 * load, docs/decisions/021-bundle-budgets.md.)
 */
export function orderStatusKey(status: string): MessageKey {
  const key = `orderStatus.${status}`;
  if (isMessageKey(key)) return key;
  if (status.startsWith("ERROR")) return "orderStatus.ERROR";
  if (status.startsWith("INPOST")) return "orderStatus.INPOST";
  return "orderStatus.unknown";
}

/**
 * The shop's time zone (domain/shop-time.ts SHOP_TIME_ZONE; written out here so that every page's first
 * load does not carry that module, docs/decisions/021-bundle-budgets.md).
 */
const SHOP_TIME_ZONE_NAME = "Europe/Warsaw";

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A percentage figure with the language's decimal separator and at most two decimals, without the
 * sign: 8.35 -> "8,35" (pl) or "8.35" (en); 20 -> "20". Staff and storefront show percents with it.
 */
export function formatPercent(lang: Lang, value: number): string {
  return new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 2, useGrouping: false }).format(value);
}

/** A date as pl-PL ("5.03.2024") or en-GB ("05/03/2024"); invalid input is returned as given. */
export function formatDate(lang: Lang, iso: string | Date, timeZone = SHOP_TIME_ZONE_NAME): string {
  const date = toDate(iso);
  if (!date) return String(iso);
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: "short", timeZone }).format(date);
}

/** Date and time (hours and minutes) in the language's locale; invalid input is returned as given. */
export function formatDateTime(lang: Lang, iso: string | Date, timeZone = SHOP_TIME_ZONE_NAME): string {
  const date = toDate(iso);
  if (!date) return String(iso);
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: "short", timeStyle: "short", timeZone }).format(
    date,
  );
}
