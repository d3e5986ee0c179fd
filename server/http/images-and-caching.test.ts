import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  DEFERRED_MODULE_TYPE,
  DEFERRED_PRELOAD_REL,
  HYDRATE_AFTER_PICTURE_SCRIPT,
} from "../../web/lib/hydrate-after-picture";
import { startBuiltShop } from "../test/built-shop";
import { recordFigure } from "../test/figures";
import { kitForFile } from "../test/kit-for-file";

// Issue 8's pictures and cache headers (docs/decisions/024), on the pages the built app renders for
// the demo shop: every <img> has a srcset of the picture's WebP widths, sizes, width and height;
// only the page's LCP picture is eager at high priority and preloaded from the <head> with the
// same srcset and sizes as its <img> (so the browser fetches one file, once) — on the home page
// two, the wide screen's (first slide) and the phone's (first card); pictures further down are lazy.
// Hashed assets and media are cached for a year. Needs `npm run build`
// (npm test builds first): without build/ the test fails rather than skipping.

const YEAR_IMMUTABLE = "public, max-age=31536000, immutable";

const shop = kitForFile(() => startBuiltShop({ name: "images-and-caching" }), 120_000);

type Attributes = Record<string, string>;

/** The attributes of every `<name …>` tag (names lower-cased; React writes srcSet, fetchPriority…). */
function tags(html: string, name: string): Attributes[] {
  return [...html.matchAll(new RegExp(`<${name}\\s([^>]*?)/?>`, "gi"))].map((tag) =>
    Object.fromEntries(
      [...(tag[1] ?? "").matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map((attribute) => [
        (attribute[1] ?? "").toLowerCase(),
        (attribute[2] ?? "").replaceAll("&amp;", "&"),
      ]),
    ),
  );
}

/**
 * The page's one module script (React Router's hydration) is inert and the starter that runs it
 * after the picture comes before it, with the request's nonce.
 */
function expectScriptsAfterThePicture(body: string, url: string): void {
  const scripts = [...body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(
    scripts.filter((script) => /type="module"/.test(script[1] ?? "")),
    url,
  ).toEqual([]);
  const deferred = scripts.findIndex((script) => script[1]?.includes(`type="${DEFERRED_MODULE_TYPE}"`));
  expect(deferred, url).toBeGreaterThan(0);
  expect(scripts[deferred]?.[2], url).toContain("window.__reactRouterRouteModules");
  const starter = scripts.findIndex((script) => script[2] === HYDRATE_AFTER_PICTURE_SCRIPT);
  expect(starter, url).toBeGreaterThanOrEqual(0);
  expect(starter, url).toBeLessThan(deferred);
  const nonce = /nonce="([^"]+)"/.exec(scripts[starter]?.[1] ?? "")?.[1];
  expect(nonce, url).toBeTruthy();
  expect(scripts[deferred]?.[1], url).toContain(`nonce="${nonce}"`);
}

async function page(url: string): Promise<{ head: string; body: string }> {
  const response = await shop.app.inject({ method: "GET", url });
  expect(response.statusCode, url).toBe(200);
  const end = response.body.indexOf("</head>");
  expect(end, url).toBeGreaterThan(0);
  return { head: response.body.slice(0, end), body: response.body.slice(end) };
}

const imagePreloads = (head: string) =>
  tags(head, "link").filter((link) => link.rel === "preload" && link.as === "image");

const widthsOf = (srcSet: string | undefined) =>
  (srcSet ?? "").split(", ").map((candidate) => candidate.split(" ")[1]);

/** The page's one high-priority picture, preloaded from the <head> with its own srcset and sizes. */
function expectPreloadedLcp(head: string, images: Attributes[], url: string): Attributes {
  const high = images.filter((image) => image.fetchpriority === "high");
  expect(high, url).toHaveLength(1);
  const lcp = high[0] as Attributes;
  expect(lcp.loading, url).not.toBe("lazy");
  expect(widthsOf(lcp.srcset), url).toEqual(["300w", "600w", "800w", "1200w"]);
  const preloads = imagePreloads(head).filter((link) => link.fetchpriority === "high");
  expect(preloads, url).toHaveLength(1);
  expect(preloads[0]?.imagesrcset, url).toBe(lcp.srcset);
  expect(preloads[0]?.imagesizes, url).toBe(lcp.sizes);
  return lcp;
}

/** Every picture reserves its box (width, height) and offers its widths (srcset with sizes). */
function expectAllResponsive(images: Attributes[], url: string): void {
  for (const image of images) {
    expect(Number(image.width), `${url} ${image.src}`).toBeGreaterThan(0);
    expect(Number(image.height), `${url} ${image.src}`).toBeGreaterThan(0);
    expect(image.srcset, `${url} ${image.src}`).toBeTruthy();
    expect(image.sizes, `${url} ${image.src}`).toBeTruthy();
  }
}

