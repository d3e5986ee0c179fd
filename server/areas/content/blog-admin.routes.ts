import type { FastifyInstance } from "fastify";
import { requireShopModerator, signedInUser } from "../../http/auth";
import { idParamsSchema } from "../catalog/catalog.routes";
import { unwrap } from "./admin-write";

// POST /api/blogs, PUT/DELETE /api/blogs/:id (SPEC §7), shop staff only. Thin: one service call each.

export async function blogAdminRoutes(app: FastifyInstance): Promise<void> {
  const { blogAdmin } = app.services;
  const guard = { preHandler: requireShopModerator };

  app.post("/blogs", guard, async (request, reply) => {
    const article = unwrap(await blogAdmin.create(signedInUser(request), request.body));
    return reply.status(201).send(article);
  });

  app.put("/blogs/:id", guard, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    return unwrap(await blogAdmin.update(signedInUser(request), id, request.body));
  });

  app.delete("/blogs/:id", guard, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    return unwrap(await blogAdmin.remove(signedInUser(request), id));
  });
}
