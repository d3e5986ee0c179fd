import { getTableColumns, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { jsonRow, rowFromJson } from "./json-rows";
import { products } from "./schema";

// A row read as JSON equals the row db.select() gives, also for a table wider than the 50 key-value
// pairs one json_build_object call can take (PostgreSQL's limit is 100 arguments).

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database?.destroy());

describe("jsonRow", () => {
  it("reads a product, a row of more than 50 columns plus extras, as db.select() does", async () => {
    const { db } = database;
    const [inserted] = await db
      .insert(products)
      .values({ title: "Kocyk", slug: "kocyk", priceGrosze: 4999, titleEn: "Blanket", tags: ["a", "b"] })
      .returning();
    if (!inserted) throw new Error("no row");
    const extras = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`extra${i}`, sql`${i}::int`]));
    const { rows } = await db.execute<{ j: Record<string, unknown> }>(
      sql`select ${jsonRow(products, sql`p`, extras)} as j from products p where p.id = ${inserted.id}`,
    );
    const json = rows[0]?.j;
    if (!json) throw new Error("no JSON row");
    expect(Object.keys(getTableColumns(products)).length + 10).toBeGreaterThan(50);
    expect(rowFromJson(products, json)).toEqual(inserted);
    expect(json.extra9).toBe(9);
  });
});
