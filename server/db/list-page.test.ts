import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Id } from "../../domain/types";
import { createCatalogService } from "../areas/catalog/catalog.service";
import { createBlogAdminService } from "../areas/content/blog-admin.service";
import { createContentService } from "../areas/content/content.service";
import { createCreatorsService } from "../areas/content/creators.service";
import { createCreatorsAdminService } from "../areas/content/creators-admin.service";
import { createPageAdminService } from "../areas/content/page-admin.service";
import { createCouponAdminService } from "../areas/coupons/coupon-admin.service";
import { type CountingDatabase, countingDatabase, countStatements } from "../test/counting-database";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { containsPattern, LIST_PAGE_SIZE, type ListPage, type ListQuery } from "./list-page";
import { blogArticles, coupons, creatorCategories, creators, games, pages, productFields } from "./schema";

// The staff lists (pages, blog, games, creators, coupons, fields) search and page in the
// database: the same rows in the same order as the whole list filtered in memory was (case ignored,
// Polish letters too), LIKE's wildcards taken literally, a page past the end is the last page, and
// only one page of rows leaves the database.

let database: TestDatabase;
let counting: CountingDatabase;

/** every list gets these titles (codes, for coupons): two pages of rows and the tricky searches */
const TITLES = [
  ...Array.from({ length: LIST_PAGE_SIZE + 1 }, (_, i) => `Pozycja ${String(i + 1).padStart(2, "0")}`),
  "Rabat 50%",
  "Rabat 500",
  "Żółta ŁĄKA",
  "a_b",
  "axb",
  "a\\b",
  "a/b",
];
const DAY = 86_400_000;
const BASE = Date.UTC(2026, 0, 1);

/** The in-memory matching the lists used before (web/components/staff/content/staff-ui.tsx `matches`). */
function matchedBefore(search: string, texts: string[]): boolean {
  const needle = search.toLocaleLowerCase("pl");
  return needle === "" || texts.some((text) => text.toLocaleLowerCase("pl").includes(needle));
}

/** searches whose results must equal the in-memory ones */
const SEARCHES = [
  ...[
    "",
    "pozycja",
    "POZYCJA 1",
    " pozycja 2 ",
    "50%",
    "%",
    "_",
    "a_b",
    "\\",
    "a\\b",
    "żółta",
    "ŁĄKA",
    "łąka",
    "brak",
  ],
  ...["KŁĘBEK", "wełna", "strona-1"],
];

/** every page of a search, in order */
async function allPages<T>(search: (query: ListQuery) => Promise<ListPage<T>>, text: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const result = await search({ search: text, page });
    expect(result.page).toBe(page);
    items.push(...result.items);
    if (page >= result.pages) {
      expect(items).toHaveLength(result.total);
      return items;
    }
  }
}

interface ListCase<T extends { _id: Id }> {
  /** the whole list as the screen loaded it before, in its order */
  before: () => Promise<T[]>;
  /** the texts the screen searched */
  texts: (item: T) => string[];
  search: (query: ListQuery) => Promise<ListPage<T>>;
}

const cases = new Map<string, ListCase<{ _id: Id }>>();
function add<T extends { _id: Id }>(name: string, list: ListCase<T>): void {
  cases.set(name, list as unknown as ListCase<{ _id: Id }>);
}
beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  counting = countingDatabase(database);
  const counted = counting.database.db;
  const [category] = await db.insert(creatorCategories).values({ title: "Szydełko" }).returning();
  await db.insert(pages).values(TITLES.map((title, i) => ({ title, link: `strona-${i}` })));
  await db.insert(blogArticles).values(
    TITLES.map((title, i) => ({
      title,
      slug: `wpis-${i}`,
      tags: i % 5 === 0 ? ["Wełna merino", "zima"] : [],
      createdAt: new Date(BASE + (i % 4) * DAY),
    })),
  );
  const described = (i: number) => (i === 3 ? "Zielony kłębek" : "");
  await db.insert(games).values(TITLES.map((title, i) => ({ title, description: described(i) })));
  await db.insert(creators).values(
    TITLES.map((title, i) => ({
      title,
      description: described(i),
      categoryId: i % 2 === 0 ? (category?.id ?? null) : null,
    })),
  );
  await db.insert(coupons).values(
    TITLES.map((code, i) => ({
      code,
      discountType: "percent" as const,
      discountValue: 10,
      startDate: new Date(BASE),
      endDate: new Date(BASE + (i % 3) * DAY),
    })),
  );
  await db.insert(productFields).values(TITLES.map((title) => ({ title })));

  const content = createContentService(db);
  const creatorsRead = createCreatorsService(db);
  const couponAdmin = createCouponAdminService(counted);
  const creatorsAdmin = createCreatorsAdminService(counted);
  // the creators list shows each creator's category title, as the screen's loader added it before
  const creatorsBefore = async () =>
    (await creatorsRead.listCreators()).map((c) => ({
      ...c,
      categoryTitle: c.category === null ? null : "Szydełko",
    }));
  add("pages", {
    before: content.listPages,
    texts: (p) => [p.title, p.link],
    search: createPageAdminService(counted).search,
  });
  add("blog", {
    before: () => content.listBlogArticles(),
    texts: (a) => [a.title, ...a.tags],
    search: createBlogAdminService(counted).search,
  });
  add("games", {
    before: creatorsRead.listGames,
    texts: (g) => [g.title, g.description],
    search: creatorsAdmin.searchGames,
  });
  add("creators", {
    before: creatorsBefore,
    texts: (c) => [c.title, c.description],
    search: creatorsAdmin.searchCreators,
  });
  add("coupons", { before: couponAdmin.list, texts: (c) => [c.code], search: couponAdmin.search });
  add("fields", {
    before: createCatalogService(db).listFields,
    texts: (f) => [f.title],
    search: createCatalogService(counted).searchFields,
  });
});

