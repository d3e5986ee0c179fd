import type { FastifyInstance } from "fastify";
import { creatorCategorySchema, creatorSchema, gameSchema } from "../../../domain/validation/creators";
import { apiRoute } from "../../http/api-route";
import { signedInUser } from "../../http/auth";
import { idParamsSchema } from "../catalog/catalog.routes";
import { unwrap } from "./admin-write";

// POST /api/creators, /api/creators/categories, /api/games and PUT/DELETE of each by id, shop staff
// only. Thin: one service call each.

export async function creatorsAdminRoutes(app: FastifyInstance): Promise<void> {
  const { creatorsAdmin: service } = app.services;

  app.post(
    "/creators/categories",
    apiRoute({
      summary: "Add a creator category",
      tag: "staff",
      access: "moderator",
      body: creatorCategorySchema,
      status: 201,
    }),
    async (request, reply) =>
      reply.status(201).send(unwrap(await service.createCategory(signedInUser(request), request.body))),
  );
  app.put(
    "/creators/categories/:id",
    apiRoute({
      summary: "Update a creator category",
      tag: "staff",
      access: "moderator",
      params: idParamsSchema,
      body: creatorCategorySchema,
      errors: ["not-found"],
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await service.updateCategory(signedInUser(request), id, request.body));
    },
  );
  app.delete(
    "/creators/categories/:id",
    apiRoute({
      summary: "Delete a creator category (its creators stay, without one)",
      tag: "staff",
      access: "moderator",
      params: idParamsSchema,
      errors: ["not-found"],
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await service.removeCategory(signedInUser(request), id));
    },
  );

  app.post(
    "/creators",
    apiRoute({
      summary: "Add a creator",
      tag: "staff",
      access: "moderator",
      body: creatorSchema,
      status: 201,
    }),
    async (request, reply) =>
      reply.status(201).send(unwrap(await service.createCreator(signedInUser(request), request.body))),
  );
  app.put(
    "/creators/:id",
    apiRoute({
      summary: "Update a creator",
      tag: "staff",
      access: "moderator",
      params: idParamsSchema,
      body: creatorSchema,
      errors: ["not-found"],
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await service.updateCreator(signedInUser(request), id, request.body));
    },
  );
  app.delete(
    "/creators/:id",
    apiRoute({
      summary: "Delete a creator",
      tag: "staff",
      access: "moderator",
      params: idParamsSchema,
      errors: ["not-found"],
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await service.removeCreator(signedInUser(request), id));
    },
  );

  app.post(
    "/games",
    apiRoute({ summary: "Add a game", tag: "staff", access: "moderator", body: gameSchema, status: 201 }),
    async (request, reply) =>
      reply.status(201).send(unwrap(await service.createGame(signedInUser(request), request.body))),
  );
  app.put(
    "/games/:id",
    apiRoute({
      summary: "Update a game",
      tag: "staff",
      access: "moderator",
      params: idParamsSchema,
      body: gameSchema,
      errors: ["not-found"],
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await service.updateGame(signedInUser(request), id, request.body));
    },
  );
  app.delete(
    "/games/:id",
    apiRoute({
      summary: "Delete a game",
      tag: "staff",
      access: "moderator",
      params: idParamsSchema,
      errors: ["not-found"],
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await service.removeGame(signedInUser(request), id));
    },
  );
}
