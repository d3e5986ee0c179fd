import type { Page } from "@playwright/test";

// Helpers for the cookie consent and analytics specs.

const ANALYTICS_HOSTS = /googletagmanager\.com|google-analytics\.com|analytics\.google\.com/;

/** The cookie notice (a region named by its text). */
export function cookieNotice(page: Page) {
  return page.getByRole("region", { name: /plików cookie/ });
}

/** Every request the page makes to an analytics host, from now on (live array). */
export function analyticsRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (ANALYTICS_HOSTS.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/**
 * Answers gtag.js with a stub (no network) and returns the live list of its requested URLs.
 * The stub leaves `window.dataLayer` as the page filled it, so the calls can be read back.
 */
export async function stubGtag(page: Page): Promise<string[]> {
  const urls: string[] = [];
  await page.route("**/gtag/js**", async (route) => {
    urls.push(route.request().url());
    await route.fulfill({ contentType: "text/javascript", body: "window.__gtagStubLoaded = true;" });
  });
  return urls;
}

/** The gtag calls pushed so far, as plain arrays (gtag pushes `arguments` objects). */
export async function dataLayer(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => {
    const layer = (window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [];
    return JSON.parse(JSON.stringify(layer.map((entry) => Array.from(entry))));
  });
}

/** The page_path of every GA4 page_view event sent so far. */
export async function pageViews(page: Page): Promise<string[]> {
  const calls = await dataLayer(page);
  return calls
    .filter((call) => call[0] === "event" && call[1] === "page_view")
    .map((call) => String((call[2] as { page_path?: unknown } | undefined)?.page_path));
}
