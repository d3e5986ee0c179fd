import { describe, expect, it } from "vitest";
import type { BlogArticle, Category, HeaderSlide, Page } from "../../../domain/types";
import { blogArticles, headerSlides, pages } from "../../db/schema";
import { startApi } from "../../test/api";
import type { TestDatabase } from "../../test/database";
import { kitForFile } from "../../test/kit-for-file";
import { publicRead } from "../../test/reply-check";
import { insertCategoryTree } from "../catalog/catalog.fixtures";

const kit = kitForFile(() => startApi({ name: "content-test", prepare: insertContent }));

const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

const ids = { slides: [] as number[], pages: [] as number[], blogs: [] as number[] };

async function insertContent(database: TestDatabase): Promise<void> {
  const db = database.db;
  // three levels, for the page shell's menu tree
  await insertCategoryTree(db);
  // inserted out of display order: "Trzeci" and "Drugi" share order 2, "Drugi" has the lower id
  const slides = await db
    .insert(headerSlides)
    .values([
      {
        title: "Drugi",
        order: 2,
        imageUrl: "/media/s2.jpg",
        link: "/produkty?premium=tak",
        description: "Premium",
      },
      { title: "Trzeci", order: 2, imageUrl: "/media/s3.jpg" },
      { title: "Pierwszy", order: 1, imageUrl: "/media/s1.jpg" },
    ])
    .returning({ id: headerSlides.id });
  ids.slides = slides.map((row) => row.id);
  const pageRows = await db
    .insert(pages)
    .values([
      {
        link: "regulamin",
        title: "Regulamin",
        content: "<p>Zasady</p>",
        protected: true,
        updatedAt: daysAgo(3),
      },
      { link: "o-nas", title: "O nas", content: "<p>Szyjemy</p>", image: "/media/o-nas.jpg" },
    ])
    .returning({ id: pages.id });
  ids.pages = pageRows.map((row) => row.id);
  // createdAt: middle (10 days), oldest (20 days), newest (1 day), and a twin of the middle one
  const blogRows = await db
    .insert(blogArticles)
    .values([
      { title: "Środkowy", slug: "Srodkowy", createdAt: daysAgo(10), tags: ["szycie"], content: "<p>b</p>" },
      { title: "Najstarszy", slug: "Najstarszy", createdAt: daysAgo(20) },
      {
        title: "Najnowszy",
        slug: "Najnowszy",
        createdAt: daysAgo(1),
        image: { url: "/media/n.jpg", thumb_url: "/media/n-thumb.jpg", name: "n", isNew: true },
        hasSlides: true,
        slideIds: [7, 3],
        slidesTitle: "Polecane",
      },
      { title: "Środkowy bliźniak", slug: "Srodkowy_blizniak", createdAt: daysAgo(10) },
    ])
    .returning({ id: blogArticles.id });
  ids.blogs = blogRows.map((row) => row.id);
}

describe("header slides", () => {
  it("lists slides by order, then id", async () => {
    const [second, third, first] = ids.slides;
    const slides = await publicRead<HeaderSlide[]>(kit.app, "/api/shops/headers");
    expect(slides.map((slide) => slide._id)).toEqual([first, second, third]);
    expect(slides[1]).toEqual({
      _id: second,
      title: "Drugi",
      description: "Premium",
      link: "/produkty?premium=tak",
      image: { url: "/media/s2.jpg" },
      order: 2,
    });
    expect(slides[2]?.link).toBeNull();
  });
});

