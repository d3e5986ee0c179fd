import type { FastifyInstance } from "fastify";
import { apiRoute } from "../../http/api-route";
import { healthReply } from "../../http/reply-schemas";
import { RETRY_AFTER_SECONDS } from "../../lib/database-unavailable";
import { liveReply, readyReply } from "./health.replies";
import type { Readiness } from "./readiness";

// The health checks (docs/decisions/071), never cached:
// - GET /api/health/live: the process answers (no database): restart it when this fails;
// - GET /api/health/ready: send it traffic (database within a short timeout, migrations applied,
//   job worker running, not shutting down): what a load balancer asks;
// - GET /api/health: as before the split, 200 while the database answers (kept for old probes).

export function healthRoutes(readiness: Readiness) {
  return async (app: FastifyInstance): Promise<void> => {
    app.addHook("onSend", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/health",
      apiRoute({
        summary: "The database answers (kept as before /health/live and /health/ready)",
        tag: "system",
        access: "public",
        response: healthReply,
      }),
      async (_request, reply) => {
        if (await readiness.databaseAnswers()) return { status: "ok", database: readiness.databaseKind };
        reply.status(503).header("Retry-After", String(RETRY_AFTER_SECONDS));
        return { status: "unavailable", database: readiness.databaseKind };
      },
    );

    app.get(
      "/health/live",
      apiRoute({
        summary: "Liveness: the process answers (asks no database)",
        tag: "system",
        access: "public",
        response: liveReply,
      }),
      async () => ({ status: "ok" as const }),
    );

    app.get(
      "/health/ready",
      apiRoute({
        summary:
          "Readiness: database reachable, migrations applied, job worker running, not shutting down (503 says which failed)",
        tag: "system",
        access: "public",
        response: readyReply,
      }),
      async (_request, reply) => {
        const report = await readiness.check();
        if (!report.ready) reply.status(503).header("Retry-After", String(RETRY_AFTER_SECONDS));
        return { status: report.ready ? "ok" : "unavailable", checks: report.checks };
      },
    );
  };
}
