import type { Db } from "../../db/client";
import { fail, ok, type Result } from "../../lib/result";
import { type AuditActor, recordAudit } from "../audit/audit";
import type { JobQueue, JobSummary } from "./job-queue";

// Staff's view of the job queue (/konto/sklep/zadania): the dead letter and the latest jobs, and
// "Ponów", which queues a dead job again, audited like every staff write.

export function createJobsService(db: Db, queue: JobQueue) {
  return {
    list: queue.list,
    failedCount: queue.failedCount,

    async retry(actor: AuditActor, id: number): Promise<Result<JobSummary>> {
      const retried = await db.transaction(async (tx) => {
        const changed = await queue.retry(id, tx);
        if (changed)
          await recordAudit(tx, actor, {
            action: "job.retry",
            entity: "job",
            entityId: id,
            before: { status: changed.before.status, attempts: changed.before.attempts },
            after: { status: changed.after.status, attempts: changed.after.attempts },
          });
        return changed;
      });
      if (!retried) return fail("job/not-retryable");
      queue.notify();
      return ok(retried.after);
    },
  };
}
