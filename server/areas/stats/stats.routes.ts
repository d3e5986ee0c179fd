import type { FastifyInstance } from "fastify";
import { statsQuerySchema } from "../../../domain/stats";
import { apiRoute, STAFF } from "../../http/api-route";
import { FailureError } from "../../lib/result";
import { statsReply } from "./stats.replies";

// GET /api/shops/stats?from=YYYY-MM-DD&to=YYYY-MM-DD (shop staff): the dashboard's figures.
export async function statsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/shops/stats",
    apiRoute({
      ...STAFF,
      summary:
        "Dashboard figures for a period of Warsaw days: revenue and paid orders per day, by status, top products, AOV, conversion",
      querystring: statsQuerySchema,
      response: statsReply,
    }),
    async (request, reply) => {
      const result = await app.services.stats.stats(request.query);
      if (!result.ok) throw new FailureError(result);
      reply.header("cache-control", "no-store");
      return result.value;
    },
  );
}
