import type { FastifyInstance } from "fastify";
import { productFieldSchema } from "../../../domain/validation/catalog";
import { apiRoute, STAFF } from "../../http/api-route";
import { signedInUser } from "../../http/auth";
import { unwrap } from "../../lib/result";
import { productFieldReply } from "./catalog.replies";
import { idParamsSchema } from "./catalog.routes";

// Staff writes of product fields (SPEC §7): POST /shops/fields, PUT /shops/fields/:id (returns the
// field), DELETE /shops/fields/:id. Shop moderators only. Thin: parse, call one service function.

export async function fieldAdminRoutes(app: FastifyInstance): Promise<void> {
  const { fieldAdmin } = app.services;

  app.post(
    "/shops/fields",
    apiRoute({
      ...STAFF,
      summary: "Add a product field with its options",
      body: productFieldSchema,
      response: productFieldReply,
      status: 201,
    }),
    async (request, reply) => {
      const payload = productFieldSchema.parse(request.body);
      const field = unwrap(await fieldAdmin.createField(signedInUser(request), payload));
      return reply.status(201).send(field);
    },
  );

  app.put(
    "/shops/fields/:id",
    apiRoute({
      ...STAFF,
      summary: "Update a field; options by _id (new without, removed when missing); returns the field",
      params: idParamsSchema,
      body: productFieldSchema,
      response: productFieldReply,
      errors: ["not-found", "field/option-in-use", "field/change-price-in-use"],
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      const payload = productFieldSchema.parse(request.body);
      return unwrap(await fieldAdmin.updateField(signedInUser(request), id, payload));
    },
  );

  app.delete(
    "/shops/fields/:id",
    apiRoute({
      ...STAFF,
      summary: "Delete a product field (refused while products use it)",
      params: idParamsSchema,
      response: productFieldReply,
      errors: ["not-found", "field/in-use"],
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await fieldAdmin.deleteField(signedInUser(request), id));
    },
  );
}
