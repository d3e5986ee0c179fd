import type { FastifyInstance } from "fastify";
import { requireShopModerator, signedInUser } from "../../http/auth";
import { idParamsSchema } from "../catalog/catalog.routes";
import { unwrap } from "./admin-write";

// POST /api/pages, PUT/DELETE /api/pages/:id (SPEC §7), shop staff only. Thin: one service call each.

export async function pageAdminRoutes(app: FastifyInstance): Promise<void> {
  const { pageAdmin } = app.services;
  const guard = { preHandler: requireShopModerator };

  app.post("/pages", guard, async (request, reply) => {
    const page = unwrap(await pageAdmin.create(signedInUser(request), request.body));
    return reply.status(201).send(page);
  });

  app.put("/pages/:id", guard, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    return unwrap(await pageAdmin.update(signedInUser(request), id, request.body));
  });

  app.delete("/pages/:id", guard, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    return unwrap(await pageAdmin.remove(signedInUser(request), id));
  });
}
