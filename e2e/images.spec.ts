import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";

// Issue 8's pictures in a real browser (docs/decisions/024), on the phone (360 px) and the desktop
// projects: on the product page and the list every <img> reserves its box (width, height) and
// offers its WebP widths (srcset); Chromium picks at most the 600 px file for these layouts, fetches
// each picture once (the <head> preload and the <img> choose the same file), and nothing moves
// while the page loads (layout-shift sum < 0.05, as Lighthouse's CLS target). On the home page on
// Lighthouse's phone (412 px at 1.75 device pixels per CSS pixel) the first product card, the
// largest picture there, loads at once from the <head> preload in the 800 px width, not the 1200.

const CLS_LIMIT = 0.05;

/** Sums the layout shifts not caused by input, from the first paint on (read with `layoutShift`). */
async function observeLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const store = window as unknown as { __layoutShift: number };
    store.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) store.__layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);

/** Every /media/ URL the page requests, in order (live array). */
function mediaRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/media/")) urls.push(url.pathname);
  });
  return urls;
}

interface ImageState {
  src: string;
  width: string | null;
  height: string | null;
  srcset: string | null;
  sizes: string | null;
  currentSrc: string;
  loaded: boolean;
}

const images = (page: Page): Promise<ImageState[]> =>
  page.$$eval("img", (all) =>
    all.map((img) => ({
      src: img.getAttribute("src") ?? "",
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
      srcset: img.getAttribute("srcset"),
      sizes: img.getAttribute("sizes"),
      currentSrc: img.currentSrc,
      loaded: img.complete && img.naturalWidth > 0,
    })),
  );

/** The width of the variant a URL names (the seed's and gallery's convention). */
function variantWidth(url: string): number {
  if (url.endsWith("-thumb.webp")) return 300;
  if (url.endsWith("-medium.webp")) return 600;
  if (url.endsWith("-large.webp")) return 800;
  return 1200;
}

/** The picture a variant URL belongs to. */
const pictureOf = (url: string) => url.replace(/(-thumb|-medium|-large)?\.webp$/, "");

async function checkPage(page: Page, url: string, expectedPictures: RegExp) {
  await observeLayoutShifts(page);
  const requested = mediaRequests(page);
  await page.goto(url, { waitUntil: "load" });
  // lazy pictures near the viewport and late layout work settle after load
  await page.waitForTimeout(1000);

  const all = await images(page);
  expect(all.length).toBeGreaterThan(0);
  for (const image of all) {
    expect(Number(image.width), image.src).toBeGreaterThan(0);
    expect(Number(image.height), image.src).toBeGreaterThan(0);
    expect(image.srcset, image.src).toMatch(/ 300w, .* 600w, .* 800w, .* 1200w$/);
    expect(image.sizes, image.src).toBeTruthy();
  }
  const loaded = all.filter((image) => image.loaded && expectedPictures.test(image.src));
  expect(loaded.length).toBeGreaterThan(0);
  const chosen = loaded.map((image) => variantWidth(new URL(image.currentSrc).pathname));
  expect(Math.max(...chosen)).toBeLessThanOrEqual(600);

  // each picture fetched once, in one width: the preload was the <img>'s own choice
  expect(requested.length).toBeGreaterThan(0);
  expect(new Set(requested).size).toBe(requested.length);
  const pictures = requested.map(pictureOf);
  expect(new Set(pictures).size).toBe(pictures.length);

  const shift = await layoutShift(page);
  expect(shift).toBeLessThan(CLS_LIMIT);
  console.log(
    `[figure] images: ${url} at ${page.viewportSize()?.width} px → ${all.length} <img>, ${loaded.length} loaded at ${[...new Set(chosen)].join("/")}w, ${requested.length} media requests, layout shift ${shift.toFixed(4)}`,
  );
  return all;
}

/** The address of the first product the list shows. */
async function firstProductHref(request: APIRequestContext): Promise<string> {
  const list = await (await request.get("/produkty")).text();
  const href = /href="(\/produkt\/[^"]+)"/.exec(list)?.[1] ?? "";
  expect(href).not.toBe("");
  return href;
}

