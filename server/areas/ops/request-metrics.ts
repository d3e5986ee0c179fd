import type { FastifyInstance } from "fastify";
import type { ShopMetrics } from "./metrics";

/**
 * Counts every answer once it is sent: its route's URL template (never the URL itself), status
 * class, time taken, and what the response cache did (its x-cache header).
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: ShopMetrics): void {
  app.addHook("onResponse", async (request, reply) => {
    const cache = reply.getHeader("x-cache");
    metrics.observeRequest({
      method: request.method,
      route: request.routeOptions.url,
      statusCode: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
      cache: typeof cache === "string" ? cache : undefined,
    });
  });
}
