import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { type ListPage, readTablePage } from "../../db/list-page";
import { jobs } from "../../db/schema";
import { redactSecrets } from "../../lib/redact";
import { MAX_RETRY_MS, retryDelayMs } from "./job-backoff";

// The durable job queue (docs/decisions/050): rows in `jobs`, claimed by workers of any instance
// with FOR UPDATE SKIP LOCKED (two workers never claim one row), held for a lease. Time is the
// caller's clock (a parameter, not the database's now()), so tests move it instead of sleeping.

export type JobStatus = (typeof jobs.$inferSelect)["status"];
export type JobRow = typeof jobs.$inferSelect;

export interface EnqueueOptions {
  /** not before this time (default: now) */
  runAt?: Date;
  /** at most one queued or running job holds this key: a second enqueue is a no-op */
  singletonKey?: string;
  maxAttempts?: number;
}

/** What the staff list shows of a job (no payload: it may name a customer). */
export interface JobSummary {
  _id: number;
  kind: string;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: string;
  updatedAt: string;
}

export type Clock = () => Date;

export const DEFAULT_MAX_ATTEMPTS = 8;
/** The longest error message kept (a stack or an SMTP transcript is cut). */
const MAX_ERROR_LENGTH = 500;

/**
 * An error as it may be stored and shown to staff: its first line, e-mail addresses replaced
 * (an SMTP server's "550 <jan@example.com>: no such user") and secret URL parameters removed, cut to a
 * length.
 */
