import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { jobs } from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { FIRST_RETRY_MS, MAX_RETRY_MS, retryDelayMs } from "./job-backoff";
import { createJobQueue, storableError } from "./job-queue";
import { createJobWorker, type JobHandler, type JobHandlers } from "./job-worker";

// The job queue (docs/decisions/050): retry with back-off, the dead letter, two workers claiming
// the same job, a worker killed mid-job. Time is a clock the test moves; nothing sleeps on it.
// Runs on PGlite and, with DATABASE_URL, on PostgreSQL (where the claims really race).

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});
beforeEach(async () => {
  await database.db.delete(jobs);
});

function testClock() {
  const clock = {
    now: new Date("2026-11-27T12:00:00Z"),
    read: () => clock.now,
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  return clock;
}

function handlers(map: Record<string, JobHandler<{ n?: number }>>): JobHandlers {
  return map as unknown as JobHandlers;
}

const payload = z.object({ n: z.number().optional() });
const LEASE_MS = 60_000;

async function row(id: number | null) {
  const [found] = await database.db
    .select()
    .from(jobs)
    .where(eq(jobs.id, id ?? 0));
  if (!found) throw new Error(`no job ${id}`);
  return found;
}

describe("back-off", () => {
  it("waits 30 s after the first failure, doubling, never more than an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000,
    ]);
    expect(retryDelayMs(8)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(1_000)).toBe(MAX_RETRY_MS);
    expect(FIRST_RETRY_MS).toBe(30_000);
  });

  it("stores an error's first line without e-mail addresses", () => {
    expect(storableError(new Error("550 <jan.kowalski@example.com>: unknown\nstack"))).toBe(
      "550 <[e-mail]>: unknown",
    );
  });
});

