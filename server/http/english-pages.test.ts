import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { blogArticles, products } from "../db/schema";
import { startBuiltShop } from "../test/built-shop";
import { kitForFile } from "../test/kit-for-file";

// The English interface's pages (issue 30, docs/decisions/078), as the built app renders them for
// the demo shop (whose seed gives a few records English texts): English titles and slugs, Polish
// fallback marked lang="pl", the ?lang= marker that overrides the cookie (cached on the page's
// language, never setting the cookie), the canonical and hreflang links, and the sitemap's
// alternates. Needs `npm run build`.

const shop = kitForFile(
  () => startBuiltShop({ name: "english-pages", env: { RESPONSE_CACHE: "on" } }),
  120_000,
);

const get = (url: string, cookie?: string): Promise<LightMyRequestResponse> =>
  shop.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

/** The `<link …>` tags of a page with this rel, as attribute maps. */
function links(html: string, rel: string): Record<string, string>[] {
  return [...html.matchAll(/<link\s([^>]*?)\/?>/g)]
    .map((tag) =>
      Object.fromEntries(
        [...(tag[1] ?? "").matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [
          (a[1] ?? "").toLowerCase(),
          (a[2] ?? "").replaceAll("&amp;", "&"),
        ]),
      ),
    )
    .filter((attributes) => attributes.rel === rel);
}

async function demoProduct(title: string) {
  const [row] = await shop.database.db
    .select({ id: products.id, slug: products.slug, slugEn: products.slugEn })
    .from(products)
    .where(eq(products.title, title));
  if (!row) throw new Error(`no demo product ${title}`);
  return row;
}

describe("the English interface's pages", () => {
  it("shows a product's English title at its English address, with the canonical and hreflang links", async () => {
    const product = await demoProduct("Żółty kocyk bawełniany");
    expect(product.slugEn).toBe("Yellow_cotton_blanket");
    const english = `/produkt/${product.id}-${product.slugEn}`;
    const polish = `/produkt/${product.id}-${product.slug}`;
    const answer = await get(`${english}?lang=en`);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<html lang="en"');
    // English text: no language mark of its own
    expect(answer.body).toMatch(/<h1 class="[^"]*">Yellow cotton blanket<\/h1>/);
    // the marker sets no cookie
    expect(String(answer.headers["set-cookie"] ?? "")).not.toMatch(/(^|, )lang=/);
    const base = shop.config.publicUrl;
    expect(links(answer.body, "canonical")).toEqual([
      { rel: "canonical", href: `${base}${english}?lang=en` },
    ]);
    const alternates = [
      { rel: "alternate", hreflang: "pl", href: `${base}${polish}` },
      { rel: "alternate", hreflang: "en", href: `${base}${english}?lang=en` },
      { rel: "alternate", hreflang: "x-default", href: `${base}${polish}` },
    ];
    expect(links(answer.body, "alternate")).toEqual(alternates);

    const inPolish = await get(polish);
    expect(inPolish.body).toContain("Żółty kocyk bawełniany</h1>");
    expect(links(inPolish.body, "canonical")).toEqual([{ rel: "canonical", href: `${base}${polish}` }]);
    expect(links(inPolish.body, "alternate")).toEqual(alternates);
  });

  it("renders the language of ?lang= whatever the cookie, cached on that language", async () => {
    const product = await demoProduct("Kocyk muślinowy w gwiazdki");
    const url = `/produkt/${product.id}-${product.slugEn}?lang=en`;
    const first = await get(url, "lang=pl");
    const again = await get(url);
    expect([first.headers["x-cache"], again.headers["x-cache"]]).toEqual(["miss", "hit"]);
    for (const answer of [first, again]) {
      expect(answer.body).toContain('<html lang="en"');
      expect(answer.body).toContain("Muslin blanket with stars</h1>");
    }
    // either language's slug is the product's address: the Polish one in English, no redirect
    const polishSlug = await get(`/produkt/${product.id}-${product.slug}`, "lang=en");
    expect(polishSlug.statusCode).toBe(200);
    expect(polishSlug.body).toContain("Muslin blanket with stars</h1>");
    const polish = await get(`/produkt/${product.id}-${product.slugEn}?lang=pl`, "lang=en");
    expect(polish.body).toContain('<html lang="pl"');
    expect(polish.body).toContain("Kocyk muślinowy w gwiazdki</h1>");
  });

  it("finds and links English titles in the English product list, and marks a Polish title lang=pl", async () => {
    const [english, polishOnly] = await Promise.all([
      demoProduct("Żółty kocyk bawełniany"),
      demoProduct("Kocyk minky dla niemowlaka"),
    ]);
    const cards = async (url: string) =>
      [...(await get(url)).body.matchAll(/<a ([^>]*class="card-link"[^>]*)>([^<]*)<\/a>/g)].map((card) => ({
        title: card[2],
        href: card[1]?.match(/href="([^"]*)"/)?.[1],
        lang: card[1]?.match(/lang="([^"]*)"/)?.[1],
      }));
    expect(await cards("/produkty?szukaj=yellow&lang=en")).toContainEqual({
      title: "Yellow cotton blanket",
      href: `/produkt/${english.id}-${english.slugEn}`,
      lang: undefined,
    });
    expect(await cards("/produkty?szukaj=minky+niemowlaka&lang=en")).toContainEqual({
      title: "Kocyk minky dla niemowlaka",
      href: `/produkt/${polishOnly.id}-${polishOnly.slug}`,
      lang: "pl",
    });
  });

  it("finds a page by its English link and an article by its English slug", async () => {
    const page = await get("/about-us?lang=en");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("About us</h1>");
    const base = shop.config.publicUrl;
    expect(links(page.body, "alternate").map((link) => link.href)).toEqual([
      `${base}/o-nas`,
      `${base}/about-us?lang=en`,
      `${base}/o-nas`,
    ]);
    const [article] = await shop.database.db
      .select({ id: blogArticles.id, slugEn: blogArticles.slugEn })
      .from(blogArticles)
      .where(eq(blogArticles.titleEn, "How to wash minky blankets so they stay soft"));
    const answer = await get(`/blog/${article?.id}-${article?.slugEn}`, "lang=en");
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain("How to wash minky blankets so they stay soft</h1>");
  });

  it("lists both languages in the sitemap with their alternates", async () => {
    const product = await demoProduct("Żółty kocyk bawełniany");
    const xml = (await get("/sitemap.xml")).body;
    const base = shop.config.publicUrl;
    expect(xml).toContain(`<loc>${base}/produkt/${product.id}-${product.slugEn}?lang=en</loc>`);
    expect(xml).toContain(`<loc>${base}/produkt/${product.id}-${product.slug}</loc>`);
    expect(xml).toContain(
      `<xhtml:link rel="alternate" hreflang="en" href="${base}/produkt/${product.id}-${product.slugEn}?lang=en"/>`,
    );
  });
});
