import type { FastifyInstance } from "fastify";
import { apiRoute } from "../../http/api-route";
import { FailureError } from "../../lib/result";
import { idParamsSchema } from "./catalog.routes";

// POST /api/shops/products/:id/views: the product page reports a view once it is shown in a
// browser (crawlers that run no JavaScript are not counted). Not in SPEC §7: it feeds the real
// social-proof figures. Thin: parse the id, call one service function.

export async function productActivityRoutes(app: FastifyInstance): Promise<void> {
  const { productActivity } = app.services;

  app.post(
    "/shops/products/:id/views",
    apiRoute({
      summary: "Count a product view (social proof; one viewer per client address, rate-limited)",
      tag: "catalog",
      access: "public",
      params: idParamsSchema,
      body: "none",
      status: 204,
      errors: ["not-found", "rate-limited"],
    }),
    async (request, reply) => {
      const { id } = idParamsSchema.parse(request.params);
      const result = await productActivity.recordView(id, { ip: request.ip });
      if (!result.ok) throw new FailureError(result);
      reply.header("cache-control", "no-store");
      return reply.status(204).send();
    },
  );
}
