import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { BackupError } from "./backup-manifest";

// Finding PostgreSQL's own pg_dump and pg_restore (docs/decisions/075-backups.md): on PATH (Debian's
// pg_wrapper) and under every /usr/lib/postgresql/<version>/bin, the newest wins. pg_dump must be at
// least as new as the server it dumps; pg_restore at least as new as the pg_dump that wrote the file.

const run = promisify(execFile);

export type PgTool = "pg_dump" | "pg_restore";

export interface FoundTool {
  path: string;
  /** "17.5" */
  version: string;
  major: number;
}

/** "pg_dump (PostgreSQL) 17.5 (Debian 17.5-1)" → { version: "17.5", major: 17 }; null if unreadable. */
export function parseToolVersion(output: string): { version: string; major: number } | null {
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(output);
  if (!match) return null;
  const major = Number(match[1]);
  return { version: match[2] === undefined ? `${major}` : `${major}.${match[2]}`, major };
}

/** server_version_num (170005) → its major version (17; 10 and later number majors this way). */
export function serverMajor(serverVersionNum: number): number {
  return Math.floor(serverVersionNum / 10_000);
}

/**
 * The newest of `found` when it is at least `needMajor`; otherwise a BackupError naming what to install.
 * `forWhat` says what the version must match ("the server (17.5)").
 */
export function pickTool(tool: PgTool, found: FoundTool[], needMajor: number, forWhat: string): FoundTool {
  const newest = [...found].sort((a, b) => b.major - a.major)[0];
  if (!newest)
    throw new BackupError(
      `${tool} was not found (on PATH or under /usr/lib/postgresql/*/bin); install PostgreSQL's client ${needMajor} or newer (Debian: apt-get install postgresql-client-${needMajor})`,
    );
  if (newest.major < needMajor)
    throw new BackupError(
      `${tool} ${newest.version} (${newest.path}) is older than ${forWhat}; install PostgreSQL's client ${needMajor} or newer (Debian: apt-get install postgresql-client-${needMajor})`,
    );
  return newest;
}

/** Every `tool` this machine has, with its version (those that do not answer --version are left out). */
export async function findTools(tool: PgTool): Promise<FoundTool[]> {
  const root = "/usr/lib/postgresql";
  const candidates: string[] = [tool];
  if (fs.existsSync(root))
    for (const version of fs.readdirSync(root)) {
      const file = path.join(root, version, "bin", tool);
      if (fs.existsSync(file)) candidates.push(file);
    }
  const found: FoundTool[] = [];
  for (const candidate of candidates) {
    try {
      const { stdout } = await run(candidate, ["--version"]);
      const version = parseToolVersion(stdout);
      if (version) found.push({ path: candidate, ...version });
    } catch {
      // not installed there
    }
  }
  return found;
}

/**
 * libpq's connection for a DATABASE_URL: the URL without its password (given to the tool as --dbname,
 * visible in the process list) and the password in PGPASSWORD (the environment, not the command line).
 */
export function libpqConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return {
    dbname: url.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
  };
}

/** Runs a PostgreSQL tool; its failure is a BackupError with the tool's own message (never the password). */
export async function runTool(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(file, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new BackupError(`${path.basename(file)} failed: ${stderr || (error as Error).message}`);
  }
}
