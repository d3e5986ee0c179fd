import { isLang, type Lang, translate } from "../../domain/i18n";

// The page a browser gets when the database is out of reach before React Router could render
// anything (the load context reads the signed-in user): a small self-contained HTML document in
// the shopper's language (Polish by default, the `lang` cookie chooses), answered with 503 and
// Retry-After by server/http/errors.ts. No scripts, no external assets: nothing here needs the
// database or the built app.

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

/** Does the request want a page (a browser navigation) rather than JSON? */
export function wantsHtml(url: string, accept: string | undefined): boolean {
  if (url === "/api" || url.startsWith("/api/") || url.startsWith("/api?")) return false;
  return (accept ?? "").includes("text/html");
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function unavailablePage(lang: Lang): string {
  const message = escapeHtml(translate(lang, "errors.serviceUnavailable"));
  const tryAgain = escapeHtml(translate(lang, "errors.tryAgain"));
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
<p><a href="" style="color: inherit">${tryAgain}</a></p>
</body>
</html>
`;
}
