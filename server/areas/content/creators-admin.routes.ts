import type { FastifyInstance } from "fastify";
import { requireShopModerator, signedInUser } from "../../http/auth";
import { idParamsSchema } from "../catalog/catalog.routes";
import { unwrap } from "./admin-write";

// POST /api/creators, /api/creators/categories, /api/games and PUT/DELETE of each by id, shop staff
// only. Thin: one service call each.

export async function creatorsAdminRoutes(app: FastifyInstance): Promise<void> {
  const { creatorsAdmin: service } = app.services;
  const guard = { preHandler: requireShopModerator };

  app.post("/creators/categories", guard, async (request, reply) =>
    reply.status(201).send(unwrap(await service.createCategory(signedInUser(request), request.body))),
  );
  app.put("/creators/categories/:id", guard, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    return unwrap(await service.updateCategory(signedInUser(request), id, request.body));
  });
  app.delete("/creators/categories/:id", guard, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    return unwrap(await service.removeCategory(signedInUser(request), id));
  });

  app.post("/creators", guard, async (request, reply) =>
    reply.status(201).send(unwrap(await service.createCreator(signedInUser(request), request.body))),
  );
  app.put("/creators/:id", guard, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    return unwrap(await service.updateCreator(signedInUser(request), id, request.body));
  });
  app.delete("/creators/:id", guard, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    return unwrap(await service.removeCreator(signedInUser(request), id));
  });

  app.post("/games", guard, async (request, reply) =>
    reply.status(201).send(unwrap(await service.createGame(signedInUser(request), request.body))),
  );
  app.put("/games/:id", guard, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    return unwrap(await service.updateGame(signedInUser(request), id, request.body));
  });
  app.delete("/games/:id", guard, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    return unwrap(await service.removeGame(signedInUser(request), id));
  });
}
