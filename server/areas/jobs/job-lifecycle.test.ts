import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../app";
import { jobs } from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { testConfig } from "../../test/test-config";
import { JOB_KINDS } from "./job-kinds";

// The running shop's worker (buildApp with `jobs: true`, as server/main.ts starts it): on start it
// queues the periodic jobs and the picture backfill and runs them; on close it stops and holds no job.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

async function waitFor<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

it("the app's worker runs the start-up backfill and the expiry sweep, and lets go of every job on close", async () => {
  const config = testConfig({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "job-lifecycle-")),
    JOB_POLL_SECONDS: "0.05",
  });
  const app = await buildApp(config, database, { web: false, logger: false, jobs: true });
  await app.ready();
  const kindDone = (kind: string, status: "done" | "queued") => async () => {
    const [row] = await database.db.select().from(jobs).where(eq(jobs.kind, kind));
    return row &&
      row.status === status &&
      row.lockedBy === null &&
      (status === "done" || row.attempts === 0) &&
      row.createdAt < row.updatedAt
      ? row
      : undefined;
  };
  await waitFor(kindDone(JOB_KINDS.backfillImageVariants, "done"), "the picture backfill");
  // the sweep ran once and waits for its next turn a minute later
  const sweep = await waitFor(kindDone(JOB_KINDS.expireUnpaidOrders, "queued"), "the expiry sweep");
  expect(sweep.runAt.getTime() - sweep.updatedAt.getTime()).toBe(60_000);
  await app.close();
  const held = await database.db.select().from(jobs).where(eq(jobs.status, "running"));
  expect(held).toEqual([]);
});