test.describe("responsive pictures", () => {
  test("the product page: srcset and size on every picture, one download each, nothing shifts", async ({
    page,
    request,
  }) => {
    const href = await firstProductHref(request);
    await checkPage(page, href, /^\/media\/demo\/products\//);
    // the main picture came from the <head> preload, and the <img> used that very response
    const main = page.getByRole("button", { name: /^Powiększ zdjęcie/ }).locator("img");
    const initiator = await main.evaluate((img: HTMLImageElement) => {
      const entry = performance.getEntriesByName(img.currentSrc)[0] as PerformanceResourceTiming | undefined;
      return entry?.initiatorType ?? "none";
    });
    expect(initiator).toBe("link");
  });

  test("the product list: the same for the cards", async ({ page }) => {
    await checkPage(page, "/produkty", /^\/media\/demo\/products\//);
  });

  test("the page's scripts are requested only once its main picture has loaded, then it hydrates", async ({
    page,
    request,
  }) => {
    const href = await firstProductHref(request);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(href);
    // hydrated: React Router's router exists only once the entry ran
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
    const order = await page.evaluate(() => {
      const picture = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
      const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const main = entries.find((entry) => entry.name === picture?.currentSrc);
      const scripts = entries.filter((entry) => /\/assets\/.+\.js$/.test(new URL(entry.name).pathname));
      return {
        pictureEnd: main?.responseEnd ?? -1,
        firstScriptStart: Math.min(...scripts.map((entry) => entry.startTime)),
        scripts: scripts.length,
        preloads: document.querySelectorAll('link[rel="modulepreload"]').length,
      };
    });
    expect(order.pictureEnd).toBeGreaterThan(0);
    expect(order.scripts).toBeGreaterThan(2);
    // web/lib/hydrate-after-picture.ts: not one script byte shares the link with the picture
    expect(order.firstScriptStart).toBeGreaterThanOrEqual(order.pictureEnd);
    // the starter restored the module preloads, so the chunks came in parallel
    expect(order.preloads).toBeGreaterThan(2);
    expect(errors).toEqual([]);
    console.log(
      `[figure] images: ${href} → main picture loaded at ${Math.round(order.pictureEnd)} ms, first of ${order.scripts} scripts requested at ${Math.round(order.firstScriptStart)} ms (held: after the picture)`,
    );
  });
});

test.describe("the home page on Lighthouse's phone", () => {
  test.use({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });

  test("the first product card loads at once from the preload, at 800 px; later cards wait", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "one phone emulation is enough");
    await observeLayoutShifts(page);
    const requested = mediaRequests(page);
    await page.goto("/", { waitUntil: "load" });
    const firstStrip = page.getByRole("region", { name: "Najnowsze oferty" });
    const firstCard = firstStrip.locator("img").first();
    await expect(firstCard).toHaveAttribute("fetchpriority", "high");
    await expect(firstCard).toHaveAttribute("loading", "eager");
    await expect(firstStrip.locator("img").nth(4)).toHaveAttribute("loading", "lazy");
    await expect.poll(() => firstCard.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    const current = new URL(await firstCard.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
    // 378 CSS px × 1.75 = 662 device px: the 800 px file, where 600 px would be too small
    expect(variantWidth(current)).toBe(800);
    const initiator = await firstCard.evaluate((img: HTMLImageElement) => {
      const entry = performance.getEntriesByName(img.currentSrc)[0] as PerformanceResourceTiming | undefined;
      return entry?.initiatorType ?? "none";
    });
    expect(initiator).toBe("link");
    // no file was fetched twice, and the first card's picture in one width only (a product's picture
    // may also appear elsewhere, e.g. as a category banner's 300 px thumbnail)
    expect(new Set(requested).size).toBe(requested.length);
    const firstCardPicture = pictureOf(current);
    expect(
      requested.filter((url) => pictureOf(url) === firstCardPicture && !url.endsWith("-thumb.webp")),
    ).toEqual([current]);
    expect(await layoutShift(page)).toBeLessThan(CLS_LIMIT);
    console.log(
      `[figure] images: / at 412 px × 1.75 → first card ${current} (eager, preloaded), ${requested.length} media requests, none above 800 px: ${requested.every((url) => variantWidth(url) <= 800)}`,
    );
  });
});
