import type { FastifyInstance } from "fastify";
import { staticPageSchema } from "../../../domain/validation/catalog";
import { apiRoute, STAFF } from "../../http/api-route";
import { signedInUser } from "../../http/auth";
import { unwrap } from "../../lib/result";
import { idParamsSchema } from "../catalog/catalog.routes";
import { deletedReply, pageReply } from "./content.replies";

// POST /api/pages, PUT/DELETE /api/pages/:id (SPEC §7), shop staff only. Thin: one service call each.

export async function pageAdminRoutes(app: FastifyInstance): Promise<void> {
  const { pageAdmin } = app.services;

  app.post(
    "/pages",
    apiRoute({
      ...STAFF,
      summary: "Add a static page (link unique; content sanitised)",
      body: staticPageSchema,
      response: pageReply,
      status: 201,
      errors: ["page/protect-admin-only"],
    }),
    async (request, reply) => {
      const page = unwrap(await pageAdmin.create(signedInUser(request), request.body));
      return reply.status(201).send(page);
    },
  );

  app.put(
    "/pages/:id",
    apiRoute({
      ...STAFF,
      summary: "Update a static page",
      params: idParamsSchema,
      body: staticPageSchema,
      response: pageReply,
      errors: ["not-found", "page/protect-admin-only"],
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await pageAdmin.update(signedInUser(request), id, request.body));
    },
  );

  app.delete(
    "/pages/:id",
    apiRoute({
      ...STAFF,
      summary: "Delete a page (409 page/protected for a protected page)",
      params: idParamsSchema,
      response: deletedReply,
      errors: ["not-found", "page/protected"],
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await pageAdmin.remove(signedInUser(request), id));
    },
  );
}
