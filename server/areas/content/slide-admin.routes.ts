import type { FastifyInstance } from "fastify";
import { headerSlideSchema, headerSlidesOrderSchema } from "../../../domain/validation/catalog";
import { apiRoute } from "../../http/api-route";
import { signedInUser } from "../../http/auth";
import { FailureError, type Result } from "../../lib/result";
import { idParamsSchema } from "../catalog/catalog.routes";

// Staff writes of the header slides (SPEC §7): POST /shops/headers, PUT /shops/headers (bulk order:
// [{_id, order}]), PUT /shops/headers/:id, DELETE /shops/headers/:id. Shop moderators only.

function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new FailureError(result);
  return result.value;
}

export async function slideAdminRoutes(app: FastifyInstance): Promise<void> {
  const { slideAdmin } = app.services;

  app.post(
    "/shops/headers",
    apiRoute({
      summary: "Add a header slide (no order = last)",
      tag: "staff",
      access: "moderator",
      body: headerSlideSchema,
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
      summary: "Bulk order of header slides: [{_id, order}]",
      tag: "staff",
      access: "moderator",
      body: headerSlidesOrderSchema,
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
      summary: "Update a header slide",
      tag: "staff",
      access: "moderator",
      params: idParamsSchema,
      body: headerSlideSchema,
      errors: ["not-found"],
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
      summary: "Delete a header slide",
      tag: "staff",
      access: "moderator",
      params: idParamsSchema,
      errors: ["not-found"],
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await slideAdmin.deleteSlide(signedInUser(request), id));
    },
  );
}
