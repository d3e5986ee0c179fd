import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertCategoryTree } from "../areas/catalog/catalog.fixtures";
import { createContentService } from "../areas/content/content.service";
import { categories, pages, products } from "../db/schema";
import { startChangeFeedKit } from "../test/change-feed-kit";
import { countStatements } from "../test/counting-database";
import { kitForFile } from "../test/kit-for-file";
import { createChangeFeed } from "./change-feed";

// The page shell kept in process (server/lib/change-memo.ts through content.siteNavigation) on the
// database of this run — PGlite, or PostgreSQL with DATABASE_URL — with the real change feed: read
// once, read again after a category or page changes, not after other tables change.

let categoryId: number;
const kit = kitForFile(() =>
  startChangeFeedKit(async (database) => {
    categoryId = (await insertCategoryTree(database.db)).kocyki;
  }),
);

/** the statements one call sends, and what it answered */
const counted = <T>(call: () => Promise<T>) => countStatements(kit.counting, call);

const titles = (navigation: Awaited<ReturnType<ReturnType<typeof createContentService>["siteNavigation"]>>) =>
  navigation.categories.map((category) => category.title);

describe("the page shell kept until its tables change", () => {
  it("is read once, then answered without the database", async () => {
    const content = createContentService(kit.counting.database.db, { changes: kit.feed });
    const first = await counted(() => content.siteNavigation());
    expect(first.statements).toBe(1);
    expect(titles(first.value)).toContain("Kocyki");
    const second = await counted(() => content.siteNavigation());
    expect(second.statements).toBe(0);
    expect(second.value).toEqual(first.value);
  });

  it("is read again after a category or a page changes, and shows the change", async () => {
    const content = createContentService(kit.counting.database.db, { changes: kit.feed });
    await content.siteNavigation();
    await kit.database.db
      .update(categories)
      .set({ title: "Kocyki i pledy" })
      .where(eq(categories.id, categoryId));
    // no waiting: the write's signal arrives before the write returns (read-your-writes)
    const afterRename = await counted(() => content.siteNavigation());
    expect(afterRename.statements).toBe(1);
    expect(titles(afterRename.value)).toContain("Kocyki i pledy");

    await kit.database.db.insert(pages).values({ link: "dostawa", title: "Dostawa" });
    const afterPage = await counted(() => content.siteNavigation());
    expect(afterPage.statements).toBe(1);
    expect(afterPage.value.pages.map((page) => page.link)).toContain("dostawa");
  });

  it("is not read again when a table it is not made of changes (a product, its stock)", async () => {
    const [product] = await kit.database.db
      .insert(products)
      .values({ title: "Kocyk powłoki", slug: "kocyk-powloki", priceGrosze: 1_000, quantity: 9 })
      .returning({ id: products.id });
    const id = (product as { id: number }).id;
    const content = createContentService(kit.counting.database.db, { changes: kit.feed });
    await content.siteNavigation();
    const signals: string[] = [];
    const unsubscribe = kit.feed.onChange((source) => signals.push(source));
    await kit.database.db.update(products).set({ title: "Kocyk powłoki nowy" }).where(eq(products.id, id));
    await kit.database.db.update(products).set({ quantity: 5 }).where(eq(products.id, id));
    unsubscribe();
    // the signals came and were not the shell's
    expect(signals).toEqual(["products", `stock:${id}`]);
    expect((await counted(() => content.siteNavigation())).statements).toBe(0);
  });

  it("shares one read between callers that ask at the same time", async () => {
    const content = createContentService(kit.counting.database.db, { changes: kit.feed });
    const { statements, value } = await counted(() =>
      Promise.all([content.siteNavigation(), content.siteNavigation(), content.siteNavigation()]),
    );
    expect(statements).toBe(1);
    expect(value[1]).toBe(value[0]);
  });

  it("is read every time without a change feed, or while the feed is not listening", async () => {
    const withoutFeed = createContentService(kit.counting.database.db);
    await withoutFeed.siteNavigation();
    expect((await counted(() => withoutFeed.siteNavigation())).statements).toBe(1);

    const stoppedFeed = createChangeFeed(kit.database);
    await stoppedFeed.ready;
    const content = createContentService(kit.counting.database.db, { changes: stoppedFeed });
    await content.siteNavigation();
    expect((await counted(() => content.siteNavigation())).statements).toBe(0);
    await stoppedFeed.close();
    expect(stoppedFeed.listening).toBe(false);
    expect((await counted(() => content.siteNavigation())).statements).toBe(1);
    expect((await counted(() => content.siteNavigation())).statements).toBe(1);
  });
});