afterAll(async () => {
  await database?.destroy();
});

describe.each(["pages", "blog", "games", "creators", "coupons", "fields"])(
  "the staff list of %s, searched and paged in SQL",
  (name) => {
    const list = () => cases.get(name) as ListCase<{ _id: Id }>;

    it("finds what the in-memory search found, in the same order", async () => {
      const { before, texts, search } = list();
      const all = await before();
      expect(all.length, name).toBeGreaterThanOrEqual(TITLES.length);
      for (const text of SEARCHES) {
        const expected = all.filter((item) => matchedBefore(text.trim(), texts(item)));
        expect(await allPages(search, text), `${name}: "${text}"`).toEqual(expected);
      }
    });

    it("takes %, _ and \\ literally", async () => {
      const { search, texts } = list();
      const titles = async (text: string) =>
        (await search({ search: text, page: 1 })).items.map((i) => texts(i)[0]);
      expect(await titles("50%"), name).toEqual(["Rabat 50%"]);
      expect(await titles("a_b"), name).toEqual(["a_b"]);
      expect(await titles("a\\b"), name).toEqual(["a\\b"]);
      expect((await search({ search: "%", page: 1 })).total, name).toBe(1);
    });

    it("finds nothing for a search with U+0000 (no text holds it) instead of failing", async () => {
      expect(await list().search({ search: "Pozycja\u0000", page: 1 })).toEqual({
        items: [],
        page: 1,
        pages: 1,
        total: 0,
      });
    });

    it("ignores Polish accents as well as case", async () => {
      const { search, texts } = list();
      const found = await search({ search: "zolta laka", page: 1 });
      expect(found.items.map((i) => texts(i)[0])).toEqual(["Żółta ŁĄKA"]);
    });

    it("pages by LIST_PAGE_SIZE; a page past the end is the last, a page that is not one the first", async () => {
      const { search } = list();
      const rows = TITLES.length - 7; // the "Pozycja" rows: one page and one more
      const first = await search({ search: "pozycja", page: 1 });
      expect([first.page, first.pages, first.total, first.items.length], name).toEqual([
        1,
        2,
        rows,
        LIST_PAGE_SIZE,
      ]);
      const last = await search({ search: "pozycja", page: 99 });
      expect([last.page, last.items.length], name).toEqual([2, rows - LIST_PAGE_SIZE]);
      for (const page of [0, -3, Number.NaN, Number.POSITIVE_INFINITY])
        expect((await search({ search: "pozycja", page })).page, `${name}: ${page}`).toBe(1);
      expect((await search({ search: "pozycja", page: 2.5 })).page, name).toBe(2);
      const none = await search({ search: "brak", page: 3 });
      expect(none, name).toEqual({ items: [], page: 1, pages: 1, total: 0 });
      const exact = await search({ search: "pozycja 0", page: 1 }); // Pozycja 01..09
      expect([exact.pages, exact.total], name).toEqual([1, 9]);
    });

    it("reads only one page of rows from the database (a count, then LIMIT/OFFSET)", async () => {
      const { search } = list();
      const { statements } = await countStatements(counting, () => search({ search: "pozycja", page: 2 }));
      expect(statements, name).toBe(2);
      const [count, read] = counting.log.statements;
      expect(count, name).toMatch(/count\(\*\)[\s\S]*ilike/i);
      expect(read, name).toMatch(/ilike[\s\S]*\blimit\b[\s\S]*\boffset\b/i);
      const { statements: none } = await countStatements(counting, () => search({ search: "brak", page: 1 }));
      expect(none, name).toBe(1);
    });
  },
);

describe("containsPattern", () => {
  it("escapes LIKE's wildcards and its escape character", () => {
    expect(containsPattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });
});
