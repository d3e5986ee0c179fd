import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogArticles, categories, headerSlides, pages, products } from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { createSitemapService, type SitemapEntry } from "./sitemap.service";

let database: TestDatabase;
const now = new Date("2026-11-20T12:00:00.000Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
const ids = {
  root: 0,
  kids: 0,
  blankets: 0,
  loose: 0,
  visible: 0,
  older: 0,
  hidden: 0,
  article: 0,
};

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const insertCategory = async (title: string, parentId: number | null, updatedAt: Date) => {
    const [row] = await db
      .insert(categories)
      .values({ title, parentId, updatedAt })
      .returning({ id: categories.id });
    if (!row) throw new Error("category not inserted");
    return row.id;
  };
  ids.root = await insertCategory("root", null, daysAgo(30));
  ids.kids = await insertCategory("Dla dzieci", ids.root, daysAgo(8));
  ids.blankets = await insertCategory("Kocyki", ids.kids, daysAgo(7));
  ids.loose = await insertCategory("Inne", null, daysAgo(6));

  const productRows = await db
    .insert(products)
    .values([
      { title: "Kocyk minky", slug: "Kocyk_minky", priceGrosze: 12_900, updatedAt: daysAgo(2) },
      { title: "Kokon", slug: "Kokon", slugEn: "Cocoon", priceGrosze: 25_900, updatedAt: daysAgo(4) },
      { title: "Ukryty", slug: "Ukryty", priceGrosze: 100, isHidden: true, updatedAt: daysAgo(1) },
    ])
    .returning({ id: products.id });
  [ids.visible, ids.older, ids.hidden] = productRows.map((row) => row.id) as [number, number, number];

  const [article] = await db
    .insert(blogArticles)
    .values({
      title: "Jak prać minky",
      slug: "Jak_prac_minky",
      slugEn: "Washing_minky",
      createdAt: daysAgo(9),
      updatedAt: daysAgo(3),
    })
    .returning({ id: blogArticles.id });
  ids.article = article?.id ?? 0;

  await db.insert(pages).values([
    { link: "regulamin", title: "Regulamin", updatedAt: daysAgo(10) },
    { link: "o-nas", title: "O nas", linkEn: "about-us", updatedAt: daysAgo(5) },
  ]);
  await db
    .insert(headerSlides)
    .values({ title: "Nowość", imageUrl: "/media/s.jpg", updatedAt: daysAgo(0.5) });
});

afterAll(async () => {
  await database?.destroy();
});

const byPath = (entries: readonly SitemapEntry[]) =>
  new Map(entries.map((entry) => [entry.path, entry.lastmod.toISOString()]));

describe("sitemap entries", () => {
  it("lists home, the product list, visible products, categories, blog and pages with their last change", async () => {
    const entries = await createSitemapService(database.db, { now: () => now }).listEntries();
    const paths = byPath(entries);

    expect(entries[0]?.path).toBe("/");
    expect(paths.get(`/produkt/${ids.visible}-Kocyk_minky`)).toBe(daysAgo(2).toISOString());
    expect(paths.get(`/produkt/${ids.older}-Kokon`)).toBe(daysAgo(4).toISOString());
    expect(paths.get(`/produkty?kategoria=${ids.kids}`)).toBe(daysAgo(8).toISOString());
    expect(paths.get(`/produkty?kategoria=${ids.blankets}`)).toBe(daysAgo(7).toISOString());
    expect(paths.get(`/produkty?kategoria=${ids.loose}`)).toBe(daysAgo(6).toISOString());
    expect(paths.get(`/blog/${ids.article}-Jak_prac_minky`)).toBe(daysAgo(3).toISOString());
    expect(paths.get("/blog")).toBe(daysAgo(3).toISOString());
    expect(paths.get("/regulamin")).toBe(daysAgo(10).toISOString());
    expect(paths.get("/o-nas")).toBe(daysAgo(5).toISOString());
    // the product list changed with its newest visible product or category; home also with slides and blog
    expect(paths.get("/produkty")).toBe(daysAgo(2).toISOString());
    expect(paths.get("/")).toBe(daysAgo(0.5).toISOString());
    expect(entries).toHaveLength(11);
  });

  it("gives the English address of a product, article or page with an English slug or link (issue 30)", async () => {
    const entries = await createSitemapService(database.db, { now: () => now }).listEntries();
    const english = new Map(entries.map((entry) => [entry.path, entry.en]));
    expect(english.get(`/produkt/${ids.older}-Kokon`)).toBe(`/produkt/${ids.older}-Cocoon`);
    expect(english.get(`/blog/${ids.article}-Jak_prac_minky`)).toBe(`/blog/${ids.article}-Washing_minky`);
    expect(english.get("/o-nas")).toBe("/about-us");
    // the others have one address, marked ?lang=en in English (web/lib/seo.ts sitemapXml)
    expect(english.get(`/produkt/${ids.visible}-Kocyk_minky`)).toBeUndefined();
    expect(english.get("/regulamin")).toBeUndefined();
  });

  it("never lists a hidden product nor the category tree's root", async () => {
    const entries = await createSitemapService(database.db).listEntries();
    const paths = entries.map((entry) => entry.path);
    expect(paths.some((path) => path.startsWith(`/produkt/${ids.hidden}-`))).toBe(false);
    expect(paths).not.toContain(`/produkty?kategoria=${ids.root}`);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("answers for an empty shop with the fixed addresses, dated now", async () => {
    const empty = await createTestDatabase();
    try {
      const entries = await createSitemapService(empty.db, { now: () => now }).listEntries();
      expect(entries).toEqual([
        { path: "/", lastmod: now },
        { path: "/produkty", lastmod: now },
        { path: "/blog", lastmod: now },
      ]);
    } finally {
      await empty.destroy();
    }
  });
});
