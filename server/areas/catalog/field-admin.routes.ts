import type { FastifyInstance } from "fastify";
import { productFieldSchema } from "../../../domain/validation/catalog";
import { staffRecordRoutes } from "../../http/staff-write";
import { fieldRecordReply } from "./catalog.replies";
import { BY_ID } from "./catalog.routes";

// Staff writes of product fields (SPEC §7): POST /shops/fields, PUT /shops/fields/:id (returns the
// field), DELETE /shops/fields/:id. Shop moderators only. Thin: parse, call one service function.

export async function fieldAdminRoutes(app: FastifyInstance): Promise<void> {
  const { fieldAdmin } = app.services;
  const parsed = (body: unknown) => productFieldSchema.parse(body);

  staffRecordRoutes(
    app,
    "/shops/fields",
    { ...BY_ID, body: productFieldSchema, response: fieldRecordReply, removed: fieldRecordReply },
    {
      add: [
        "Add a product field with its options",
        (actor, body) => fieldAdmin.createField(actor, parsed(body)),
      ],
      update: [
        "Update a field; options by _id (new without, removed when missing); returns the field",
        (actor, id, body) => fieldAdmin.updateField(actor, id, parsed(body)),
        ["field/option-in-use", "field/change-price-in-use"],
      ],
      remove: [
        "Delete a product field (refused while products use it)",
        fieldAdmin.deleteField,
        ["field/in-use"],
      ],
    },
  );
}
