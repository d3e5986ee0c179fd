import type { FastifyInstance } from "fastify";
import { creatorCategorySchema, creatorSchema, gameSchema } from "../../../domain/validation/creators";
import { apiRoute, STAFF } from "../../http/api-route";
import { signedInUser } from "../../http/auth";
import { unwrap } from "../../lib/result";
import { BY_ID, idParamsSchema } from "../catalog/catalog.routes";
import { creatorCategoryReply, creatorReply, deletedReply, gameReply } from "./content.replies";

// POST /api/creators, /api/creators/categories, /api/games and PUT/DELETE of each by id, shop staff
// only. Thin: one service call each.

export async function creatorsAdminRoutes(app: FastifyInstance): Promise<void> {
  const { creatorsAdmin: service } = app.services;

  app.post(
    "/creators/categories",
    apiRoute({
      ...STAFF,
      summary: "Add a creator category",
      body: creatorCategorySchema,
      response: creatorCategoryReply,
      status: 201,
    }),
    async (request, reply) =>
      reply.status(201).send(unwrap(await service.createCategory(signedInUser(request), request.body))),
  );
  app.put(
    "/creators/categories/:id",
    apiRoute({
      ...STAFF,
      ...BY_ID,
      summary: "Update a creator category",
      body: creatorCategorySchema,
      response: creatorCategoryReply,
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await service.updateCategory(signedInUser(request), id, request.body));
    },
  );
  app.delete(
    "/creators/categories/:id",
    apiRoute({
      ...STAFF,
      ...BY_ID,
      summary: "Delete a creator category (its creators stay, without one)",
      response: deletedReply,
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await service.removeCategory(signedInUser(request), id));
    },
  );

  app.post(
    "/creators",
    apiRoute({
      ...STAFF,
      summary: "Add a creator",
      body: creatorSchema,
      response: creatorReply,
      status: 201,
    }),
    async (request, reply) =>
      reply.status(201).send(unwrap(await service.createCreator(signedInUser(request), request.body))),
  );
  app.put(
    "/creators/:id",
    apiRoute({
      ...STAFF,
      ...BY_ID,
      summary: "Update a creator",
      body: creatorSchema,
      response: creatorReply,
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await service.updateCreator(signedInUser(request), id, request.body));
    },
  );
  app.delete(
    "/creators/:id",
    apiRoute({ ...STAFF, ...BY_ID, summary: "Delete a creator", response: deletedReply }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await service.removeCreator(signedInUser(request), id));
    },
  );

  app.post(
    "/games",
    apiRoute({ ...STAFF, summary: "Add a game", body: gameSchema, response: gameReply, status: 201 }),
    async (request, reply) =>
      reply.status(201).send(unwrap(await service.createGame(signedInUser(request), request.body))),
  );
  app.put(
    "/games/:id",
    apiRoute({ ...STAFF, ...BY_ID, summary: "Update a game", body: gameSchema, response: gameReply }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await service.updateGame(signedInUser(request), id, request.body));
    },
  );
  app.delete(
    "/games/:id",
    apiRoute({ ...STAFF, ...BY_ID, summary: "Delete a game", response: deletedReply }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await service.removeGame(signedInUser(request), id));
    },
  );
}
