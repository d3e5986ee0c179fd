import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Database, MIGRATIONS_DIR } from "../../db/client";

// Whether this instance should get traffic (docs/decisions/071): GET /api/health/ready asks the
// checks below; a load balancer sends requests only to an instance that answers 200. Liveness
// (/api/health/live) asks nothing: the process answers.

/** "ok"; "fail"; "off": not this instance's job (no worker here); "unknown": not checked (the database is out of reach). */
export type CheckResult = "ok" | "fail" | "off" | "unknown";

export interface ReadinessReport {
  ready: boolean;
  checks: {
    /** a `select 1` answered within DATABASE_CHECK_MS */
    database: CheckResult;
    /** the last migration this code ships is recorded in the database */
    migrations: CheckResult;
    /** the background job worker runs (JOB_CONCURRENCY > 0) */
    jobWorker: CheckResult;
    /** "fail" once SIGTERM/SIGINT arrived: the instance drains and stops */
    shutdown: CheckResult;
  };
}

/** How long readiness waits for the database before saying it is out of reach. */
export const DATABASE_CHECK_MS = 2_000;

/** The `when` of the last migration in drizzle-kit's journal: drizzle records it as `created_at`. */
export function lastMigrationMillis(migrationsDir = MIGRATIONS_DIR): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export type Readiness = ReturnType<typeof createReadiness>;

export function createReadiness(deps: {
  database: Database;
  /** this instance's job worker, or null when it runs none */
  worker: { isRunning(): boolean } | null;
  databaseCheckMs?: number;
  /** the `when` of the migration that must be applied (default: the journal's last) */
  expectedMigration?: number;
}) {
  const expectedMigration = deps.expectedMigration ?? lastMigrationMillis();
  let shuttingDown = false;
  /** once seen applied it stays applied (a later release only adds migrations) */
  let migrationsApplied = false;

  async function migrationsCheck(): Promise<CheckResult> {
    if (migrationsApplied) return "ok";
    const result = await deps.database.db.execute(
      sql`select exists (select 1 from drizzle.__drizzle_migrations where created_at = ${expectedMigration}) as applied`,
    );
    migrationsApplied = (result.rows[0] as { applied?: boolean } | undefined)?.applied === true;
    return migrationsApplied ? "ok" : "fail";
  }

  /** a `select 1` answered (within `ms` when given; /api/health waits as long as the driver does) */
  function databaseAnswers(ms: number | null = null): Promise<boolean> {
    const query = deps.database.db.execute(sql`select 1`);
    return (ms === null ? query : withTimeout(query, ms)).then(
      () => true,
      () => false,
    );
  }

  return {
    databaseKind: deps.database.kind,
    databaseAnswers,

    get shuttingDown(): boolean {
      return shuttingDown;
    },

    /** From now on readiness answers 503 (the shutdown began). */
    markShuttingDown(): void {
      shuttingDown = true;
    },

    async check(): Promise<ReadinessReport> {
      const ms = deps.databaseCheckMs ?? DATABASE_CHECK_MS;
      const database: CheckResult = (await databaseAnswers(ms)) ? "ok" : "fail";
      const migrations: CheckResult =
        database === "ok"
          ? await withTimeout(migrationsCheck(), ms).catch(() => "unknown" as const)
          : "unknown";
      const checks: ReadinessReport["checks"] = {
        database,
        migrations,
        jobWorker: deps.worker === null ? "off" : deps.worker.isRunning() ? "ok" : "fail",
        shutdown: shuttingDown ? "fail" : "ok",
      };
      return { ready: Object.values(checks).every((value) => value === "ok" || value === "off"), checks };
    },
  };
}
