import { LANG_PARAM } from "../../domain/content-language";
import { isLang } from "../../domain/i18n";

// A page opened with the language marker (`?lang=en`, docs/decisions/078) — a search engine's
// English result, a shared link — is in that language whatever the cookie, and the marker sets no
// cookie. The pages it then opens in place ask the server for their data (`/produkty.data?…`):
// this keeps the marker on those requests, so they come in the page's language too.

type Fetch = typeof window.fetch;

/** `fetch` adding `marker` to same-origin route-data requests (`….data`) that carry none. */
export function fetchKeepingMarker(fetchPage: Fetch, origin: string, marker: string): Fetch {
  return (input, init) => {
    if (input instanceof URL && input.origin === origin && input.pathname.endsWith(".data")) {
      if (!input.searchParams.has(LANG_PARAM)) {
        const url = new URL(input);
        url.searchParams.set(LANG_PARAM, marker);
        return fetchPage(url, init);
      }
    }
    return fetchPage(input, init);
  };
}

/** In the browser, before hydration: keep the document's marker, if it has one. */
export function keepLangMarker(): void {
  const marker = new URLSearchParams(window.location.search).get(LANG_PARAM);
  if (!isLang(marker)) return;
  window.fetch = fetchKeepingMarker(window.fetch.bind(window), window.location.origin, marker);
}
