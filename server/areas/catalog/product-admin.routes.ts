import type { FastifyInstance } from "fastify";
import {
  productChoiceQuerySchema,
  productSchema,
  staffProductQuerySchema,
} from "../../../domain/validation/catalog";
import { apiRoute, STAFF } from "../../http/api-route";
import { staffRecordWrite, staffWrite } from "../../http/staff-write";
import {
  productChoicesReply,
  productRecordReply,
  productRemovedReply,
  staffProductPageReply,
} from "./catalog.replies";
import { BY_ID } from "./catalog.routes";

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

  app.get(
    "/shops/products/choice",
    apiRoute({
      ...STAFF,
      summary: "The related-products picker's search: title, SKU or id, hidden ones too, at most 20",
      querystring: productChoiceQuerySchema,
      response: productChoicesReply,
    }),
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return productAdmin.searchForChoice(productChoiceQuerySchema.parse(request.query));
    },
  );

  app.post(
    "/shops/products",
    staffWrite(
      {
        summary: "Create a product (images, categories, fields, variants; description sanitised)",
        body: productSchema,
        response: productRecordReply,
        status: 201,
      },
      (actor, body) => productAdmin.create(actor, productSchema.parse(body)),
    ),
  );

  app.put(
    "/shops/products/:id",
    staffRecordWrite(
      {
        ...BY_ID,
        summary: "Update a product (variants by _id: kept, added, missing ones deleted)",
        body: productSchema,
        response: productRecordReply,
      },
      (actor, id, body) => productAdmin.update(actor, id, productSchema.parse(body)),
    ),
  );

  app.delete(
    "/shops/products/:id",
    staffRecordWrite(
      {
        ...BY_ID,
        summary: "Delete a product (order lines keep their snapshot)",
        response: productRemovedReply,
      },
      (actor, id) => productAdmin.remove(actor, id),
    ),
  );
}
