import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "./client";

// Migrations run while an older instance still serves (docs/decisions/071): they only expand — new
// tables, nullable columns or columns with a default, indexes, backfills — and what the older code
// still reads or writes is removed (contracted) in a later release, once no instance runs that
// code. A statement that breaks the older instance needs a `-- contract: <why it is safe now>` line
// in its own statement (after the release that stopped using it). 0000–0015 predate the rule.

const FIRST_CHECKED = 16;

/** What breaks an instance of the previous release, by statement. */
const BREAKS_OLDER_CODE: readonly [RegExp, string][] = [
  [/\bdrop\s+table\b/i, "drops a table"],
  [/\bdrop\s+column\b/i, "drops a column"],
  [/\brename\b/i, "renames a table or column"],
  [/\balter\s+column\s+"?\w+"?\s+(set\s+data\s+)?type\b/i, "changes a column's type"],
  [/\bset\s+not\s+null\b/i, "makes a column required"],
  [/\badd\s+column\b(?![^;]*\bdefault\b)[^;]*\bnot\s+null\b/i, "adds a required column without a default"],
];

/** Each statement that breaks the previous release's code and is not marked as a contract step. */
function expandOnlyViolations(sqlText: string): string[] {
  return sqlText
    .split("--> statement-breakpoint")
    .filter((statement) => !/^\s*--\s*contract:/im.test(statement))
    .flatMap((statement) => {
      const code = statement.replace(/--.*$/gm, "");
      return BREAKS_OLDER_CODE.filter(([pattern]) => pattern.test(code)).map(
        ([, what]) => `${what}: ${code.trim().slice(0, 120)}`,
      );
    });
}

describe("migrations expand, then contract in a later release (ADR 071)", () => {
  it("finds what breaks the older instance, and lets a marked contract step through", () => {
    expect(expandOnlyViolations('ALTER TABLE "orders" ADD COLUMN "note" text;')).toEqual([]);
    expect(expandOnlyViolations(`ALTER TABLE "orders" ADD COLUMN "n" integer DEFAULT 0 NOT NULL;`)).toEqual(
      [],
    );
    expect(expandOnlyViolations('CREATE INDEX "x" ON "orders" ("note");')).toEqual([]);
    expect(
      expandOnlyViolations(
        [
          'ALTER TABLE "orders" DROP COLUMN "note";',
          'ALTER TABLE "orders" RENAME COLUMN "a" TO "b";',
          'ALTER TABLE "orders" ALTER COLUMN "a" SET DATA TYPE integer;',
          'ALTER TABLE "orders" ALTER COLUMN "a" SET NOT NULL;',
          'ALTER TABLE "orders" ADD COLUMN "c" text NOT NULL;',
          'DROP TABLE "games";',
        ].join("--> statement-breakpoint\n"),
      ).map((line) => line.split(":")[0]),
    ).toEqual([
      "drops a column",
      "renames a table or column",
      "changes a column's type",
      "makes a column required",
      "adds a required column without a default",
      "drops a table",
    ]);
    expect(
      expandOnlyViolations(
        '-- contract: nothing reads orders.note since release 2026.12\nALTER TABLE "orders" DROP COLUMN "note";',
      ),
    ).toEqual([]);
  });

  it("every migration from 0016 on only expands, or says why its contract step is safe", () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8"),
    ) as {
      entries: { idx: number; tag: string }[];
    };
    const found = journal.entries
      .filter((entry) => entry.idx >= FIRST_CHECKED)
      .flatMap((entry) =>
        expandOnlyViolations(fs.readFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), "utf8")).map(
          (violation) => `${entry.tag}: ${violation}`,
        ),
      );
    expect(found).toEqual([]);
  });
});
