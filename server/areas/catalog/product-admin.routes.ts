import type { FastifyInstance } from "fastify";
import { productSchema, staffProductQuerySchema } from "../../../domain/validation/catalog";
import { apiRoute, STAFF } from "../../http/api-route";
import { signedInUser } from "../../http/auth";
import { FailureError } from "../../lib/result";
import { productRemovedReply, productReply, staffProductPageReply } from "./catalog.replies";
import { BY_ID, idParamsSchema } from "./catalog.routes";

// Staff product writes and list (issue 6, SPEC §7): POST /shops/products, PUT and DELETE
// /shops/products/{id}, GET /shops/products/staff (hidden ones too). Shop moderators only; never
// cached. Thin: parse, call one service function, shape the reply.

export async function productAdminRoutes(app: FastifyInstance): Promise<void> {
  const { productAdmin } = app.services;

  app.get(
    "/shops/products/staff",
    apiRoute({
      ...STAFF,
      summary: "Products for staff, hidden ones too: search by title, a flag, one page",
      querystring: staffProductQuerySchema,
      response: staffProductPageReply,
    }),
    async (request) => {
      const query = staffProductQuerySchema.parse(request.query);
      return productAdmin.listStaff(query);
    },
  );

  app.post(
    "/shops/products",
    apiRoute({
      ...STAFF,
      summary: "Create a product (images, categories, fields, variants; description sanitised)",
      body: productSchema,
      response: productReply,
      status: 201,
    }),
    async (request, reply) => {
      const payload = productSchema.parse(request.body);
      const result = await productAdmin.create(signedInUser(request), payload);
      if (!result.ok) throw new FailureError(result);
      return reply.status(201).send(result.value);
    },
  );

  app.put(
    "/shops/products/:id",
    apiRoute({
      ...STAFF,
      ...BY_ID,
      summary: "Update a product (variants by _id: kept, added, missing ones deleted)",
      body: productSchema,
      response: productReply,
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      const payload = productSchema.parse(request.body);
      const result = await productAdmin.update(signedInUser(request), id, payload);
      if (!result.ok) throw new FailureError(result);
      return result.value;
    },
  );

  app.delete(
    "/shops/products/:id",
    apiRoute({
      ...STAFF,
      ...BY_ID,
      summary: "Delete a product (order lines keep their snapshot)",
      response: productRemovedReply,
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      const result = await productAdmin.remove(signedInUser(request), id);
      if (!result.ok) throw new FailureError(result);
      return result.value;
    },
  );
}
