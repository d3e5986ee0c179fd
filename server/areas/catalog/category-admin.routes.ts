import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  categoriesOrderSchema,
  categorySchema,
  categoryUpdateSchema,
} from "../../../domain/validation/catalog";
import { staffRecordWrite, staffWrite } from "../../http/staff-write";
import { categoryRecordReply, categoryReply } from "./catalog.replies";
import { idParamsSchema } from "./catalog.routes";

// Staff writes of the category tree (SPEC §7): POST /shops/categories, PUT /shops/categories (bulk:
// [{_id, parent, order}]), PUT /shops/categories/:id, DELETE /shops/categories/:id. Shop moderators only.
// Thin: parse, call one service function, shape the reply.

export async function categoryAdminRoutes(app: FastifyInstance): Promise<void> {
  const { categoryAdmin } = app.services;

  app.post(
    "/shops/categories",
    staffWrite(
      {
        summary: "Add a category (parent null = first level; no order = last)",
        body: categorySchema,
        response: categoryRecordReply,
        status: 201,
        errors: ["not-found"],
      },
      (actor, body) => categoryAdmin.createCategory(actor, categorySchema.parse(body)),
    ),
  );

  app.put(
    "/shops/categories",
    staffWrite(
      {
        summary: "Bulk tree edit: the new parent and order of each category sent (cycles refused)",
        body: categoriesOrderSchema,
        response: z.array(categoryReply),
        errors: ["bulk/unknown-ids", "category/cycle", "category/root-protected"],
      },
      (actor, body) => categoryAdmin.reorderCategories(actor, categoriesOrderSchema.parse(body)),
    ),
  );

  app.put(
    "/shops/categories/:id",
    staffRecordWrite(
      {
        summary: "Rename, re-parent or change the image of a category (root protected)",
        params: idParamsSchema,
        body: categoryUpdateSchema,
        response: categoryRecordReply,
        errors: ["not-found", "category/cycle", "category/root-protected"],
      },
      (actor, id, body) => categoryAdmin.updateCategory(actor, id, categoryUpdateSchema.parse(body)),
    ),
  );

  app.delete(
    "/shops/categories/:id",
    staffRecordWrite(
      {
        summary: "Delete a category (refused while products or subcategories use it)",
        params: idParamsSchema,
        response: categoryRecordReply,
        errors: ["not-found", "category/in-use-products", "category/has-children", "category/root-protected"],
      },
      (actor, id) => categoryAdmin.deleteCategory(actor, id),
    ),
  );
}
