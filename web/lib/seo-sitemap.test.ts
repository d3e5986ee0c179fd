import { describe, expect, it } from "vitest";
import { escapeXml, robotsTxt, sitemapXml, websiteJsonLd } from "./seo";

const publicUrl = "https://sklep.example";

describe("sitemapXml", () => {
  it("gives absolute, escaped addresses with ISO dates", () => {
    const xml = sitemapXml(publicUrl, [
      { path: "/", lastmod: new Date("2026-11-01T10:00:00.000Z") },
      { path: "/produkty?kategoria=3&x=<y>", lastmod: new Date("2026-11-02T10:00:00.000Z") },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    expect(xml).toContain(
      "<url><loc>https://sklep.example/</loc><lastmod>2026-11-01T10:00:00.000Z</lastmod>",
    );
    expect(xml).toContain("<loc>https://sklep.example/produkty?kategoria=3&amp;x=&lt;y&gt;</loc>");
  });

  it("lists every page in both languages, each with the alternates of the two and x-default", () => {
    const xml = sitemapXml(publicUrl, [
      { path: "/produkt/7-Kocyk", en: "/produkt/7-Blanket", lastmod: new Date("2026-11-01T10:00:00.000Z") },
    ]);
    const urls = xml.match(/<url>.*?<\/url>/g) ?? [];
    expect(urls.map((url) => url.match(/<loc>(.*?)<\/loc>/)?.[1])).toEqual([
      "https://sklep.example/produkt/7-Kocyk",
      "https://sklep.example/produkt/7-Blanket?lang=en",
    ]);
    for (const url of urls) {
      expect(url).toContain(
        '<xhtml:link rel="alternate" hreflang="pl" href="https://sklep.example/produkt/7-Kocyk"/>' +
          '<xhtml:link rel="alternate" hreflang="en" href="https://sklep.example/produkt/7-Blanket?lang=en"/>' +
          '<xhtml:link rel="alternate" hreflang="x-default" href="https://sklep.example/produkt/7-Kocyk"/>',
      );
    }
  });

  it("escapes the five XML characters", () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&apos;f");
  });
});

describe("robotsTxt", () => {
  it("allows the shop, keeps crawlers out of the account area and the API, and points to the sitemap", () => {
    const lines = robotsTxt(publicUrl).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    expect(lines).toContain("Disallow: /konto");
    expect(lines).toContain("Disallow: /api");
    // checkout and the order pages stay out; the cart is an ordinary public page (empty for a crawler)
    expect(lines).toContain("Disallow: /dostawa-i-platnosc");
    expect(lines).toContain("Disallow: /zamowienie");
    expect(lines.filter((line) => line.includes("/koszyk"))).toEqual([]);
    expect(lines).toContain("Sitemap: https://sklep.example/sitemap.xml");
  });
});

describe("websiteJsonLd", () => {
  it("describes the site search as a SearchAction on the product list", () => {
    expect(websiteJsonLd(publicUrl)).toMatchObject({
      "@type": "WebSite",
      url: "https://sklep.example/",
      potentialAction: {
        "@type": "SearchAction",
        target: { urlTemplate: "https://sklep.example/produkty?szukaj={search_term_string}" },
        "query-input": "required name=search_term_string",
      },
    });
  });
});
