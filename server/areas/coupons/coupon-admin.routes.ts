import type { FastifyInstance } from "fastify";
import { requireShopModerator, signedInUser } from "../../http/auth";
import { idParamsSchema } from "../catalog/catalog.routes";
import { unwrap } from "../content/admin-write";

// GET/POST /api/shops/coupons, PUT/DELETE /api/shops/coupons/:id (SPEC §7), shop staff only.
// (The public check GET /api/shops/coupons/is-active/:code lives with the cart.)

export async function couponAdminRoutes(app: FastifyInstance): Promise<void> {
  const { couponAdmin } = app.services;
  const guard = { preHandler: requireShopModerator };

  app.get("/shops/coupons", guard, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return couponAdmin.list();
  });

  app.post("/shops/coupons", guard, async (request, reply) => {
    const coupon = unwrap(await couponAdmin.create(signedInUser(request), request.body));
    return reply.status(201).send(coupon);
  });

  app.put("/shops/coupons/:id", guard, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    return unwrap(await couponAdmin.update(signedInUser(request), id, request.body));
  });

  app.delete("/shops/coupons/:id", guard, async (request) => {
    const { id } = idParamsSchema.parse(request.params);
    return unwrap(await couponAdmin.remove(signedInUser(request), id));
  });
}
