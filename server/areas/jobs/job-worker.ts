import { randomBytes } from "node:crypto";
import os from "node:os";
import type { z } from "zod";
import type { ServiceLog } from "../../services";
import type { JobQueue, JobRow } from "./job-queue";

// The worker of one process (docs/decisions/050): every `pollMs`, and at once when this process
// enqueued something, it claims due jobs (up to `concurrency` at a time) and runs each kind's
// handler. A job's lease is extended while it runs; a worker that stops finishes what it runs, or
// after `stopGraceMs` gives the rest back to the queue. Handlers must be idempotent: a job whose
// worker died after its work but before recording it runs again.

export interface JobHandler<Payload = unknown> {
  /** the payload as enqueued; a payload that does not parse fails the attempt */
  payload: z.ZodType<Payload>;
  run(payload: Payload, job: JobRow): Promise<void>;
  /** a periodic job: queued again this long after each run (one row, its singleton key = its kind) */
  everyMs?: number;
  /** called once when the job lands in the dead letter (out of attempts) */
  dead?(payload: Payload, error: unknown): Promise<void>;
}

/** Every kind of job, by name: one plain map (server/areas/jobs/job-kinds.ts builds the shop's). */
export type JobHandlers = Record<string, JobHandler<never>>;

/** One entry of a JobHandlers map, its payload type taken from its schema. */
export function jobHandler<Payload>(definition: JobHandler<Payload>): JobHandler<never> {
  return definition as unknown as JobHandler<never>;
}

export interface JobWorkerOptions {
  pollMs: number;
  concurrency: number;
  /** how long a claimed job is held before another worker may take it (extended while it runs) */
  leaseMs?: number;
  stopGraceMs?: number;
  /** run when the worker starts and about once a minute: queues the periodic jobs (job-kinds.ts) */
  schedule?: () => Promise<void>;
  workerId?: string;
  log?: ServiceLog;
  /** told of every failed attempt (the metrics' job-failure counter): its kind and the status the job now has */
  onAttemptFailed?: (kind: string, status: "queued" | "failed") => void;
}

export const DEFAULT_LEASE_MS = 5 * 60_000;
const SCHEDULE_EVERY_MS = 60_000;

export type JobWorker = ReturnType<typeof createJobWorker>;

export function createJobWorker(queue: JobQueue, handlers: JobHandlers, options: JobWorkerOptions) {
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  /** set by stop(): no more claims, also by a runDue() in progress */
  let stopping = false;
  let polling: Promise<number> | null = null;
  let again = false;
  let unsubscribe: (() => void) | null = null;
  /** the stop in progress (a second stop() waits for the first: the shutdown and the app's close both ask) */
  let stopInProgress: Promise<void> | null = null;

  async function runOne(job: JobRow): Promise<void> {
    const handler = handlers[job.kind] as JobHandler<unknown> | undefined;
    // the lease is renewed at a third of its length while the handler runs
    const renew = setInterval(() => {
      queue.extendLease(job, workerId, leaseMs).catch(() => {});
    }, leaseMs / 3);
    renew.unref();
    try {
      if (!handler) throw new Error(`no handler for the job kind ${job.kind}`);
      const payload = handler.payload.parse(job.payload);
      await handler.run(payload, job);
      const next = handler.everyMs ? new Date(queue.clock().getTime() + handler.everyMs) : undefined;
      await queue.complete(job, workerId, next);
    } catch (error) {
      const status = await queue.fail(job, workerId, error).catch(() => null);
      if (status === "queued" || status === "failed") options.onAttemptFailed?.(job.kind, status);
      if (status === "failed") {
        options.log?.error(
          { jobId: job.id, kind: job.kind, attempts: job.attempts },
          "job failed for good (dead letter)",
        );
        if (handler?.dead) {
          const parsed = handler.payload.safeParse(job.payload);
          if (parsed.success) await handler.dead(parsed.data, error).catch(() => {});
        }
      } else if (status === "queued") {
        options.log?.warn(
          { jobId: job.id, kind: job.kind, attempts: job.attempts },
          "job failed; retried later",
        );
      }
    } finally {
      clearInterval(renew);
    }
  }

  /** Claims and runs what is due now, as many at once as the concurrency allows; how many ran. */
  async function runDue(): Promise<number> {
    let ran = 0;
    while (!stopping) {
      const free = options.concurrency - running.size;
      if (free <= 0) {
        await Promise.race(running);
        continue;
      }
      const claimed = await queue.claim(workerId, free, leaseMs);
      if (claimed.length === 0) break;
      ran += claimed.length;
      for (const job of claimed) {
        const task = runOne(job).finally(() => running.delete(task));
        running.add(task);
      }
    }
    await Promise.all(running);
    return ran;
  }

  let scheduledAt = Number.NEGATIVE_INFINITY;

  function poll(): void {
    if (stopped) return;
    if (options.schedule && Date.now() - scheduledAt >= SCHEDULE_EVERY_MS) {
      scheduledAt = Date.now();
      options.schedule().catch((error: unknown) => {
        scheduledAt = Number.NEGATIVE_INFINITY;
        options.log?.warn(
          { reason: (error as Error).message },
          "job worker: scheduling periodic jobs failed",
        );
      });
    }
    if (polling) {
      again = true;
      return;
    }
    polling = runDue()
      .catch((error: unknown) => {
        // the database away for a moment: the next poll tries again
        options.log?.warn({ reason: (error as Error).message }, "job worker: claiming jobs failed");
        return 0;
      })
      .finally(() => {
        polling = null;
        if (again) {
          again = false;
          poll();
        }
      });
  }

  return {
    workerId,
    runDue,

    /** Polls every `pollMs` and whenever this process enqueues a job. */
    start(): void {
      if (!stopped || options.concurrency <= 0) return;
      stopped = false;
      stopping = false;
      stopInProgress = null;
      unsubscribe = queue.onEnqueued(poll);
      timer = setInterval(poll, options.pollMs);
      timer.unref();
      poll();
    },

    /** Whether the worker is started and not stopping (readiness, docs/decisions/071). */
    isRunning(): boolean {
      return !stopped && !stopping;
    },

    /**
     * Stops claiming at once; waits for running jobs, and after the grace period gives theirs back
     * (queued again, their lease released, so another instance takes them at once).
     */
    stop(): Promise<void> {
      stopInProgress ??= stopNow();
      return stopInProgress;
    },
  };

  async function stopNow(): Promise<void> {
    stopped = true;
    stopping = true;
    if (timer) clearInterval(timer);
    timer = null;
    unsubscribe?.();
    unsubscribe = null;
    const grace = new Promise<"late">((resolve) =>
      setTimeout(() => resolve("late"), options.stopGraceMs ?? 10_000).unref(),
    );
    const outcome = await Promise.race([
      Promise.all([polling, ...running]).then(() => "done" as const),
      grace,
    ]);
    if (outcome === "late") {
      options.log?.warn({ running: running.size }, "job worker: jobs still running at shutdown handed back");
      await queue.release(workerId).catch(() => {});
    }
  }
}
