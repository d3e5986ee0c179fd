import type { FastifyInstance } from "fastify";
import { apiRoute } from "../../http/api-route";
import { signedInUser } from "../../http/auth";
import { FailureError } from "../../lib/result";
import { idParamsSchema } from "../catalog/catalog.routes";
import { jobListReply, jobReply } from "./jobs.replies";

// The background jobs for staff (admins): GET /api/jobs lists the dead letter and the latest jobs,
// POST /api/jobs/:id/retry queues a dead job again ("Ponów"; docs/decisions/050).

export async function jobsRoutes(app: FastifyInstance): Promise<void> {
  const { jobs } = app.services;

  app.get(
    "/jobs",
    apiRoute({
      summary:
        "Background jobs: the dead letter (failed for good) and the latest others, newest first (admin)",
      tag: "staff",
      access: "admin",
      response: jobListReply,
    }),
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return jobs.list();
    },
  );

  app.post(
    "/jobs/:id/retry",
    apiRoute({
      summary: "Queue a dead job again with fresh attempts (409 job/not-retryable otherwise; admin, audited)",
      tag: "staff",
      access: "admin",
      params: idParamsSchema,
      body: "none",
      response: jobReply,
      errors: ["job/not-retryable"],
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      const result = await jobs.retry(signedInUser(request), id);
      if (!result.ok) throw new FailureError(result);
      return result.value;
    },
  );
}
