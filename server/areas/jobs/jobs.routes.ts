import type { FastifyInstance } from "fastify";
import { requireAdmin, signedInUser } from "../../http/auth";
import { FailureError } from "../../lib/result";
import { idParamsSchema } from "../catalog/catalog.routes";

// The background jobs for staff (admins): GET /api/jobs lists the dead letter and the latest jobs,
// POST /api/jobs/:id/retry queues a dead job again ("Ponów"; docs/decisions/050).

export async function jobsRoutes(app: FastifyInstance): Promise<void> {
  const { jobs } = app.services;
  const guard = { preHandler: requireAdmin };

  app.get("/jobs", guard, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return jobs.list();
  });

  app.post("/jobs/:id/retry", guard, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    const result = await jobs.retry(signedInUser(request), id);
    if (!result.ok) throw new FailureError(result);
    return result.value;
  });
}