describe("responsive pictures in the rendered pages", () => {
  it("the product page preloads its main picture with the <img>'s srcset and sizes; all else is lazy", async () => {
    const list = await page("/produkty");
    const productPath = /href="(\/produkt\/[^"]+)"/.exec(list.body)?.[1] ?? "";
    expect(productPath).not.toBe("");
    const { head, body } = await page(productPath);
    const images = tags(body, "img");
    const lcp = expectPreloadedLcp(head, images, productPath);
    expect(lcp.src).toMatch(/^\/media\/demo\/products\//);
    // the gallery box is square: so is the reserved space
    expect(lcp.width).toBe(lcp.height);
    expectAllResponsive(images, productPath);
    const others = images.filter((image) => image !== lcp);
    expect(others.every((image) => image.loading === "lazy")).toBe(true);
    // nothing else competes with the main picture: one picture preload; the script preloads (entry,
    // shell, route chunks) and the hydration module are inert until the starter restores them once
    // the picture is shown (web/lib/script-priority.ts, web/lib/hydrate-after-picture.ts)
    expect(imagePreloads(head)).toHaveLength(1);
    const links = tags(head, "link");
    expect(links.filter((link) => link.rel === "modulepreload")).toEqual([]);
    const scriptPreloads = links.filter((link) => link.rel === DEFERRED_PRELOAD_REL);
    expect(scriptPreloads.length).toBeGreaterThan(2);
    expect(scriptPreloads.every((link) => link.href?.startsWith("/assets/") && link.nonce)).toBe(true);
    expectScriptsAfterThePicture(body, productPath);
    recordFigure({
      suite: "images",
      tried: `product page ${productPath}`,
      result: `1 image preload (fetchpriority high, srcset ${widthsOf(lcp.srcset).join("/")}, same sizes as the <img>); ${images.length} <img> with srcset/sizes/width/height, ${others.length} lazy; ${scriptPreloads.length} script preloads and the hydration module inert until the picture is shown`,
      held: true,
    });
  });

  it("the product list loads its first row at once and every later card lazily", async () => {
    const { head, body } = await page("/produkty");
    const images = tags(body, "img");
    expectAllResponsive(images, "/produkty");
    const cards = images.filter((image) => image.src?.startsWith("/media/demo/products/"));
    expect(cards.length).toBeGreaterThan(8);
    const eager = cards.slice(0, 4);
    const later = cards.slice(4);
    expect(eager.every((image) => image.loading === "eager")).toBe(true);
    expect(later.every((image) => image.loading === "lazy" && image.decoding === "async")).toBe(true);
    // cards are small: the thumbnail is offered, and none claims the high priority
    expect(cards.every((image) => widthsOf(image.srcset)[0] === "300w")).toBe(true);
    expect(images.some((image) => image.fetchpriority === "high")).toBe(false);
    expect(imagePreloads(head)).toHaveLength(eager.length);
    recordFigure({
      suite: "images",
      tried: "product list /produkty",
      result: `${cards.length} card pictures: ${eager.length} eager (preloaded at normal priority), ${later.length} lazy; all with srcset from 300w`,
      held: true,
    });
  });

  it("the home page preloads the first slide (a wide screen's largest picture) and the first card (a phone's); the first strip's first view loads at once, the rest waits", async () => {
    const { head, body } = await page("/");
    const images = tags(body, "img");
    expectAllResponsive(images, "/");
    const slides = images.filter((image) => image.src?.startsWith("/media/demo/slides/"));
    // the first strip's cards come first among the product pictures (the category banners follow)
    const cards = images.filter((image) => image.src?.startsWith("/media/demo/products/"));
    expect(slides.length).toBeGreaterThan(1);
    expect(cards.length).toBeGreaterThan(8);
    const [slide, card] = [slides[0] as Attributes, cards[0] as Attributes];
    // the slide box is 8:3, as the seeded slides; the card is square
    expect(Number(slide.width) * 3).toBe(Number(slide.height) * 8);
    expect(card.width).toBe(card.height);

    const high = images.filter((image) => image.fetchpriority === "high");
    expect(high).toEqual([slide, card]);
    const highPreloads = imagePreloads(head).filter((link) => link.fetchpriority === "high");
    expect(highPreloads.map((link) => [link.imagesrcset, link.imagesizes])).toEqual([
      [slide.srcset, slide.sizes],
      [card.srcset, card.sizes],
    ]);
    for (const picture of high) {
      expect(picture.loading).toBe("eager");
      expect(widthsOf(picture.srcset)).toEqual(["300w", "600w", "800w", "1200w"]);
    }
    // a view of the strip shows at most 4 cards: those load at once (preloaded at normal priority)
    const firstView = cards.slice(0, 4);
    expect(firstView.every((image) => image.loading === "eager")).toBe(true);
    expect(imagePreloads(head)).toHaveLength(1 + firstView.length);
    const rest = images.filter((image) => image !== slide && !firstView.includes(image));
    expect(rest.every((image) => image.loading === "lazy" && image.decoding === "async")).toBe(true);
    // the strips after the first, the promises and the blog are laid out only when scrolled near
    // (content-visibility: auto; less main-thread work while the phone loads the page)
    const deferred = body.indexOf("[content-visibility:auto]");
    expect(deferred).toBeGreaterThan(body.indexOf('aria-label="Najnowsze oferty"'));
    expect(deferred).toBeLessThan(body.indexOf('aria-label="Premium"'));
    expect(deferred).toBeLessThan(body.indexOf('aria-labelledby="home-blog"'));
    expect(body.indexOf("[content-visibility:auto]", deferred + 1)).toBe(-1);
    // each strip card carries the card-* component classes (web/app.css), not the long utility lists
    const strips = [...body.matchAll(/aria-roledescription="karuzela"[\s\S]*?<\/section>/g)].map((m) => m[0]);
    const stripCards = strips.flatMap((strip) => [...strip.matchAll(/<article\b[^>]*>/g)].map((m) => m[0]));
    expect(stripCards.length).toBeGreaterThan(8);
    expect(stripCards.every((tag) => /class="group card"/.test(tag))).toBe(true);
    recordFigure({
      suite: "images",
      tried: "home page /",
      result: `first of ${slides.length} slides and first card preloaded at high priority; ${firstView.length - 1} more cards of the first view eager; ${rest.length} other <img> lazy`,
      held: true,
    });
  });

  it("a blog post preloads its header picture", async () => {
    const blog = await page("/blog");
    const articlePath = /href="(\/blog\/\d+[^"]*)"/.exec(blog.body)?.[1] ?? "";
    expect(articlePath).not.toBe("");
    const { head, body } = await page(articlePath);
    const images = tags(body, "img");
    expectAllResponsive(images, articlePath);
    const lcp = expectPreloadedLcp(head, images, articlePath);
    expect(lcp.src).toMatch(/^\/media\/demo\/blog\//);
  });
});

