import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// The reliability suite's figures (docs/reliability.md): every test that proves a promise with a
// number records it here — what it tried, what it measured, and whether the invariant held. The
// lines go to one JSON-lines file (CI: $TEST_REPORT_DIR/figures.jsonl) so several test runs (PGlite,
// PostgreSQL, the resilience suite) add to one table, printed at the end by printFigures().

export interface Figure {
  /** the suite or area: "load", "faults", "bad input", "roles", ... */
  suite: string;
  /** what was tried, e.g. "200 concurrent buyers for 10 units" */
  tried: string;
  /** what was measured, e.g. "10 orders, 190 × 409, stock 0" */
  result: string;
  /** true when the invariant held (the test asserts it too) */
  held: boolean;
  /** which database the figure comes from */
  database?: "pglite" | "postgres";
}

export function figuresFile(): string {
  if (process.env.FIGURES_FILE) return process.env.FIGURES_FILE;
  const dir = process.env.TEST_REPORT_DIR;
  return dir ? path.join(dir, "figures.jsonl") : path.join(os.tmpdir(), "shop-figures.jsonl");
}

/** Records one figure and prints it, so each test says what it tried and what held. */
export function recordFigure(figure: Figure): void {
  const line = {
    ...figure,
    database: figure.database ?? (process.env.DATABASE_URL ? "postgres" : "pglite"),
    at: new Date().toISOString(),
  };
  fs.mkdirSync(path.dirname(figuresFile()), { recursive: true });
  fs.appendFileSync(figuresFile(), `${JSON.stringify(line)}\n`);
  console.log(
    `[figure] ${figure.suite}: ${figure.tried} → ${figure.result} (${figure.held ? "held" : "BROKEN"})`,
  );
}

export function readFigures(file = figuresFile()): (Figure & { at: string })[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** The figures as a plain-text table. */
export function figuresTable(figures: Figure[]): string {
  const rows = figures.map((f) => [f.suite, f.database ?? "", f.tried, f.result, f.held ? "held" : "BROKEN"]);
  const header = ["suite", "db", "tried", "result", "invariant"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("-|-"), ...rows.map(line)].join("\n");
}
