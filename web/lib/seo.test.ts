import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, rootFromMatches, seoMeta } from "./seo";

const root = { lang: "pl" as const, publicUrl: "https://sklep.example" };

describe("seoMeta", () => {
  it("gives title, canonical, cut description, OpenGraph, Twitter and JSON-LD", () => {
    const long = `<p>${"Miękki kocyk z bawełny. ".repeat(20)}</p>`;
    const tags = seoMeta({
      root,
      title: "Kocyk",
      description: long,
      path: "/produkt/1-Kocyk",
      image: "/media/a.webp",
      type: "product",
      jsonLd: [{ "@type": "Product" }],
    });
    expect(tags).toContainEqual({ title: "Kocyk | Szyciowo" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://sklep.example/produkt/1-Kocyk",
    });
    const description = tags.find((tag) => "name" in tag && tag.name === "description") as {
      content: string;
    };
    expect(description.content.length).toBeLessThanOrEqual(160);
    expect(description.content).not.toContain("<p>");
    expect(tags).toContainEqual({ property: "og:image", content: "https://sklep.example/media/a.webp" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags).toContainEqual({ "script:ld+json": { "@type": "Product" } });
  });

  it("in English points the canonical to the English address with its marker, and links both languages (issue 30)", () => {
    const alternates = { pl: "/produkt/1-Kocyk", en: "/produkt/1-Blanket" };
    const english = seoMeta({
      root: { ...root, lang: "en" },
      title: "Blanket",
      path: alternates.en,
      alternates,
    });
    const polish = seoMeta({ root, title: "Kocyk", path: alternates.pl, alternates });
    const canonical = (tags: typeof english) =>
      tags.find((tag) => "rel" in tag && tag.rel === "canonical") as { href: string };
    expect(canonical(english).href).toBe("https://sklep.example/produkt/1-Blanket?lang=en");
    expect(canonical(polish).href).toBe("https://sklep.example/produkt/1-Kocyk");
    for (const tags of [english, polish]) {
      expect(tags.filter((tag) => "rel" in tag && tag.rel === "alternate")).toEqual([
        { tagName: "link", rel: "alternate", hrefLang: "pl", href: "https://sklep.example/produkt/1-Kocyk" },
        {
          tagName: "link",
          rel: "alternate",
          hrefLang: "en",
          href: "https://sklep.example/produkt/1-Blanket?lang=en",
        },
        {
          tagName: "link",
          rel: "alternate",
          hrefLang: "x-default",
          href: "https://sklep.example/produkt/1-Kocyk",
        },
      ]);
    }
    // a page without a language of its own: the same path, marked in English
    const list = seoMeta({ root: { ...root, lang: "en" }, title: "Products", path: "/produkty?kategoria=3" });
    expect(canonical(list).href).toBe("https://sklep.example/produkty?kategoria=3&lang=en");
  });

  it("reads lang and publicUrl from the root match", () => {
    expect(rootFromMatches([{ id: "root", data: { lang: "en", publicUrl: "https://x.pl" } }])).toEqual({
      lang: "en",
      publicUrl: "https://x.pl",
    });
    expect(rootFromMatches([])).toEqual({ lang: "pl", publicUrl: "" });
  });

  it("numbers breadcrumb items from 1 with absolute URLs", () => {
    const data = breadcrumbJsonLd("https://x.pl", [
      { name: "Strona główna", path: "/" },
      { name: "Produkty", path: "/produkty" },
    ]);
    expect(data.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Strona główna", item: "https://x.pl/" },
      { "@type": "ListItem", position: 2, name: "Produkty", item: "https://x.pl/produkty" },
    ]);
  });
});
