import type { Db } from "../../db/client";
import { fail, ok, type Result } from "../../lib/result";
import type { AuditActor } from "../audit/audit";
import { auditedWrite, refuse } from "../audit/audited-write";
import type { JobQueue, JobSummary } from "./job-queue";

// Staff's view of the job queue (/konto/sklep/zadania): the dead letter and the latest jobs, and
// "Ponów", which queues a dead job again, audited like every staff write (one `auditedWrite`, ADR 062).

export function createJobsService(db: Db, queue: JobQueue) {
  return {
    list: queue.list,
    failedPage: queue.failedPage,
    recent: queue.recent,
    failedCount: queue.failedCount,

    async retry(actor: AuditActor, id: number): Promise<Result<JobSummary>> {
      const retried = await auditedWrite(db, actor, "job.retry", async (tx) => {
        const changed = await queue.retry(id, tx);
        if (!changed) return refuse(fail("job/not-retryable"));
        const { before, after } = changed;
        return {
          value: after,
          entityId: id,
          before: { status: before.status, attempts: before.attempts },
          after: { status: after.status, attempts: after.attempts },
        };
      });
      if (!retried.ok) return retried;
      queue.notify();
      return ok(retried.value);
    },
  };
}
