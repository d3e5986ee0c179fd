import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  categoriesOrderSchema,
  categorySchema,
  categoryUpdateSchema,
} from "../../../domain/validation/catalog";
import { apiRoute, STAFF } from "../../http/api-route";
import { signedInUser } from "../../http/auth";
import { unwrap } from "../../lib/result";
import { categoryRecordReply, categoryReply } from "./catalog.replies";
import { idParamsSchema } from "./catalog.routes";

// Staff writes of the category tree (SPEC §7): POST /shops/categories, PUT /shops/categories (bulk:
// [{_id, parent, order}]), PUT /shops/categories/:id, DELETE /shops/categories/:id. Shop moderators only.
// Thin: parse, call one service function, shape the reply.

export async function categoryAdminRoutes(app: FastifyInstance): Promise<void> {
  const { categoryAdmin } = app.services;

  app.post(
    "/shops/categories",
    apiRoute({
      ...STAFF,
      summary: "Add a category (parent null = first level; no order = last)",
      body: categorySchema,
      response: categoryRecordReply,
      status: 201,
      errors: ["not-found"],
    }),
    async (request, reply) => {
      const payload = categorySchema.parse(request.body);
      const category = unwrap(await categoryAdmin.createCategory(signedInUser(request), payload));
      return reply.status(201).send(category);
    },
  );

  app.put(
    "/shops/categories",
    apiRoute({
      ...STAFF,
      summary: "Bulk tree edit: the new parent and order of each category sent (cycles refused)",
      body: categoriesOrderSchema,
      response: z.array(categoryReply),
      errors: ["bulk/unknown-ids", "category/cycle", "category/root-protected"],
    }),
    async (request) => {
      const items = categoriesOrderSchema.parse(request.body);
      return unwrap(await categoryAdmin.reorderCategories(signedInUser(request), items));
    },
  );

  app.put(
    "/shops/categories/:id",
    apiRoute({
      ...STAFF,
      summary: "Rename, re-parent or change the image of a category (root protected)",
      params: idParamsSchema,
      body: categoryUpdateSchema,
      response: categoryRecordReply,
      errors: ["not-found", "category/cycle", "category/root-protected"],
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      const payload = categoryUpdateSchema.parse(request.body);
      return unwrap(await categoryAdmin.updateCategory(signedInUser(request), id, payload));
    },
  );

  app.delete(
    "/shops/categories/:id",
    apiRoute({
      ...STAFF,
      summary: "Delete a category (refused while products or subcategories use it)",
      params: idParamsSchema,
      response: categoryRecordReply,
      errors: ["not-found", "category/in-use-products", "category/has-children", "category/root-protected"],
    }),
    async (request) => {
      const { id } = idParamsSchema.parse(request.params);
      return unwrap(await categoryAdmin.deleteCategory(signedInUser(request), id));
    },
  );
}
