import { LANG_PARAM } from "../../domain/content-language";
import { isLang, type Lang } from "../../domain/i18n";

// The language a page is rendered in (docs/decisions/078): the address's marker (`?lang=en`,
// `?lang=pl`) when it has one, so search engines reach both languages without a cookie; else the
// `lang` cookie the language switch sets (ADR 004); else Polish. The marker sets no cookie. The
// page loaders (server/app.ts) and the response cache's key (./response-cache/rules.ts) both ask here.

/** The language of a request to `url` (path and query) with this `lang` cookie value. */
export function requestLang(url: string, cookieLang: string | undefined): Lang {
  const query = url.indexOf("?");
  if (query !== -1) {
    const marker = new URLSearchParams(url.slice(query + 1)).get(LANG_PARAM);
    if (isLang(marker)) return marker;
  }
  return cookieLang && isLang(cookieLang) ? cookieLang : "pl";
}
