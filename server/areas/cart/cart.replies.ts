import { z } from "zod";
import type { RestoreChange } from "../../../domain/cart";
import { DELIVERY_METHOD_IDS } from "../../../domain/delivery";
import type { AppliedCoupon, CartLineView, CartView } from "../../../domain/types";
import { grosze, id, imageRef, processingTime } from "../../http/reply-schemas";

// What POST /api/cart/restore answers on success (docs/decisions/060): the priced cart and what
// restoring changed. Typed against the shapes the cart service returns, so a field the type gains or
// loses fails the type check; it documents, the reply is sent as the handler shapes it
// (cart.replies.test.ts).

export const appliedCouponReply: z.ZodType<AppliedCoupon> = z.object({
  _id: id,
  code: z.string(),
  discountType: z.enum(["percent", "fixed"]),
  discountValue: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  minOrderGrosze: grosze.nullable(),
});

const cartLineReply: z.ZodType<CartLineView> = z.object({
  lineId: z.string(),
  productId: id,
  productTitle: z.string(),
  productSlug: z.string(),
  variantTitle: z.string(),
  variantLabel: z.string(),
  variantKeys: z.record(z.string(), id),
  variantId: id.nullable(),
  unitPriceGrosze: grosze,
  quantity: z.number().int(),
  stock: z.number().int(),
  processingTime,
  image: imageRef.nullable(),
});

const restoreChangeReply: z.ZodType<RestoreChange> = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("removed"), productId: id, productTitle: z.string().nullable() }),
  z.object({
    kind: z.literal("reduced"),
    productId: id,
    productTitle: z.string(),
    from: z.number().int(),
    to: z.number().int(),
  }),
]);

export const restoredCartReply: z.ZodType<CartView & { changes: RestoreChange[] }> = z.object({
  lines: z.array(cartLineReply),
  coupon: appliedCouponReply.nullable(),
  deliveryMethod: z.enum(DELIVERY_METHOD_IDS),
  itemCount: z.number().int(),
  productsGrosze: grosze,
  deliveryGrosze: grosze,
  couponDiscountGrosze: grosze,
  totalGrosze: grosze,
  missingForFreeDeliveryGrosze: grosze,
  maxProcessingTime: processingTime,
  changes: z.array(restoreChangeReply),
});
