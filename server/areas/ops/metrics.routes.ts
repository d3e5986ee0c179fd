import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { FailureError, fail } from "../../lib/result";
import type { ShopMetrics } from "./metrics";

// GET /metrics for Prometheus (docs/decisions/071, docs/operations.md): outside /api (no OpenAPI
// entry, no session), answered only to `Authorization: Bearer <METRICS_TOKEN>`. Without the setting
// it answers 404, so nothing about the shop's traffic leaks by default.

/** The two tokens compared in constant time (hashed first: timingSafeEqual needs equal lengths). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? "");
  if (!match) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(match[1] as string), digest(token));
}

export function metricsRoutes(metrics: ShopMetrics | null, token: string | null) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get("/metrics", async (request, reply) => {
      reply.header("cache-control", "no-store");
      if (!metrics || !token) throw new FailureError(fail("not-found"));
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header("www-authenticate", 'Bearer realm="metrics"');
        throw new FailureError(fail("unauthorized"));
      }
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  };
}
