import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { priceHistory, products, productVariants } from "./schema";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("migrations", () => {
  it("create every table of the data model", async () => {
    const result = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const tables = result.rows.map((row) => row.table_name);
    for (const table of [
      "users",
      "sessions",
      "one_time_tokens",
      "categories",
      "product_fields",
      "field_options",
      "products",
      "product_images",
      "product_categories",
      "product_variants",
      "price_history",
      "header_slides",
      "pages",
      "blog_articles",
      "gallery_images",
      "creators",
      "creator_categories",
      "games",
      "coupons",
      "orders",
      "order_items",
      "order_statuses",
      "invoices",
      "parcel_points",
      "mail_outbox",
    ]) {
      expect(tables).toContain(table);
    }
  });

  it("are idempotent when applied again", async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });

  it("enable unaccent (ł → l) and pg_trgm", async () => {
    const result = await database.db.execute<{ plain: string; similarity: number }>(
      sql`select unaccent('Żółty łabędź') as plain, similarity('kocyk', 'kocyki') as similarity`,
    );
    expect(result.rows[0]?.plain).toBe("Zolty labedz");
    expect(Number(result.rows[0]?.similarity)).toBeGreaterThan(0.5);
  });

  it("refuse stock below zero", async () => {
    const [product] = await database.db
      .insert(products)
      .values({ title: "Kocyk", slug: "Kocyk", priceGrosze: 1000, quantity: 1 })
      .returning();
    if (!product) throw new Error("insert failed");
    await expect(
      database.db.update(products).set({ quantity: -1 }).where(sql`${products.id} = ${product.id}`),
    ).rejects.toThrow();
    await expect(
      database.db.insert(productVariants).values({
        productId: product.id,
        fields: {},
        variantKey: "",
        priceGrosze: 100,
        quantity: -2,
      }),
    ).rejects.toThrow();
  });
});

describe("price history", () => {
  it("records every change of the effective price, and only changes", async () => {
    const [product] = await database.db
      .insert(products)
      .values({ title: "Poduszka", slug: "Poduszka", priceGrosze: 5000, quantity: 3 })
      .returning();
    if (!product) throw new Error("insert failed");
    const where = sql`${priceHistory.productId} = ${product.id} and ${priceHistory.variantId} is null`;
    const prices = async () =>
      (await database.db.select().from(priceHistory).where(where).orderBy(priceHistory.id)).map(
        (row) => row.priceGrosze,
      );
    expect(await prices()).toEqual([5000]);
    await database.db
      .update(products)
      .set({ promotionalPriceGrosze: 3900 })
      .where(eq(products.id, product.id));
    await database.db.update(products).set({ quantity: 2 }).where(eq(products.id, product.id));
    await database.db
      .update(products)
      .set({ promotionalPriceGrosze: 3900 })
      .where(eq(products.id, product.id));
    await database.db
      .update(products)
      .set({ promotionalPriceGrosze: null })
      .where(eq(products.id, product.id));
    expect(await prices()).toEqual([5000, 3900, 5000]);

    const [variant] = await database.db
      .insert(productVariants)
      .values({ productId: product.id, fields: {}, variantKey: "1", priceGrosze: 7000, quantity: 1 })
      .returning();
    if (!variant) throw new Error("insert failed");
    await database.db
      .update(productVariants)
      .set({ priceGrosze: 6500 })
      .where(eq(productVariants.id, variant.id));
    const variantRows = await database.db
      .select()
      .from(priceHistory)
      .where(eq(priceHistory.variantId, variant.id))
      .orderBy(priceHistory.id);
    expect(variantRows.map((row) => row.priceGrosze)).toEqual([7000, 6500]);
  });
});
