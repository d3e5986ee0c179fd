import type { FastifyInstance } from "fastify";
import { productFieldSchema } from "../../../domain/validation/catalog";
import { staffRecordWrite, staffWrite } from "../../http/staff-write";
import { productFieldReply } from "./catalog.replies";
import { idParamsSchema } from "./catalog.routes";

// Staff writes of product fields (SPEC §7): POST /shops/fields, PUT /shops/fields/:id (returns the
// field), DELETE /shops/fields/:id. Shop moderators only. Thin: parse, call one service function.

export async function fieldAdminRoutes(app: FastifyInstance): Promise<void> {
  const { fieldAdmin } = app.services;

  app.post(
    "/shops/fields",
    staffWrite(
      {
        summary: "Add a product field with its options",
        body: productFieldSchema,
        response: productFieldReply,
        status: 201,
      },
      (actor, body) => fieldAdmin.createField(actor, productFieldSchema.parse(body)),
    ),
  );

  app.put(
    "/shops/fields/:id",
    staffRecordWrite(
      {
        summary: "Update a field; options by _id (new without, removed when missing); returns the field",
        params: idParamsSchema,
        body: productFieldSchema,
        response: productFieldReply,
        errors: ["not-found", "field/option-in-use", "field/change-price-in-use"],
      },
      (actor, id, body) => fieldAdmin.updateField(actor, id, productFieldSchema.parse(body)),
    ),
  );

  app.delete(
    "/shops/fields/:id",
    staffRecordWrite(
      {
        summary: "Delete a product field (refused while products use it)",
        params: idParamsSchema,
        response: productFieldReply,
        errors: ["not-found", "field/in-use"],
      },
      (actor, id) => fieldAdmin.deleteField(actor, id),
    ),
  );
}