export function storableError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split("\n", 1)[0] ?? "";
  const withoutAddresses = firstLine.replace(/[^\s<>"',;:]+@[^\s<>"',;:]+/g, "[e-mail]");
  // and what the log redacts too: tokens, order numbers and passwords in a URL the error quotes
  return redactSecrets(withoutAddresses).slice(0, MAX_ERROR_LENGTH);
}

export type JobQueue = ReturnType<typeof createJobQueue>;

const FAILED = eq(jobs.status, "failed");
/** the staff list's order: the latest change first */
const NEWEST = [desc(jobs.updatedAt), desc(jobs.id)];

export function createJobQueue(db: Db, options: { clock?: Clock } = {}) {
  const clock = options.clock ?? (() => new Date());
  const listeners = new Set<() => void>();

  /** The rows, in one statement; inside `tx` when given (the business write's transaction). */
  async function enqueueMany(
    entries: readonly { kind: string; payload: unknown; options?: EnqueueOptions }[],
    tx: Db | Tx = db,
  ): Promise<number[]> {
    if (entries.length === 0) return [];
    const now = clock();
    const rows = await tx
      .insert(jobs)
      .values(
        entries.map((entry) => ({
          kind: entry.kind,
          payload: entry.payload ?? {},
          runAt: entry.options?.runAt ?? now,
          singletonKey: entry.options?.singletonKey ?? null,
          maxAttempts: entry.options?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing({
        target: jobs.singletonKey,
        where: sql`${jobs.status} in ('queued', 'running')`,
      })
      .returning({ id: jobs.id });
    return rows.map((row) => row.id);
  }

  /** The latest `limit` jobs that are not dead (queued, running, done). */
  async function recent(limit: number): Promise<JobSummary[]> {
    const rows = await db
      .select()
      .from(jobs)
      .where(sql`${jobs.status} <> 'failed'`)
      .orderBy(...NEWEST)
      .limit(limit);
    return rows.map(summary);
  }

  return {
    clock,

    /** Adds one job; its id, or null when a queued or running job already holds its singleton key. */
    async enqueue(kind: string, payload: unknown, enqueueOptions: EnqueueOptions = {}, tx?: Db | Tx) {
      const [id] = await enqueueMany([{ kind, payload, options: enqueueOptions }], tx);
      return id ?? null;
    },

    enqueueMany,

    /** Tells this process's worker that work may be waiting (after the enqueuing transaction committed). */
    notify(): void {
      for (const listener of listeners) listener();
    },

    onEnqueued(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * Claims up to `limit` due jobs for `workerId` until `now + leaseMs`: queued ones whose time has
     * come, and running ones whose lease ran out (their worker died). A job that has used all its
     * attempts and whose lease ran out goes to the dead letter instead.
     */
    async claim(workerId: string, limit: number, leaseMs: number): Promise<JobRow[]> {
      if (limit <= 0) return [];
      const now = clock();
      await db
        .update(jobs)
        .set({
          status: "failed",
          lockedBy: null,
          lockedUntil: null,
          updatedAt: now,
          lastError: sql`coalesce(${jobs.lastError}, 'stopped while running (lease ran out)')`,
        })
        .where(
          and(
            eq(jobs.status, "running"),
            lt(jobs.lockedUntil, now),
            sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
          ),
        );
      const due = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          sql`(${jobs.status} = 'queued' and ${jobs.runAt} <= ${now}) or (${jobs.status} = 'running' and ${jobs.lockedUntil} < ${now})`,
        )
        .orderBy(jobs.runAt, jobs.id)
        .limit(limit)
        .for("update", { skipLocked: true });
      return db
        .update(jobs)
        .set({
          status: "running",
          lockedBy: workerId,
          lockedUntil: new Date(now.getTime() + leaseMs),
          attempts: sql`${jobs.attempts} + 1`,
          updatedAt: now,
        })
        .where(inArray(jobs.id, due))
        .returning();
    },

    /** Extends the lease of a job this worker still holds; false when it no longer does. */
    async extendLease(job: JobRow, workerId: string, leaseMs: number): Promise<boolean> {
      const now = clock();
      const rows = await db
        .update(jobs)
        .set({ lockedUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.lockedBy, workerId)))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /**
     * The job ran: done, or (a periodic job) queued again for `nextRunAt` with its attempts reset.
     * Only while this worker still holds it: a worker whose lease ran out changes nothing.
     */
    async complete(job: JobRow, workerId: string, nextRunAt?: Date): Promise<void> {
      const now = clock();
      await db
        .update(jobs)
        .set(
          nextRunAt
            ? {
                status: "queued",
                attempts: 0,
                runAt: nextRunAt,
                lockedBy: null,
                lockedUntil: null,
                lastError: null,
                updatedAt: now,
              }
            : { status: "done", lockedBy: null, lockedUntil: null, updatedAt: now },
        )
        .where(and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.lockedBy, workerId)));
    },

    /**
     * The attempt failed: queued again after the back-off, or, out of attempts, the dead letter
     * (`failed`). Returns the status the job now has (null: this worker no longer held it).
     */
    async fail(job: JobRow, workerId: string, error: unknown): Promise<JobStatus | null> {
      const now = clock();
      const dead = job.attempts >= job.maxAttempts;
      const rows = await db
        .update(jobs)
        .set({
          status: dead ? "failed" : "queued",
          runAt: dead
            ? job.runAt
            : new Date(now.getTime() + Math.max(retryDelayMs(job.attempts), retryAfterOf(error))),
          lockedBy: null,
          lockedUntil: null,
          lastError: storableError(error),
          updatedAt: now,
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.lockedBy, workerId)))
        .returning({ status: jobs.status });
      return rows[0]?.status ?? null;
    },

    /** Gives back the jobs this worker holds (a stopping worker): queued again at once, the attempt not counted. */
    async release(workerId: string): Promise<void> {
      const now = clock();
      await db
        .update(jobs)
        .set({
          status: "queued",
          attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
          runAt: now,
          lockedBy: null,
          lockedUntil: null,
          updatedAt: now,
        })
        .where(and(eq(jobs.status, "running"), eq(jobs.lockedBy, workerId)));
    },

    /**
     * Staff's "Ponów": a dead job is queued again now with fresh attempts. Returns the job before
     * and after, or null when there is no dead job with this id (or a job holding its singleton
     * key is already queued or running).
     */
    async retry(id: number, tx: Db | Tx = db): Promise<{ before: JobSummary; after: JobSummary } | null> {
      const now = clock();
      const [before] = await tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, id), eq(jobs.status, "failed")))
        .for("update");
      if (!before) return null;
      if (before.singletonKey) {
        const [holder] = await tx
          .select({ id: jobs.id })
          .from(jobs)
          .where(
            and(eq(jobs.singletonKey, before.singletonKey), inArray(jobs.status, ["queued", "running"])),
          );
        if (holder) return null;
      }
      const [after] = await tx
        .update(jobs)
        .set({ status: "queued", attempts: 0, runAt: now, lockedBy: null, lockedUntil: null, updatedAt: now })
        .where(eq(jobs.id, id))
        .returning();
      return after ? { before: summary(before), after: summary(after) } : null;
    },

    /** The dead letter first (newest first), then the latest other jobs. */
    async list(options: { limit?: number } = {}): Promise<{ failed: JobSummary[]; recent: JobSummary[] }> {
      const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
      const failed = await db
        .select()
        .from(jobs)
        .where(FAILED)
        .orderBy(...NEWEST)
        .limit(limit);
      return { failed: failed.map(summary), recent: await recent(limit) };
    },

    /** One page of the dead letter, newest first: counted and paged in SQL like the staff lists. */
    async failedPage(requested: number): Promise<ListPage<JobSummary>> {
      const found = await readTablePage(db, jobs, { where: FAILED, orderBy: NEWEST, page: requested });
      return { ...found, items: found.items.map(summary) };
    },

    recent,

    /** How many jobs are in the dead letter (the dashboard's counter). */
    async failedCount(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(eq(jobs.status, "failed"));
      return row?.count ?? 0;
    },

    /** Done jobs older than `olderThan` are deleted (the dead letter stays until retried). */
    async pruneDone(olderThan: Date): Promise<number> {
      const rows = await db
        .delete(jobs)
        .where(and(eq(jobs.status, "done"), lt(jobs.updatedAt, olderThan)))
        .returning({ id: jobs.id });
      return rows.length;
    },

    async get(id: number): Promise<JobRow | null> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row ?? null;
    },
  };
}

/**
 * How long the failing party asked us to wait (e.g. KSeF's 429 Retry-After as an error's
 * `retryAfterMs`), capped at the longest back-off; 0 when it did not say.
 */
function retryAfterOf(error: unknown): number {
  const asked = (error as { retryAfterMs?: unknown } | null)?.retryAfterMs;
  return typeof asked === "number" && Number.isFinite(asked) && asked > 0 ? Math.min(asked, MAX_RETRY_MS) : 0;
}

function summary(row: JobRow): JobSummary {
  return {
    _id: row.id,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    lastError: row.lastError,
    runAt: row.runAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