describe("job queue", () => {
  it("retries a failed job after its back-off, then records it done", async () => {
    const clock = testClock();
    const queue = createJobQueue(database.db, { clock: clock.read });
    let calls = 0;
    const worker = createJobWorker(
      queue,
      handlers({
        flaky: {
          payload,
          run: async () => {
            calls += 1;
            if (calls < 3) throw new Error(`attempt ${calls} failed`);
          },
        },
      }),
      { pollMs: 1_000, concurrency: 1, leaseMs: LEASE_MS },
    );
    const id = await queue.enqueue("flaky", { n: 1 });

    expect(await worker.runDue()).toBe(1);
    expect(await row(id)).toMatchObject({ status: "queued", attempts: 1, lastError: "attempt 1 failed" });
    expect((await row(id)).runAt.getTime()).toBe(clock.now.getTime() + 30_000);
    // not before its time
    clock.advance(29_999);
    expect(await worker.runDue()).toBe(0);
    clock.advance(1);
    expect(await worker.runDue()).toBe(1);
    // the second wait is twice the first
    expect((await row(id)).runAt.getTime()).toBe(clock.now.getTime() + 60_000);
    clock.advance(60_000);
    expect(await worker.runDue()).toBe(1);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 3, lockedBy: null });
    expect(calls).toBe(3);
  });

  it("waits at least what the failing party asked (an error's retryAfterMs, e.g. KSeF's Retry-After)", async () => {
    const clock = testClock();
    const queue = createJobQueue(database.db, { clock: clock.read });
    const busy = Object.assign(new Error("429 Too Many Requests"), { retryAfterMs: 90_000 });
    const worker = createJobWorker(queue, handlers({ busy: { payload, run: () => Promise.reject(busy) } }), {
      pollMs: 1_000,
      concurrency: 1,
      leaseMs: LEASE_MS,
    });
    const id = await queue.enqueue("busy", {});
    await worker.runDue();
    expect((await row(id)).runAt.getTime()).toBe(clock.now.getTime() + 90_000);
  });

  it("puts a job out of attempts in the dead letter, tells its kind once, and staff's retry runs it again", async () => {
    const clock = testClock();
    const queue = createJobQueue(database.db, { clock: clock.read });
    let broken = true;
    const dead: unknown[] = [];
    const failedAttempts: string[] = [];
    const worker = createJobWorker(
      queue,
      handlers({
        fragile: {
          payload,
          run: async () => {
            if (broken) throw new Error("still broken");
          },
          dead: async (body, error) => {
            dead.push([body, (error as Error).message]);
          },
        },
      }),
      {
        pollMs: 1_000,
        concurrency: 1,
        leaseMs: LEASE_MS,
        // the metrics' failure counter (docs/decisions/071)
        onAttemptFailed: (kind, status) => failedAttempts.push(`${kind} ${status}`),
      },
    );
    const id = await queue.enqueue("fragile", { n: 7 }, { maxAttempts: 3 });
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await worker.runDue()).toBe(1);
      clock.advance(MAX_RETRY_MS);
    }
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 3, lastError: "still broken" });
    expect(dead).toEqual([[{ n: 7 }, "still broken"]]);
    expect(failedAttempts).toEqual(["fragile queued", "fragile queued", "fragile failed"]);
    // a dead job is never claimed again by itself
    clock.advance(24 * MAX_RETRY_MS);
    expect(await worker.runDue()).toBe(0);
    expect(await queue.failedCount()).toBe(1);
    expect((await queue.list()).failed.map((job) => job._id)).toEqual([id]);

    broken = false;
    const retried = await queue.retry(id ?? 0);
    expect(retried?.before).toMatchObject({ status: "failed", attempts: 3 });
    expect(retried?.after).toMatchObject({ status: "queued", attempts: 0 });
    // only a dead job can be retried
    expect(await queue.retry(id ?? 0)).toBeNull();
    expect(await worker.runDue()).toBe(1);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 1 });
    expect(await queue.failedCount()).toBe(0);
  });

  it("a job of an unknown kind or with a payload that does not parse fails like any other", async () => {
    const clock = testClock();
    const queue = createJobQueue(database.db, { clock: clock.read });
    const worker = createJobWorker(queue, handlers({ typed: { payload, run: async () => {} } }), {
      pollMs: 1_000,
      concurrency: 1,
    });
    const unknown = await queue.enqueue("nobody-knows", {}, { maxAttempts: 1 });
    const bad = await queue.enqueue("typed", { n: "seven" }, { maxAttempts: 1 });
    expect(await worker.runDue()).toBe(2);
    expect(await row(unknown)).toMatchObject({ status: "failed" });
    expect((await row(unknown)).lastError).toContain("no handler");
    expect(await row(bad)).toMatchObject({ status: "failed" });
  });

  it("workers of several instances claiming the same jobs at once run each job once", async () => {
    const clock = testClock();
    const runs = new Map<number, number>();
    const counting = handlers({
      count: {
        payload,
        run: async ({ n }) => {
          runs.set(n ?? -1, (runs.get(n ?? -1) ?? 0) + 1);
          // hold the job a moment, so the other workers look while it is running
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
      },
    });
    // each instance has its own queue object on the same database, as another process would
    const workers = Array.from({ length: 6 }, (_, i) =>
      createJobWorker(createJobQueue(database.db, { clock: clock.read }), counting, {
        pollMs: 1_000,
        concurrency: 3,
        leaseMs: LEASE_MS,
        workerId: `instance-${i}`,
      }),
    );
    const queue = createJobQueue(database.db, { clock: clock.read });
    const JOBS = 90;
    // in rounds, so the instances meet over fresh jobs more than once
    for (let round = 0; round < 3; round++) {
      await queue.enqueueMany(
        Array.from({ length: JOBS / 3 }, (_, i) => ({
          kind: "count",
          payload: { n: round * (JOBS / 3) + i },
        })),
      );
      const ran = await Promise.all(workers.map((worker) => worker.runDue()));
      expect(ran.reduce((sum, count) => sum + count, 0)).toBe(JOBS / 3);
    }
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: JOBS }, (_, n) => n));
    expect([...runs.entries()].filter(([, count]) => count !== 1)).toEqual([]);
    const rows = await database.db.select().from(jobs);
    expect(rows.every((job) => job.status === "done" && job.attempts === 1)).toBe(true);
  });

  it("a job whose worker was killed mid-job runs again once its lease ran out; the dead worker's late word changes nothing", async () => {
    const clock = testClock();
    const queue = createJobQueue(database.db, { clock: clock.read });
    let runs = 0;
    const survivor = createJobWorker(
      queue,
      handlers({
        work: {
          payload,
          run: async () => {
            runs += 1;
          },
        },
      }),
      { pollMs: 1_000, concurrency: 1, leaseMs: LEASE_MS, workerId: "survivor" },
    );
    const id = await queue.enqueue("work", {});
    // the killed process had claimed the job and never finished it
    const [claimed] = await queue.claim("killed", 1, LEASE_MS);
    expect(claimed?.id).toBe(id);

    // while its lease holds, nobody else takes the job
    clock.advance(LEASE_MS - 1);
    expect(await survivor.runDue()).toBe(0);
    clock.advance(2);
    expect(await survivor.runDue()).toBe(1);
    expect(runs).toBe(1);
    expect(await row(id)).toMatchObject({ status: "done", attempts: 2, lockedBy: null });

    // the killed worker's answers arrive late: neither a failure nor a success changes the job
    if (!claimed) throw new Error("no claim");
    expect(await queue.fail(claimed, "killed", new Error("late"))).toBeNull();
    await queue.complete(claimed, "killed");
    expect(await row(id)).toMatchObject({ status: "done", lastError: null });
  });

  it("a job that kills its worker every time lands in the dead letter", async () => {
    const clock = testClock();
    const queue = createJobQueue(database.db, { clock: clock.read });
    const id = await queue.enqueue("crashes", {}, { maxAttempts: 2 });
    expect(await queue.claim("first", 1, LEASE_MS)).toHaveLength(1);
    clock.advance(LEASE_MS + 1);
    expect(await queue.claim("second", 1, LEASE_MS)).toHaveLength(1);
    clock.advance(LEASE_MS + 1);
    expect(await queue.claim("third", 1, LEASE_MS)).toHaveLength(0);
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 2, lockedBy: null });
    expect((await row(id)).lastError).toContain("lease ran out");
  });

  it("a long job keeps its lease while it runs", async () => {
    const clock = testClock();
    const queue = createJobQueue(database.db, { clock: clock.read });
    const id = await queue.enqueue("long", {});
    const [claimed] = await queue.claim("busy", 1, LEASE_MS);
    if (!claimed) throw new Error("no claim");
    clock.advance(LEASE_MS - 1);
    expect(await queue.extendLease(claimed, "busy", LEASE_MS)).toBe(true);
    clock.advance(LEASE_MS - 1);
    expect(await queue.claim("other", 1, LEASE_MS)).toHaveLength(0);
    // another worker's renewal is refused
    expect(await queue.extendLease(claimed, "other", LEASE_MS)).toBe(false);
    expect((await row(id)).lockedBy).toBe("busy");
  });

  it("a singleton key holds one queued job however many ask; a periodic job is queued again after it runs", async () => {
    const clock = testClock();
    const queue = createJobQueue(database.db, { clock: clock.read });
    const other = createJobQueue(database.db, { clock: clock.read });
    const [a, b] = await Promise.all([
      queue.enqueue("sweep", {}, { singletonKey: "sweep" }),
      other.enqueue("sweep", {}, { singletonKey: "sweep" }),
    ]);
    expect([a, b].filter((id) => id !== null)).toHaveLength(1);
    let runs = 0;
    const worker = createJobWorker(
      queue,
      handlers({
        sweep: {
          payload,
          everyMs: 60_000,
          run: async () => {
            runs += 1;
          },
        },
      }),
      { pollMs: 1_000, concurrency: 1 },
    );
    expect(await worker.runDue()).toBe(1);
    const rows = await database.db.select().from(jobs);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "queued", attempts: 0 });
    expect(rows[0]?.runAt.getTime()).toBe(clock.now.getTime() + 60_000);
    // still one: asking again while it waits adds nothing
    expect(await queue.enqueue("sweep", {}, { singletonKey: "sweep" })).toBeNull();
    clock.advance(60_000);
    expect(await worker.runDue()).toBe(1);
    expect(runs).toBe(2);
  });

  it("a stopping worker gives back the job it could not finish in time, its attempt not counted", async () => {
    const queue = createJobQueue(database.db);
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const worker = createJobWorker(
      queue,
      handlers({
        stuck: {
          payload,
          run: async () => {
            started();
            await new Promise(() => {});
          },
        },
      }),
      { pollMs: 60_000, concurrency: 1, stopGraceMs: 10, workerId: "stopping" },
    );
    const id = await queue.enqueue("stuck", {});
    worker.start();
    expect(worker.isRunning()).toBe(true);
    await running;
    const stopped = worker.stop();
    // readiness sees it at once; the shutdown and the app's close both ask, one stop answers both
    expect(worker.isRunning()).toBe(false);
    expect(worker.stop()).toBe(stopped);
    await stopped;
    expect(await row(id)).toMatchObject({ status: "queued", attempts: 0, lockedBy: null });
    // handed back, not left to its lease: another instance's worker takes it now (ADR 071)
    expect((await queue.claim("another-instance", 1, 60_000)).map((job) => job.id)).toEqual([id]);
  });
});
