import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { coupons } from "./schema";

// Migration 0012: coupons saved while coupon days were UTC days (end 23:59:59.999 UTC, start 00:00 UTC)
// move to the same days in Europe/Warsaw (docs/decisions/039); bounds typed to the minute stay.

const MIGRATION = path.join(import.meta.dirname, "migrations", "0012_coupon_days_in_warsaw.sql");

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function insert(code: string, startDate: string, endDate: string): Promise<number> {
  const [row] = await database.db
    .insert(coupons)
    .values({
      code,
      discountType: "percent",
      discountValue: 10,
      startDate: new Date(startDate),
      endDate: new Date(endDate),
    })
    .returning({ id: coupons.id });
  if (!row) throw new Error("insert failed");
  return row.id;
}

async function bounds(id: number) {
  const [row] = await database.db.select().from(coupons).where(eq(coupons.id, id));
  return { start: row?.startDate.toISOString(), end: row?.endDate.toISOString() };
}

describe("migration 0012: coupon days in Warsaw", () => {
  it("moves whole UTC days to Warsaw days (winter and summer) and leaves exact times alone", async () => {
    const winter = await insert("UTCZIMA", "2026-01-10T00:00:00.000Z", "2026-12-31T23:59:59.999Z");
    const summer = await insert("UTCLATO", "2026-07-01T00:00:00.000Z", "2026-07-31T23:59:59.999Z");
    const exact = await insert("DOKLADNY", "2026-03-05T12:30:00.000Z", "2026-03-06T08:15:00.000Z");
    for (const statement of fs.readFileSync(MIGRATION, "utf8").split("--> statement-breakpoint")) {
      await database.db.execute(sql.raw(statement));
    }
    expect(await bounds(winter)).toEqual({
      start: "2026-01-09T23:00:00.000Z",
      end: "2026-12-31T22:59:59.999Z",
    });
    expect(await bounds(summer)).toEqual({
      start: "2026-06-30T22:00:00.000Z",
      end: "2026-07-31T21:59:59.999Z",
    });
    expect(await bounds(exact)).toEqual({
      start: "2026-03-05T12:30:00.000Z",
      end: "2026-03-06T08:15:00.000Z",
    });
  });
});
