import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { RANDOM_PAGE_COST, withPlannerSettings } from "./client";

// Every connection of both drivers plans with the shop's cost of an out-of-order page read (the
// search's indexes depend on it: server/areas/catalog/catalog.indexes.test.ts), and an operator's
// own connection options stay.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database?.destroy());

describe("the planner settings", () => {
  it("are in force on the database's connections", async () => {
    // several at once: on PostgreSQL each may be a different pooled connection
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        database.db.execute<{ cost: string }>(sql`select current_setting('random_page_cost') as cost`),
      ),
    );
    for (const { rows } of answers) expect(rows[0]?.cost).toBe(RANDOM_PAGE_COST);
  });

  it.each([
    ["postgres://shop@db.example:5432/shop", "-c random_page_cost=1.1"],
    ["postgres://shop@db.example:5432/shop?sslmode=require", "-c random_page_cost=1.1"],
    [
      "postgres://shop@db.example/shop?options=-c%20work_mem%3D8MB",
      "-c work_mem=8MB -c random_page_cost=1.1",
    ],
  ])("%s: connects with options %j", (url, options) => {
    const withSettings = new URL(withPlannerSettings(url));
    expect(withSettings.searchParams.get("options")).toBe(options);
    const original = new URL(url);
    expect(withSettings.host).toBe(original.host);
    expect(withSettings.pathname).toBe(original.pathname);
    expect(withSettings.searchParams.get("sslmode")).toBe(original.searchParams.get("sslmode"));
  });
});
