// Paths a static page may not take (issue 24): a page link equal to an app route, or under one,
// would shadow the route (or never be shown). The list holds the first path segment of every route
// in web/routes.ts (web/routes.test.ts checks that none is missing) plus what the server answers
// before the React Router app: the API, uploaded media and the built assets.

/** First path segments of the app's routes (web/routes.ts). */
export const APP_ROUTE_SEGMENTS = [
  "produkty",
  "produkt",
  "blog",
  "kontakt",
  "koszyk",
  "sitemap.xml",
  "robots.txt",
  "logowanie",
  "rejestracja",
  "zresetuj-haslo",
  "ustaw-nowe-haslo",
  "token-success",
  "token-error",
  "wyloguj",
  "konto",
  "jezyk",
  "zgoda-cookies",
  "dostawa-i-platnosc",
  "bramka-demo",
  "gotowe",
  "zamowienie",
  "odstapienie-od-umowy",
  "reklamacja",
  "powiadom-mnie",
] as const;

/**
 * Served by Fastify before the app: `/api`, `/media`, `/assets`, the marketplace feeds `/feeds` and
 * `/metrics` (server/app.ts).
 */
export const SERVER_PATH_SEGMENTS = ["api", "media", "assets", "feeds", "metrics"] as const;

/**
 * Routes that show the page with their own link as their text: the contact screen shows the page
 * `kontakt` (web/routes/content/contact.tsx), so exactly that link stays allowed.
 */
export const PAGE_BACKED_LINKS: readonly string[] = ["kontakt"];

const RESERVED: readonly string[] = [...APP_ROUTE_SEGMENTS, ...SERVER_PATH_SEGMENTS];

/** Would a page at this link (lower case, no leading slash) shadow an app route or a server path? */
export function isReservedPageLink(link: string): boolean {
  if (PAGE_BACKED_LINKS.includes(link)) return false;
  return RESERVED.some((segment) => link === segment || link.startsWith(`${segment}/`));
}
