import type { FastifyInstance } from "fastify";
import { productSchema, staffProductQuerySchema } from "../../../domain/validation/catalog";
import { requireShopModerator, signedInUser } from "../../http/auth";
import { FailureError } from "../../lib/result";
import { idParamsSchema } from "./catalog.routes";

// Staff product writes and list (issue 6, SPEC §7): POST /shops/products, PUT and DELETE
// /shops/products/{id}, GET /shops/products/staff (hidden ones too). Shop moderators only; never
// cached. Thin: parse, call one service function, shape the reply.

export async function productAdminRoutes(app: FastifyInstance): Promise<void> {
  const { productAdmin } = app.services;
  const guard = { preHandler: requireShopModerator };

  app.get("/shops/products/staff", guard, async (request) => {
    const query = staffProductQuerySchema.parse(request.query);
    return productAdmin.listStaff(query);
  });

  app.post("/shops/products", guard, async (request, reply) => {
    const payload = productSchema.parse(request.body);
    const result = await productAdmin.create(signedInUser(request), payload);
    if (!result.ok) throw new FailureError(result);
    return reply.status(201).send(result.value);
  });

  app.put("/shops/products/:id", guard, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    const payload = productSchema.parse(request.body);
    const result = await productAdmin.update(signedInUser(request), id, payload);
    if (!result.ok) throw new FailureError(result);
    return result.value;
  });

  app.delete("/shops/products/:id", guard, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    const result = await productAdmin.remove(signedInUser(request), id);
    if (!result.ok) throw new FailureError(result);
    return result.value;
  });
}