describe("pages", () => {
  it("lists pages with ISO dates", async () => {
    const list = await publicRead<Page[]>(kit.app, "/api/pages");
    expect(list.map((page) => page._id)).toEqual(ids.pages);
    expect(list[0]).toEqual({
      _id: ids.pages[0],
      link: "regulamin",
      title: "Regulamin",
      updatedAt: daysAgo(3).toISOString(),
      image: null,
      content: "<p>Zasady</p>",
      protected: true,
    });
  });

  it("finds a page by its link, 404 when there is none", async () => {
    const res = await kit.app.inject({ method: "GET", url: "/api/pages/by-link/o-nas" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
    expect(res.json<Page>()).toMatchObject({ _id: ids.pages[1], title: "O nas", image: "/media/o-nas.jpg" });
    expect(await kit.app.services.content.getPageByLink("/regulamin")).toMatchObject({ _id: ids.pages[0] });

    const missing = await kit.app.inject({ method: "GET", url: "/api/pages/by-link/nie-ma-takiej" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, code: "not-found", message: "Not found." });
    expect(missing.headers["cache-control"]).toBeUndefined();
  });
});

describe("blog", () => {
  it("lists articles newest first (createdAt, then id)", async () => {
    const res = await kit.app.inject({ method: "GET", url: "/api/blogs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
    const [middle, oldest, newest, twin] = ids.blogs;
    expect(res.json<BlogArticle[]>().map((article) => article._id)).toEqual([newest, twin, middle, oldest]);
  });

  it("limits the list in SQL, keeping the order", async () => {
    const [, , newest, twin] = ids.blogs;
    const res = await kit.app.inject({ method: "GET", url: "/api/blogs?limit=2" });
    expect(res.statusCode).toBe(200);
    expect(res.json<BlogArticle[]>().map((article) => article._id)).toEqual([newest, twin]);
    const three = await kit.app.services.content.listBlogArticles({ limit: 3 });
    expect(three).toHaveLength(3);
    for (const bad of ["0", "abc", "-3"]) {
      const invalid = await kit.app.inject({ method: "GET", url: `/api/blogs?limit=${bad}` });
      expect(invalid.statusCode, bad).toBe(400);
    }
  });

  it("shows one article with its fields, 404 when missing, 400 for a non-numeric id", async () => {
    const newest = ids.blogs[2];
    const res = await kit.app.inject({ method: "GET", url: `/api/blogs/${newest}` });
    expect(res.statusCode).toBe(200);
    expect(res.json<BlogArticle>()).toEqual({
      _id: newest,
      slug: "Najnowszy",
      title: "Najnowszy",
      tags: [],
      createdAt: daysAgo(1).toISOString(),
      image: { url: "/media/n.jpg", thumb_url: "/media/n-thumb.jpg", name: "n", isNew: true },
      content: "",
      hasSlides: true,
      slides: [7, 3],
      slidesTitle: "Polecane",
      slidesDescription: "",
    });
    const oldest = await kit.app.services.content.getBlogArticle(ids.blogs[1] ?? 0);
    expect(oldest?.image).toBeNull();

    const maxId = Math.max(...ids.blogs);
    const missing = await kit.app.inject({ method: "GET", url: `/api/blogs/${maxId + 1000}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "not-found" });
    const huge = await kit.app.inject({ method: "GET", url: "/api/blogs/99999999999" });
    expect(huge.statusCode).toBe(404);
    const bad = await kit.app.inject({ method: "GET", url: "/api/blogs/abc" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "validation", fields: { id: expect.any(Object) } });
  });
});

describe("one statement per page shell and home content", () => {
  it("siteNavigation gives the category tree and the pages' links", async () => {
    const { catalog, content } = kit.app.services;
    const navigation = await content.siteNavigation();
    // the tree as the menus show it, and nothing more: it goes out with every page
    const menuTree = (tree: readonly Category[]): unknown[] =>
      tree.map(({ _id, title, image, subcategories }) => ({
        _id,
        title,
        image,
        subcategories: menuTree(subcategories),
      }));
    expect(navigation.categories).toStrictEqual(menuTree(await catalog.getCategoryTree()));
    expect(navigation.categories.map((category) => category.title)).toEqual([
      "Dla dzieci",
      "Kocyki",
      "Akcesoria",
      "Inne",
    ]);
    expect(navigation.categories[0]?.subcategories[0]?.subcategories[0]).toStrictEqual({
      _id: expect.any(Number),
      title: "Rożki",
      image: null,
      subcategories: [],
    });
    expect(navigation.pages).toEqual(
      (await content.listPages()).map(({ _id, link, title }) => ({ _id, link, title })),
    );
    expect(navigation.pages.map((page) => page._id)).toEqual([...ids.pages].sort((a, b) => a - b));
  });

  it("homeContent gives the slides and the newest articles as their own lists do", async () => {
    const { content } = kit.app.services;
    const home = await content.homeContent({ blogLimit: 2 });
    expect(home.slides).toEqual(await content.listHeaderSlides());
    expect(home.articles).toEqual(await content.listBlogArticles({ limit: 2 }));
    expect(home.articles).toHaveLength(2);
    expect((await content.homeContent({ blogLimit: 0 })).articles).toEqual([]);
  });
});
