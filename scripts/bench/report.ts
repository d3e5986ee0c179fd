import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./processes";

// Machine facts for result files, a plain text table, and where results go (bench-results/, gitignored).

export interface Machine {
  cpuModel: string;
  cpus: number;
  memoryGb: number;
  os: string;
  node: string;
  gitCommit: string | null;
  /** uncommitted changes in the working tree when measured */
  gitDirty: boolean | null;
  /** 1, 5 and 15 minute load averages when the run started: other work on the cores skews every figure */
  loadAverage: number[];
  /**
   * What the first write to a fresh 4 KiB page of memory costs here (µs), against a second write to the same
   * page: a page fault. Some virtual machines make it many times dearer than usual, which slows whatever
   * maps new memory — a browser starting a renderer, a heap that grows — and so moves every figure.
   */
  memoryFirstTouchUsPerPage: number;
}

const PROBE_BYTES = 64 * 2 ** 20;
const PAGE_BYTES = 4096;

/** Times a first and a second write over 64 MiB of freshly mapped memory; the difference per page. */
export function probeMemoryFirstTouch(): number {
  const buffer = Buffer.alloc(PROBE_BYTES); // large: its own zero-filled mapping, no page touched yet
  let start = process.hrtime.bigint();
  buffer.fill(1);
  const firstNs = Number(process.hrtime.bigint() - start);
  start = process.hrtime.bigint();
  buffer.fill(2);
  const secondNs = Number(process.hrtime.bigint() - start);
  const perPageUs = (firstNs - secondNs) / (PROBE_BYTES / PAGE_BYTES) / 1000;
  return Math.max(0, Math.round(perPageUs * 100) / 100);
}

function git(args: string[]): string | null {
  try {
    return execFileSync("git", args, {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return null;
  }
}

export function machine(): Machine {
  const cpus = os.cpus();
  // a copy of the tree without .git (a snapshot) names its commit in BENCH_GIT_COMMIT
  const commit = git(["rev-parse", "HEAD"]) ?? process.env.BENCH_GIT_COMMIT ?? null;
  const status = git(["status", "--porcelain"]);
  return {
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cpus: cpus.length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    gitCommit: commit,
    gitDirty: status === null ? null : status !== "",
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    memoryFirstTouchUsPerPage: probeMemoryFirstTouch(),
  };
}

export const RESULTS_DIR = path.join(ROOT, "bench-results");

/** Writes bench-results/<name>.json and returns its path relative to the project. */
export function writeResults(name: string, value: unknown): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
  return path.relative(ROOT, file);
}

/** 2026-11-21T19-05 (UTC), sortable and safe in file names. */
export function stamp(date = new Date()): string {
  return date.toISOString().slice(0, 16).replace(":", "-");
}

export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? "").length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join("  ");
  const [head, ...body] = cells;
  return [line(head ?? []), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}
