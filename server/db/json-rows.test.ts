import { getTableColumns, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { jsonRow, rowFromJson } from "./json-rows";
import { products } from "./schema";

// A row read as JSON equals the one db.select() gives, also when its columns and extra keys are more
// than the 50 keys one json_build_object takes (PostgreSQL's 100 function arguments): a product with
// its relations, since issue 30's English columns.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

describe("jsonRow", () => {
  it("reads a row of more than 50 keys whole, with the extra keys at the top level", async () => {
    const extra = { a: sql`1`, b: sql`2`, c: sql`3`, d: sql`4`, answer: sql`42` };
    expect(Object.keys(getTableColumns(products)).length + Object.keys(extra).length).toBeGreaterThan(50);
    const [inserted] = await database.db
      .insert(products)
      .values({
        title: "Kocyk",
        slug: "Kocyk",
        titleEn: "Blanket",
        careInstructions: "30 °C",
        priceGrosze: 100,
      })
      .returning();
    const { rows } = await database.db.execute<{ j: Record<string, unknown> }>(
      sql`select ${jsonRow(products, sql`p`, extra)} as j from products p where p.id = ${inserted?.id}`,
    );
    const json = rows[0]?.j ?? {};
    expect(json.answer).toBe(42);
    expect(rowFromJson(products, json)).toEqual(inserted);
  });
});
