import { switchLanguage } from "./support/storefront";
import { expect, type Page, test } from "./support/test";

// What search engines and link previews read from the server-rendered HTML (no JavaScript):
// title, description, canonical, sharing tags, JSON-LD; sitemap.xml and robots.txt.

type JsonLd = Record<string, unknown> & { "@type"?: string };

async function jsonLd(page: Page): Promise<JsonLd[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as JsonLd);
}

const metaContent = (page: Page, selector: string) =>
  page.locator(`head ${selector}`).first().getAttribute("content");

/** Paths of every <loc> in the sitemap, relative to the shop. */
function sitemapPaths(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
    const url = new URL((match[1] ?? "").replaceAll("&amp;", "&"));
    return `${url.pathname}${url.search}`;
  });
}

test.describe("SEO and sharing", () => {
  test.use({ javaScriptEnabled: false });

  test("a product page carries title, short description, canonical, image and Product data", async ({
    page,
    request,
  }) => {
    const products = (await (await request.get("/api/shops/products/basic")).json()) as {
      _id: number;
      slug: string;
      title: string;
    }[];
    const product = products[0];
    if (!product) throw new Error("the demo shop has products");
    const path = `/produkt/${product._id}-${product.slug}`;
    await page.goto(path);

    await expect(page).toHaveTitle(new RegExp(product.title.replace(/[()]/g, "\\$&")));
    const description = await metaContent(page, 'meta[name="description"]');
    expect(description?.length ?? 0).toBeGreaterThan(20);
    expect(description?.length ?? 999).toBeLessThanOrEqual(160);
    expect(description).not.toContain("<");

    const canonical = await page.locator('head link[rel="canonical"]').getAttribute("href");
    expect(canonical).toMatch(new RegExp(`^https?://[^/]+${path}$`));
    expect(await metaContent(page, 'meta[property="og:image"]')).toMatch(/^https?:\/\/.+\/media\//);
    expect(await metaContent(page, 'meta[property="og:title"]')).toContain(product.title);
    expect(await metaContent(page, 'meta[name="twitter:card"]')).toBe("summary_large_image");

    const data = await jsonLd(page);
    const productData = data.find((item) => item["@type"] === "Product") as
      | (JsonLd & { name?: string; offers?: Record<string, unknown> | Record<string, unknown>[] })
      | undefined;
    expect(productData?.name).toBe(product.title);
    const offers = [productData?.offers ?? []].flat();
    expect(offers.length).toBeGreaterThan(0);
    expect(offers[0]).toMatchObject({ priceCurrency: "PLN" });
    expect(String(offers[0]?.availability)).toMatch(
      /^https:\/\/schema\.org\/(InStock|OutOfStock|LimitedAvailability)$/,
    );
    expect(data.some((item) => item["@type"] === "BreadcrumbList")).toBe(true);
  });

  test("the home page describes the shop and its search", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Szyciowo/);
    expect((await metaContent(page, 'meta[name="description"]'))?.length ?? 0).toBeGreaterThan(20);
    expect(await page.locator('head link[rel="canonical"]').getAttribute("href")).toMatch(
      /^https?:\/\/[^/]+\/$/,
    );
    const data = await jsonLd(page);
    expect(data.find((item) => item["@type"] === "Organization")).toMatchObject({ name: "Szyciowo" });
    expect(data.find((item) => item["@type"] === "WebSite")).toMatchObject({
      potentialAction: {
        "@type": "SearchAction",
        target: { urlTemplate: expect.stringMatching(/\/produkty\?szukaj=\{search_term_string\}$/) },
      },
    });
  });

  test("sitemap.xml lists the shop's pages and visible products, never a hidden one", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T[\d:.]+Z<\/lastmod>/);
    // every page in Polish and in English (its English address marked ?lang=en, docs/decisions/078)
    const all = sitemapPaths(xml);
    const paths = all.filter((path) => !/[?&]lang=en$/.test(path));
    expect(all).toHaveLength(paths.length * 2);

    const visible = (await (await request.get("/api/shops/products/basic")).json()) as {
      _id: number;
      slug: string;
    }[];
    expect(visible.length).toBeGreaterThan(0);
    for (const product of visible) expect(paths).toContain(`/produkt/${product._id}-${product.slug}`);
    expect(paths.filter((path) => path.startsWith("/produkt/"))).toHaveLength(visible.length);

    // the demo shop's hidden "Poduszka w kształcie gwiazdki" is not for the public, nor in the sitemap
    expect(JSON.stringify(visible)).not.toContain("Poduszka w kształcie gwiazdki");
    expect(xml).not.toContain("Poduszka_w_ksztalcie_gwiazdki");
    expect(paths).toEqual(expect.arrayContaining(["/", "/produkty", "/blog", "/regulamin", "/o-nas"]));
    expect(paths.some((path) => /^\/produkty\?kategoria=\d+$/.test(path))).toBe(true);
    expect(paths.some((path) => /^\/blog\/\d+-/.test(path))).toBe(true);
  });

  test("robots.txt allows the shop, keeps out the account and API, and points to the sitemap", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /konto");
    expect(lines).toContain("Disallow: /api");
    const sitemap = lines.find((line) => line.startsWith("Sitemap: "))?.slice("Sitemap: ".length) ?? "";
    expect(sitemap).toMatch(/^https?:\/\/.+\/sitemap\.xml$/);
    expect(new URL(sitemap).pathname).toBe("/sitemap.xml");
    expect((await request.get(new URL("/sitemap.xml", baseURL).toString())).status()).toBe(200);
  });
});

test.describe("language", () => {
  test("switching to English sets <html lang> on the server-rendered page", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "pl");
    await switchLanguage(page, "English");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    // the server renders English from now on
    const html = await (await page.request.get("/")).text();
    expect(html).toMatch(/<html lang="en"/);
    await switchLanguage(page, "Polski");
    await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  });
});
