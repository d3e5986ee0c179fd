import type { FastifyInstance } from "fastify";
import { blogArticleSchema } from "../../../domain/validation/catalog";
import { staffRecordWrite, staffWrite } from "../../http/staff-write";
import { BY_ID } from "../catalog/catalog.routes";
import { blogArticleReply, deletedReply } from "./content.replies";

// POST /api/blogs, PUT/DELETE /api/blogs/:id (SPEC §7), shop staff only. Thin: one service call each.

export async function blogAdminRoutes(app: FastifyInstance): Promise<void> {
  const { blogAdmin } = app.services;

  app.post(
    "/blogs",
    staffWrite(
      {
        summary: "Add a blog article (content sanitised; related products must exist)",
        body: blogArticleSchema,
        response: blogArticleReply,
        status: 201,
      },
      (actor, body) => blogAdmin.create(actor, body),
    ),
  );

  app.put(
    "/blogs/:id",
    staffRecordWrite(
      { ...BY_ID, summary: "Update a blog article", body: blogArticleSchema, response: blogArticleReply },
      (actor, id, body) => blogAdmin.update(actor, id, body),
    ),
  );

  app.delete(
    "/blogs/:id",
    staffRecordWrite({ ...BY_ID, summary: "Delete a blog article", response: deletedReply }, (actor, id) =>
      blogAdmin.remove(actor, id),
    ),
  );
}
