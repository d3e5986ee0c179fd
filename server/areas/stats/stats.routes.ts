import type { FastifyInstance } from "fastify";
import { requireShopModerator } from "../../http/auth";
import { FailureError } from "../../lib/result";

// GET /api/shops/stats?from=YYYY-MM-DD&to=YYYY-MM-DD (shop staff): the dashboard's figures.
export async function statsRoutes(app: FastifyInstance): Promise<void> {
  app.get("/shops/stats", { preHandler: requireShopModerator }, async (request, reply) => {
    const result = await app.services.stats.stats(request.query);
    if (!result.ok) throw new FailureError(result);
    reply.header("cache-control", "no-store");
    return result.value;
  });
}
