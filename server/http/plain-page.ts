import { isLang, type Lang, type MessageKey, translate } from "../../domain/i18n";
import { escapeHtml } from "../lib/escape-html";

// The small self-contained HTML pages the server answers itself, before React Router renders
// anything: 503 while the database is out of reach (server/http/errors.ts; the load context reads
// the signed-in user) and 403 for a cross-site page action (server/http/security-headers.ts). In the
// shopper's language (Polish by default, the `lang` cookie chooses); no scripts, no external assets:
// nothing here needs the database or the built app.

const LANG_COOKIE = "lang";

/** The language of a request from its `lang` cookie (the same cookie the app reads), else Polish. */
export function langOfCookieHeader(cookieHeader: string | undefined): Lang {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== LANG_COOKIE) continue;
    const value = decodeURIComponent(rest.join("=").trim());
    if (isLang(value)) return value;
  }
  return "pl";
}

export function isApiPath(url: string): boolean {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}

/** Does the request want a page (a browser navigation) rather than JSON? */
export function wantsHtml(url: string, accept: string | undefined): boolean {
  return !isApiPath(url) && (accept ?? "").includes("text/html");
}

/** A one-message page: the message as title and heading, and one link (href "" reloads the page). */
export function plainPage(lang: Lang, messageKey: string, link: { href: string; key: MessageKey }): string {
  const message = escapeHtml(translate(lang, messageKey));
  const linkText = escapeHtml(translate(lang, link.key));
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${message}</title>
</head>
<body style="font-family: system-ui, sans-serif; margin: 0; padding: 4rem 1rem; text-align: center; color: #222">
<h1 style="font-size: 1.5rem; font-weight: 600">${message}</h1>
<p><a href="${escapeHtml(link.href)}" style="color: inherit">${linkText}</a></p>
</body>
</html>
`;
}

export function unavailablePage(lang: Lang): string {
  return plainPage(lang, "errors.serviceUnavailable", { href: "", key: "errors.tryAgain" });
}
