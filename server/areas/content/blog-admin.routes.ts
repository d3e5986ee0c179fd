import type { FastifyInstance } from "fastify";
import { blogArticleSchema } from "../../../domain/validation/catalog";
import { apiRoute, STAFF } from "../../http/api-route";
import { signedInUser } from "../../http/auth";
import { unwrap } from "../../lib/result";
import { BY_ID, idParamsSchema } from "../catalog/catalog.routes";
import { blogArticleReply, deletedReply } from "./content.replies";

// POST /api/blogs, PUT/DELETE /api/blogs/:id (SPEC §7), shop staff only. Thin: one service call each.

export async function blogAdminRoutes(app: FastifyInstance): Promise<void> {
  const { blogAdmin } = app.services;

  app.post(
    "/blogs",
    apiRoute({
      ...STAFF,
      summary: "Add a blog article (content sanitised; related products must exist)",
      body: blogArticleSchema,
      response: blogArticleReply,
      status: 201,
    }),
    async (request, reply) => {
      const article = unwrap(await blogAdmin.create(signedInUser(request), request.body));
      return reply.status(201).send(article);
    },
  );

  app.put(
    "/blogs/:id",
    apiRoute({
      ...STAFF,
      ...BY_ID,
      summary: "Update a blog article",
      body: blogArticleSchema,
      response: blogArticleReply,
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await blogAdmin.update(signedInUser(request), id, request.body));
    },
  );

  app.delete(
    "/blogs/:id",
    apiRoute({ ...STAFF, ...BY_ID, summary: "Delete a blog article", response: deletedReply }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await blogAdmin.remove(signedInUser(request), id));
    },
  );
}
