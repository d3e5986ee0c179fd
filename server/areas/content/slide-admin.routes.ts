import type { FastifyInstance } from "fastify";
import { headerSlideSchema, headerSlidesOrderSchema } from "../../../domain/validation/catalog";
import { apiRoute, STAFF } from "../../http/api-route";
import { signedInUser } from "../../http/auth";
import { unwrap } from "../../lib/result";
import { BY_ID, idParamsSchema } from "../catalog/catalog.routes";
import { headerSlideReply, headerSlidesReply } from "./content.replies";

// Staff writes of the header slides (SPEC §7): POST /shops/headers, PUT /shops/headers (bulk order:
// [{_id, order}]), PUT /shops/headers/:id, DELETE /shops/headers/:id. Shop moderators only.

export async function slideAdminRoutes(app: FastifyInstance): Promise<void> {
  const { slideAdmin } = app.services;

  app.post(
    "/shops/headers",
    apiRoute({
      ...STAFF,
      summary: "Add a header slide (no order = last)",
      body: headerSlideSchema,
      response: headerSlideReply,
      status: 201,
    }),
    async (request, reply) => {
      const payload = headerSlideSchema.parse(request.body);
      const slide = unwrap(await slideAdmin.createSlide(signedInUser(request), payload));
      return reply.status(201).send(slide);
    },
  );

  app.put(
    "/shops/headers",
    apiRoute({
      ...STAFF,
      summary: "Bulk order of header slides: [{_id, order}]",
      body: headerSlidesOrderSchema,
      response: headerSlidesReply,
      errors: ["bulk/unknown-ids"],
    }),
    async (request) => {
      const items = headerSlidesOrderSchema.parse(request.body);
      return unwrap(await slideAdmin.reorderSlides(signedInUser(request), items));
    },
  );

  app.put(
    "/shops/headers/:id",
    apiRoute({
      ...STAFF,
      ...BY_ID,
      summary: "Update a header slide",
      body: headerSlideSchema,
      response: headerSlideReply,
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      const payload = headerSlideSchema.parse(request.body);
      return unwrap(await slideAdmin.updateSlide(signedInUser(request), id, payload));
    },
  );

  app.delete(
    "/shops/headers/:id",
    apiRoute({
      ...STAFF,
      ...BY_ID,
      summary: "Delete a header slide (answers the slide it removed)",
      response: headerSlideReply,
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await slideAdmin.deleteSlide(signedInUser(request), id));
    },
  );
}
