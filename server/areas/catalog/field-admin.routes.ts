import type { FastifyInstance } from "fastify";
import { productFieldSchema } from "../../../domain/validation/catalog";
import { requireShopModerator, signedInUser } from "../../http/auth";
import { FailureError, type Result } from "../../lib/result";
import { idParamsSchema } from "./catalog.routes";

// Staff writes of product fields (SPEC §7): POST /shops/fields, PUT /shops/fields/:id (returns the
// field), DELETE /shops/fields/:id. Shop moderators only. Thin: parse, call one service function.

function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new FailureError(result);
  return result.value;
}

export async function fieldAdminRoutes(app: FastifyInstance): Promise<void> {
  const { fieldAdmin } = app.services;
  const guard = { preHandler: requireShopModerator };

  app.post("/shops/fields", guard, async (request, reply) => {
    const payload = productFieldSchema.parse(request.body);
    const field = unwrap(await fieldAdmin.createField(signedInUser(request), payload));
    return reply.status(201).send(field);
  });

  app.put("/shops/fields/:id", guard, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    const payload = productFieldSchema.parse(request.body);
    return unwrap(await fieldAdmin.updateField(signedInUser(request), id, payload));
  });

  app.delete("/shops/fields/:id", guard, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    return unwrap(await fieldAdmin.deleteField(signedInUser(request), id));
  });
}
