import type { FastifyInstance } from "fastify";
import { blogArticleSchema } from "../../../domain/validation/catalog";
import { staffRecordRoutes } from "../../http/staff-write";
import { BY_ID } from "../catalog/catalog.routes";
import { articleRecordReply, deletedReply } from "./content.replies";

// POST /api/blogs, PUT/DELETE /api/blogs/:id (SPEC §7), shop staff only. Thin: one service call each.

export async function blogAdminRoutes(app: FastifyInstance): Promise<void> {
  const { blogAdmin } = app.services;

  staffRecordRoutes(
    app,
    "/blogs",
    { ...BY_ID, body: blogArticleSchema, response: articleRecordReply, removed: deletedReply },
    {
      add: ["Add a blog article (content sanitised; related products must exist)", blogAdmin.create],
      update: ["Update a blog article", blogAdmin.update],
      remove: ["Delete a blog article", blogAdmin.remove],
    },
  );
}
