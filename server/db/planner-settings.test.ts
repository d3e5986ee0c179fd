import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { RANDOM_PAGE_COST } from "./client";

// Every connection of both drivers plans with the shop's cost of an out-of-order page read (the
// search's indexes depend on it: server/areas/catalog/catalog.indexes.cases.ts (run by catalog.large.test.ts)).

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database?.destroy());

describe("the planner settings", () => {
  it("are in force on the database's connections", async () => {
    // several at once: on PostgreSQL the pool opens a connection for each
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        database.db.execute<{ cost: string; backend: number }>(
          sql`select current_setting('random_page_cost') as cost, pg_backend_pid() as backend, pg_sleep(0.05)`,
        ),
      ),
    );
    const rows = answers.map((answer) => answer.rows[0]);
    for (const row of rows) expect(row?.cost).toBe(RANDOM_PAGE_COST);
    if (database.kind === "postgres") expect(new Set(rows.map((row) => row?.backend)).size).toBe(4);
  });
});
