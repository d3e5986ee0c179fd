import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { couponFormSchema } from "../../../domain/validation/coupon";
import { apiRoute, STAFF } from "../../http/api-route";
import { staffRecordRoutes } from "../../http/staff-write";
import { BY_ID } from "../catalog/catalog.routes";
import { couponRemovedReply, staffCouponReply } from "./coupons.replies";

// GET/POST /api/shops/coupons, PUT/DELETE /api/shops/coupons/:id (SPEC §7), shop staff only.
// (The public check GET /api/shops/coupons/is-active/:code lives with the cart.)

export async function couponAdminRoutes(app: FastifyInstance): Promise<void> {
  const { couponAdmin } = app.services;

  app.get(
    "/shops/coupons",
    apiRoute({
      ...STAFF,
      summary: "Every coupon with its limits and uses so far (staff)",
      response: z.array(staffCouponReply),
    }),
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return couponAdmin.list();
    },
  );

  staffRecordRoutes(
    app,
    "/shops/coupons",
    { ...BY_ID, body: couponFormSchema, response: staffCouponReply, removed: couponRemovedReply },
    {
      add: ["Add a coupon (code unique ignoring case; fixed value in grosze)", couponAdmin.create],
      update: ["Update a coupon", couponAdmin.update],
      remove: ["Delete a coupon (orders keep their code and discount)", couponAdmin.remove],
    },
  );
}
