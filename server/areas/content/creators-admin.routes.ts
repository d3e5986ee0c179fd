import type { FastifyInstance } from "fastify";
import { creatorCategorySchema, creatorSchema, gameSchema } from "../../../domain/validation/creators";
import { staffRecordWrite, staffWrite } from "../../http/staff-write";
import { BY_ID } from "../catalog/catalog.routes";
import { creatorCategoryReply, creatorReply, deletedReply, gameReply } from "./content.replies";

// POST /api/creators, /api/creators/categories, /api/games and PUT/DELETE of each by id, shop staff
// only. Thin: one service call each.

export async function creatorsAdminRoutes(app: FastifyInstance): Promise<void> {
  const { creatorsAdmin: service } = app.services;

  app.post(
    "/creators/categories",
    staffWrite(
      {
        summary: "Add a creator category",
        body: creatorCategorySchema,
        response: creatorCategoryReply,
        status: 201,
      },
      (actor, body) => service.createCategory(actor, body),
    ),
  );
  app.put(
    "/creators/categories/:id",
    staffRecordWrite(
      {
        ...BY_ID,
        summary: "Update a creator category",
        body: creatorCategorySchema,
        response: creatorCategoryReply,
      },
      (actor, id, body) => service.updateCategory(actor, id, body),
    ),
  );
  app.delete(
    "/creators/categories/:id",
    staffRecordWrite(
      {
        ...BY_ID,
        summary: "Delete a creator category (its creators stay, without one)",
        response: deletedReply,
      },
      (actor, id) => service.removeCategory(actor, id),
    ),
  );

  app.post(
    "/creators",
    staffWrite(
      { summary: "Add a creator", body: creatorSchema, response: creatorReply, status: 201 },
      (actor, body) => service.createCreator(actor, body),
    ),
  );
  app.put(
    "/creators/:id",
    staffRecordWrite(
      { ...BY_ID, summary: "Update a creator", body: creatorSchema, response: creatorReply },
      (actor, id, body) => service.updateCreator(actor, id, body),
    ),
  );
  app.delete(
    "/creators/:id",
    staffRecordWrite({ ...BY_ID, summary: "Delete a creator", response: deletedReply }, (actor, id) =>
      service.removeCreator(actor, id),
    ),
  );

  app.post(
    "/games",
    staffWrite({ summary: "Add a game", body: gameSchema, response: gameReply, status: 201 }, (actor, body) =>
      service.createGame(actor, body),
    ),
  );
  app.put(
    "/games/:id",
    staffRecordWrite(
      { ...BY_ID, summary: "Update a game", body: gameSchema, response: gameReply },
      (actor, id, body) => service.updateGame(actor, id, body),
    ),
  );
  app.delete(
    "/games/:id",
    staffRecordWrite({ ...BY_ID, summary: "Delete a game", response: deletedReply }, (actor, id) =>
      service.removeGame(actor, id),
    ),
  );
}
