import type { FastifyInstance } from "fastify";
import { headerSlideSchema, headerSlidesOrderSchema } from "../../../domain/validation/catalog";
import { staffRecordWrite, staffWrite } from "../../http/staff-write";
import { BY_ID } from "../catalog/catalog.routes";
import { headerSlidesReply, slideRecordReply } from "./content.replies";

// Staff writes of the header slides (SPEC §7): POST /shops/headers, PUT /shops/headers (bulk order:
// [{_id, order}]), PUT /shops/headers/:id, DELETE /shops/headers/:id. Shop moderators only.

export async function slideAdminRoutes(app: FastifyInstance): Promise<void> {
  const { slideAdmin } = app.services;

  app.post(
    "/shops/headers",
    staffWrite(
      {
        summary: "Add a header slide (no order = last)",
        body: headerSlideSchema,
        response: slideRecordReply,
        status: 201,
      },
      (actor, body) => slideAdmin.createSlide(actor, headerSlideSchema.parse(body)),
    ),
  );

  app.put(
    "/shops/headers",
    staffWrite(
      {
        summary: "Bulk order of header slides: [{_id, order}]",
        body: headerSlidesOrderSchema,
        response: headerSlidesReply,
        errors: ["bulk/unknown-ids"],
      },
      (actor, body) => slideAdmin.reorderSlides(actor, headerSlidesOrderSchema.parse(body)),
    ),
  );

  app.put(
    "/shops/headers/:id",
    staffRecordWrite(
      { ...BY_ID, summary: "Update a header slide", body: headerSlideSchema, response: slideRecordReply },
      (actor, id, body) => slideAdmin.updateSlide(actor, id, headerSlideSchema.parse(body)),
    ),
  );

  app.delete(
    "/shops/headers/:id",
    staffRecordWrite(
      {
        ...BY_ID,
        summary: "Delete a header slide (answers the slide it removed)",
        response: slideRecordReply,
      },
      (actor, id) => slideAdmin.deleteSlide(actor, id),
    ),
  );
}
