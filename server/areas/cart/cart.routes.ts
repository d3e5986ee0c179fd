import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { DEFAULT_DELIVERY_METHOD, DELIVERY_METHOD_IDS } from "../../../domain/delivery";
import { parseSavedCart } from "../../../domain/validation/cart";
import { textSchema } from "../../../domain/validation/common";
import { couponCodeSchema } from "../../../domain/validation/coupon";
import { apiRoute } from "../../http/api-route";
import { FailureError, fail } from "../../lib/result";
import { appliedCouponReply, restoredCartReply } from "./cart.replies";
import { MAX_CART_LINES } from "./cart.service";

// GET /api/shops/coupons/is-active/:code (SPEC §7: returns the coupon) and POST /api/cart/restore
// (a saved cart, as the web keeps it in its cookie, turned into the priced cart with totals and the
// changes restoring made: lines gone, quantities lowered to the stock).
// Thin: parse the input with the shared schemas, call one cart service function.

const couponParamsSchema = z.object({ code: couponCodeSchema });

const restoreBodySchema = z.object({
  /** saved lines: malformed ones are dropped (parseSavedCart), as for the cookie */
  cart: z.array(z.unknown()).max(MAX_CART_LINES),
  coupon: textSchema().max(64).nullish(),
  delivery: z.enum(DELIVERY_METHOD_IDS).optional(),
});

export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const { cart } = app.services;

  // 400 coupon/invalid ('Kod rabatowy jest niepoprawny') for an unknown code; a known code refused says
  // why: coupon/expired, coupon/not-started, coupon/used-up, coupon/below-minimum (never here: no total);
  // 429 rate-limited beyond the coupon limit (coupon-guard.ts; the restore below counts the same way).
  app.get(
    "/shops/coupons/is-active/:code",
    apiRoute({
      summary: "Check a discount code (rate-limited)",
      tag: "cart",
      access: "public",
      params: couponParamsSchema,
      response: appliedCouponReply,
      errors: ["coupon/invalid", "coupon/expired", "coupon/not-started", "coupon/used-up", "rate-limited"],
    }),
    async (request) => {
      const { code } = couponParamsSchema.parse(request.params);
      const result = await cart.checkCoupon(code, {
        productsGrosze: null,
        user: request.user,
        ip: request.ip,
      });
      if (!result.ok) throw new FailureError(result);
      return result.value;
    },
  );

  app.post(
    "/cart/restore",
    apiRoute({
      summary: "Price a saved cart against the catalog",
      tag: "cart",
      access: "public",
      body: restoreBodySchema,
      response: restoredCartReply,
      errors: ["rate-limited"],
    }),
    async (request) => {
      const body = restoreBodySchema.parse(request.body ?? {});
      const couponCode = body.coupon?.trim() || null;
      const {
        cart: view,
        changes,
        couponLimited,
      } = await cart.view({
        saved: parseSavedCart(body.cart),
        couponCode,
        deliveryMethod: body.delivery ?? DEFAULT_DELIVERY_METHOD,
        user: request.user,
        ip: request.ip,
      });
      if (couponLimited) throw new FailureError(fail("rate-limited"));
      // `changes`: the saved lines that are gone or were lowered to the stock, to tell the shopper (issue 25)
      return { ...view, changes };
    },
  );
}
