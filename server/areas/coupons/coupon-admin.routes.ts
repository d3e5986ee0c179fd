import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { couponFormSchema } from "../../../domain/validation/coupon";
import { apiRoute, STAFF } from "../../http/api-route";
import { staffRecordWrite, staffWrite } from "../../http/staff-write";
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

  app.post(
    "/shops/coupons",
    staffWrite(
      {
        summary: "Add a coupon (code unique ignoring case; fixed value in grosze)",
        body: couponFormSchema,
        response: staffCouponReply,
        status: 201,
      },
      (actor, body) => couponAdmin.create(actor, body),
    ),
  );

  app.put(
    "/shops/coupons/:id",
    staffRecordWrite(
      { ...BY_ID, summary: "Update a coupon", body: couponFormSchema, response: staffCouponReply },
      (actor, id, body) => couponAdmin.update(actor, id, body),
    ),
  );

  app.delete(
    "/shops/coupons/:id",
    staffRecordWrite(
      {
        ...BY_ID,
        summary: "Delete a coupon (orders keep their code and discount)",
        response: couponRemovedReply,
      },
      (actor, id) => couponAdmin.remove(actor, id),
    ),
  );
}
