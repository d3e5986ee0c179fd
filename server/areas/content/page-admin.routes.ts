import type { FastifyInstance } from "fastify";
import { staticPageSchema } from "../../../domain/validation/catalog";
import { staffRecordWrite, staffWrite } from "../../http/staff-write";
import { BY_ID } from "../catalog/catalog.routes";
import { deletedReply, pageRecordReply } from "./content.replies";

// POST /api/pages, PUT/DELETE /api/pages/:id (SPEC §7), shop staff only. Thin: one service call each.

export async function pageAdminRoutes(app: FastifyInstance): Promise<void> {
  const { pageAdmin } = app.services;

  app.post(
    "/pages",
    staffWrite(
      {
        summary: "Add a static page (link unique; content sanitised)",
        body: staticPageSchema,
        response: pageRecordReply,
        status: 201,
        errors: ["page/protect-admin-only"],
      },
      (actor, body) => pageAdmin.create(actor, body),
    ),
  );

  app.put(
    "/pages/:id",
    staffRecordWrite(
      {
        ...BY_ID,
        summary: "Update a static page",
        body: staticPageSchema,
        response: pageRecordReply,
        errors: ["not-found", "page/protect-admin-only"],
      },
      (actor, id, body) => pageAdmin.update(actor, id, body),
    ),
  );

  app.delete(
    "/pages/:id",
    staffRecordWrite(
      {
        ...BY_ID,
        summary: "Delete a page (409 page/protected for a protected page)",
        response: deletedReply,
        errors: ["not-found", "page/protected"],
      },
      (actor, id) => pageAdmin.remove(actor, id),
    ),
  );
}
