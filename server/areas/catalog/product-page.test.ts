import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories, fieldOptions, productFields, products } from "../../db/schema";
import { startChangeFeedKit } from "../../test/change-feed-kit";
import { countStatements } from "../../test/counting-database";
import { kitForFile } from "../../test/kit-for-file";
import { type CatalogFixtures, insertCatalogFixtures } from "./catalog.fixtures";
import { createCatalogService } from "./catalog.service";

// The product screen's fields and categories kept in process (catalog.productPage through
// server/lib/change-memo.ts) on the database of this run — PGlite, or PostgreSQL with DATABASE_URL —
// with the real change feed: the product is read on every call, the fields and categories once,
// and again after a field, an option or a category changes.

const now = new Date("2026-03-15T12:00:00Z");
let fx: CatalogFixtures;
const kit = kitForFile(() =>
  startChangeFeedKit(async (database) => {
    fx = await insertCatalogFixtures(database.db, now);
  }),
);

/** PGlite's one-time PREPARE of a service's product statement (prepared-read.ts) */
const isPrepare = (statement: string) => /^prepare /i.test(statement);

/** the statements one call sends (the one-time PREPARE aside), and what it answered */
const counted = <T>(call: () => Promise<T>) => countStatements(kit.counting, call, isPrepare);

describe("the product screen's fields and categories kept until they change", () => {
  it("reads them once; the product itself on every call", async () => {
    const catalog = createCatalogService(kit.counting.database.db, { changes: kit.feed, now: () => now });
    const first = await counted(() => catalog.productPage(fx.products.blanket));
    expect(first.statements).toBe(2);
    const second = await counted(() => catalog.productPage(fx.products.blanket));
    expect(second.statements).toBe(1);
    expect(second.value).toEqual(first.value);
    expect(second.value?.fields).toEqual(await catalog.listFields());
    expect(second.value?.categories).toEqual(await catalog.listCategories());

    // a product's change is seen at once (its statement is not kept), the shared part stays
    await kit.database.db.update(products).set({ quantity: 7 }).where(eq(products.id, fx.products.blanket));
    const afterStock = await counted(() => catalog.productPage(fx.products.blanket));
    expect(afterStock.statements).toBe(1);
    expect(afterStock.value?.product.quantity).toBe(7);
  });

  it("reads them again after a field, an option or a category changes, and shows the change", async () => {
    const catalog = createCatalogService(kit.counting.database.db, { changes: kit.feed, now: () => now });
    await catalog.productPage(fx.products.blanket);

    await kit.database.db
      .update(productFields)
      .set({ title: "Wielkość" })
      .where(eq(productFields.id, fx.fields.size));
    const afterField = await counted(() => catalog.productPage(fx.products.blanket));
    expect(afterField.statements).toBe(2);
    expect(afterField.value?.fields.find((field) => field._id === fx.fields.size)?.title).toBe("Wielkość");

    await kit.database.db
      .update(fieldOptions)
      .set({ title: "XL" })
      .where(eq(fieldOptions.id, fx.fields.sizeS));
    const afterOption = await counted(() => catalog.productPage(fx.products.blanket));
    expect(afterOption.statements).toBe(2);
    const size = afterOption.value?.fields.find((field) => field._id === fx.fields.size);
    expect(size?.options.map((option) => option.title)).toContain("XL");

    await kit.database.db
      .update(categories)
      .set({ title: "Kocyki i pledy" })
      .where(eq(categories.id, fx.categories.kocyki));
    const afterCategory = await counted(() => catalog.productPage(fx.products.blanket));
    expect(afterCategory.statements).toBe(2);
    expect(afterCategory.value?.categories.map((category) => category.title)).toContain("Kocyki i pledy");
    expect((await counted(() => catalog.productPage(fx.products.blanket))).statements).toBe(1);
  });

  it("plans the product statement once per service: PGlite gets one PREPARE, then EXECUTEs", async () => {
    const catalog = createCatalogService(kit.counting.database.db, { changes: kit.feed, now: () => now });
    const sent: string[] = [];
    for (const id of [fx.products.blanket, fx.products.simpleSale, fx.products.blanket]) {
      kit.counting.log.clear();
      const page = await catalog.productPage(id);
      expect(page?.product._id).toBe(id);
      sent.push(...kit.counting.log.statements);
    }
    // PostgreSQL: node-postgres prepares it on each connection through the protocol (no statement)
    expect(sent.filter(isPrepare).length).toBe(kit.database.kind === "pglite" ? 1 : 0);
    if (kit.database.kind === "pglite") {
      expect(sent.filter((s) => /^execute /i.test(s))).toHaveLength(3);
    }
  });

  it("answers a hidden product only to staff, from the same kept fields and categories", async () => {
    const catalog = createCatalogService(kit.counting.database.db, { changes: kit.feed, now: () => now });
    expect(await catalog.productPage(fx.products.hidden)).toBeNull();
    const staff = await counted(() => catalog.productPage(fx.products.hidden, { includeHidden: true }));
    expect(staff.statements).toBe(1);
    expect(staff.value?.product).toEqual(
      await catalog.getProduct(fx.products.hidden, { includeHidden: true }),
    );
  });
});
