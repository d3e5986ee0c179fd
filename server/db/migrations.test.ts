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

  it("keep the search columns of a product following its title, tags and description, not its stock", async () => {
    const [product] = await database.db
      .insert(products)
      .values({ title: "Żółty kocyk", slug: "Zolty_kocyk", priceGrosze: 1000, quantity: 5, tags: ["wełna"] })
      .returning({ id: products.id });
    if (!product) throw new Error("insert failed");
    const search = async () => {
      const { rows } = await database.db.execute<{ doc: string; keys: string[]; generated: string[] }>(sql`
        select search_doc as doc, search_keys as keys,
          (select array_agg(is_generated::text order by column_name) from information_schema.columns
           where table_name = 'products' and column_name in ('search_doc', 'search_keys')) as generated
        from products where id = ${product.id}`);
      return rows[0];
    };
    const inserted = await search();
    expect(inserted?.doc).toBe(" zolty kocyk | welna |  ");
    expect(inserted?.keys).toContain("t:kocyk");
    // plain columns with a trigger, so a stock change (every order) does not recompute them
    expect(inserted?.generated).toEqual(["NEVER", "NEVER"]);
    await database.db
      .update(products)
      .set({ title: "Niebieski kocyk", description: "<p>Miękki</p>" })
      .where(eq(products.id, product.id));
    const renamed = await search();
    expect(renamed?.doc).toBe(" niebieski kocyk | welna | miekki ");
    expect(renamed?.keys).toContain("t:niebiesk");
    expect(renamed?.keys).not.toContain("t:zolt");
    await database.db.update(products).set({ quantity: 4 }).where(eq(products.id, product.id));
    expect(await search()).toEqual(renamed);
    // a direct write is overruled: the columns stay derived
    await database.db.execute(sql`update products set search_doc = 'x' where id = ${product.id}`);
    expect((await search())?.doc).toBe(renamed?.doc);
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
