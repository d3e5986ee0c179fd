import { z } from "zod";
import { id, isoDate, optionalText } from "../../http/reply-schemas";
import type { JobQueue, JobSummary } from "./job-queue";

// What the staff job routes answer on success (docs/decisions/060), typed against the queue's
// JobSummary (no payload: it may name a customer); jobs.replies.test.ts checks real replies.

export const jobReply: z.ZodType<JobSummary> = z.object({
  _id: id,
  kind: z.string(),
  status: z.enum(["queued", "running", "done", "failed"]),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: optionalText,
  runAt: isoDate,
  updatedAt: isoDate,
});

/** GET /jobs: the dead letter and the latest other jobs, newest first. */
export const jobListReply: z.ZodType<Awaited<ReturnType<JobQueue["list"]>>> = z.object({
  failed: z.array(jobReply),
  recent: z.array(jobReply),
});