describe("cache headers", () => {
  it("the hashed client assets a page loads (scripts, styles) are cached for a year as immutable", async () => {
    const { head } = await page("/");
    const assets = [...new Set([...head.matchAll(/href="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]))];
    expect(assets.some((url) => url?.endsWith(".js"))).toBe(true);
    expect(assets.some((url) => url?.endsWith(".css"))).toBe(true);
    for (const url of assets) {
      const response = await shop.app.inject({ method: "GET", url: url ?? "" });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe(YEAR_IMMUTABLE);
      expect(response.headers.etag, url).toBeTruthy();
    }
  });

  it("media are cached for a year as immutable, revalidate by ETag, and a missing file is not cached", async () => {
    const dir = path.join(shop.config.mediaDir, "gallery", "test");
    fs.mkdirSync(dir, { recursive: true });
    const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#f6d2dc" } })
      .webp()
      .toBuffer();
    fs.writeFileSync(path.join(dir, "kocyk-0a1b2c3d-thumb.webp"), picture);

    const url = "/media/gallery/test/kocyk-0a1b2c3d-thumb.webp";
    const response = await shop.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers["cache-control"]).toBe(YEAR_IMMUTABLE);
    expect(response.headers["last-modified"]).toBeTruthy();
    const etag = String(response.headers.etag);
    expect(etag).toBeTruthy();
    const again = await shop.app.inject({ method: "GET", url, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);

    const missing = await shop.app.inject({
      method: "GET",
      url: "/media/gallery/test/nothing-0a1b2c3d.webp",
    });
    expect(missing.statusCode).toBe(404);
    expect(String(missing.headers["cache-control"] ?? "")).not.toContain("max-age=31536000");
    recordFigure({
      suite: "caching",
      tried: "GET a media file, then with its ETag in If-None-Match, and a missing media file",
      result: `media "${response.headers["cache-control"]}"; revalidation ${again.statusCode}; missing ${missing.statusCode} with cache-control "${missing.headers["cache-control"] ?? "none"}"`,
      held: again.statusCode === 304 && missing.statusCode === 404,
    });
  });
});
