import type { FastifyInstance } from "fastify";
import { creatorCategorySchema, creatorSchema, gameSchema } from "../../../domain/validation/creators";
import { staffRecordRoutes } from "../../http/staff-write";
import { BY_ID } from "../catalog/catalog.routes";
import { creatorCategoryReply, creatorReply, deletedReply, gameReply } from "./content.replies";

// POST /api/creators, /api/creators/categories, /api/games and PUT/DELETE of each by id, shop staff
// only. Thin: one service call each.

export async function creatorsAdminRoutes(app: FastifyInstance): Promise<void> {
  const { creatorsAdmin: service } = app.services;
  const removed = deletedReply;

  staffRecordRoutes(
    app,
    "/creators/categories",
    { ...BY_ID, body: creatorCategorySchema, response: creatorCategoryReply, removed },
    {
      add: ["Add a creator category", service.createCategory],
      update: ["Update a creator category", service.updateCategory],
      remove: ["Delete a creator category (its creators stay, without one)", service.removeCategory],
    },
  );
  staffRecordRoutes(
    app,
    "/creators",
    { ...BY_ID, body: creatorSchema, response: creatorReply, removed },
    {
      add: ["Add a creator", service.createCreator],
      update: ["Update a creator", service.updateCreator],
      remove: ["Delete a creator", service.removeCreator],
    },
  );
  staffRecordRoutes(
    app,
    "/games",
    { ...BY_ID, body: gameSchema, response: gameReply, removed },
    {
      add: ["Add a game", service.createGame],
      update: ["Update a game", service.updateGame],
      remove: ["Delete a game", service.removeGame],
    },
  );
}
