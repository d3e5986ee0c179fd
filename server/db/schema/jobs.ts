import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

// Background jobs.

/**
 * The durable job queue (docs/decisions/050): e-mail delivery, the unpaid-order sweep, picture
 * variants. A worker claims due rows with FOR UPDATE SKIP LOCKED and holds them for a lease
 * (`locked_until`); a job whose lease ran out (its process died) is claimed again. `failed` is the
 * dead letter: out of attempts, waiting for staff to retry it. `last_error` holds a message without
 * addresses or tokens. A `singleton_key` is unique among queued and running jobs: periodic work is
 * scheduled once however many instances ask.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull().default({}),
    status: text("status", { enum: ["queued", "running", "done", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    singletonKey: text("singleton_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // what a worker looks for: due queued jobs, and running ones whose lease ran out
    index("jobs_due_idx").on(t.status, t.runAt),
    uniqueIndex("jobs_singleton_idx").on(t.singletonKey).where(sql`${t.status} in ('queued', 'running')`),
  ],
);
