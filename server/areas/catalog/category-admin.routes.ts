import type { FastifyInstance } from "fastify";
import {
  categoriesOrderSchema,
  categorySchema,
  categoryUpdateSchema,
} from "../../../domain/validation/catalog";
import { requireShopModerator, signedInUser } from "../../http/auth";
import { FailureError, type Result } from "../../lib/result";
import { idParamsSchema } from "./catalog.routes";

// Staff writes of the category tree (SPEC §7): POST /shops/categories, PUT /shops/categories (bulk:
// [{_id, parent, order}]), PUT /shops/categories/:id, DELETE /shops/categories/:id. Shop moderators only.
// Thin: parse, call one service function, shape the reply.

function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new FailureError(result);
  return result.value;
}

export async function categoryAdminRoutes(app: FastifyInstance): Promise<void> {
  const { categoryAdmin } = app.services;
  const guard = { preHandler: requireShopModerator };

  app.post("/shops/categories", guard, async (request, reply) => {
    const payload = categorySchema.parse(request.body);
    const category = unwrap(await categoryAdmin.createCategory(signedInUser(request), payload));
    return reply.status(201).send(category);
  });

  app.put("/shops/categories", guard, async (request) => {
    const items = categoriesOrderSchema.parse(request.body);
    return unwrap(await categoryAdmin.reorderCategories(signedInUser(request), items));
  });

  app.put("/shops/categories/:id", guard, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    const payload = categoryUpdateSchema.parse(request.body);
    return unwrap(await categoryAdmin.updateCategory(signedInUser(request), id, payload));
  });

  app.delete("/shops/categories/:id", guard, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    return unwrap(await categoryAdmin.deleteCategory(signedInUser(request), id));
  });
}
