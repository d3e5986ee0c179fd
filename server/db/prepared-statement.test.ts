import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { literal, preparedStatement } from "./prepared-statement";

// A raw statement run as a prepared statement (PGlite: PREPARE once, then EXECUTE; PostgreSQL: a
// named statement): the same rows as db.execute, for every call, whatever its values.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database?.destroy());

function rowsOf(json: string, label: string) {
  return sql`select r.n * 2 as doubled, ${label}::text as label, r.s
    from json_to_recordset(${json}::json) as r(n int, s text) order by r.n`;
}

describe("preparedStatement", () => {
  it("answers what db.execute answers, call after call, with quotes and nulls in the values", async () => {
    const run = preparedStatement(database.db, "test_doubled");
    for (let i = 0; i < 8; i++) {
      const json = JSON.stringify(
        Array.from({ length: i + 1 }, (_, n) => ({ n, s: n % 2 ? `it's ${i}` : null })),
      );
      const label = `call 'quoted' ${i}`;
      const expected = (await database.db.execute(rowsOf(json, label))).rows;
      const got = await run(rowsOf(json, label));
      expect(got).toEqual(expected);
      expect(got).toHaveLength(i + 1);
    }
  });

  it("PGlite: one PREPARE per statement text, then a plan kept for the session", async () => {
    if (database.kind !== "pglite") return;
    const run = preparedStatement(database.db, "test_kept");
    for (let i = 0; i < 8; i++) await run(rowsOf(JSON.stringify([{ n: i, s: "x" }]), "kept"));
    await run(sql`select ${"other"}::text as label`);
    const { rows } = await database.db.execute<{ name: string; generic_plans: number }>(
      // the statement run eight times first (names carry a process-wide counter: not in call order as text)
      sql`select name, generic_plans from pg_prepared_statements where name like 'test_kept%'
          order by generic_plans + custom_plans desc`,
    );
    expect(rows).toHaveLength(2);
    // after PostgreSQL's five custom plans, the generic plan: no planning per call
    expect(Number(rows[0]?.generic_plans)).toBeGreaterThan(0);
  });

  it("a failing statement fails its call only; the next call runs", async () => {
    const run = preparedStatement(database.db, "test_failing");
    await expect(run(sql`select 1 / ${0}::int as x`)).rejects.toThrow();
    expect(await run(sql`select 1 / ${1}::int as x`)).toEqual([{ x: 1 }]);
  });

  it("writes every string as a literal that reads back as itself, whatever standard_conforming_strings says", async () => {
    // the PGlite path sends EXECUTE's values as literals: a value that could end its literal early would
    // be SQL injection. Arbitrary Unicode, with quotes, backslashes and escape-like sequences mixed in.
    const tricky = fc.constantFrom(
      "'",
      "\\",
      "\\'",
      "''",
      "\\n",
      "\\x41",
      "\\u0041",
      "$$",
      "E'",
      ";",
      "--",
      "\n",
    );
    const value = fc
      .array(fc.oneof(fc.string({ unit: "binary" }), tricky), { maxLength: 8 })
      .map((parts) => parts.join("").replaceAll("\0", ""));
    for (const conforming of ["on", "off"]) {
      await database.db.execute(sql.raw(`set standard_conforming_strings = ${conforming}`));
      try {
        await fc.assert(
          fc.asyncProperty(value, async (text) => {
            const { rows } = await database.db.execute<{ v: string }>(
              sql.raw(`select ${literal(text)}::text as v`),
            );
            expect(rows[0]?.v).toBe(text);
          }),
          { numRuns: 300 },
        );
      } finally {
        await database.db.execute(sql.raw("set standard_conforming_strings = on"));
      }
    }
  });

  it("refuses what is not a literal: NUL in a string, a non-finite number, an object", () => {
    expect(() => literal("a\0b")).toThrow(/NUL/);
    expect(() => literal(Number.NaN)).toThrow();
    expect(() => literal({})).toThrow();
    expect(literal(null)).toBe("null");
    expect(literal(12)).toBe("'12'");
  });
});
