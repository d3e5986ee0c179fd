import { z } from "zod";
import { grosze, id, isoDate } from "../../http/reply-schemas";
import type { StaffCoupon } from "./coupon-admin.service";

// What the staff coupon routes answer on success (docs/decisions/060), typed against the service's
// StaffCoupon; coupons.replies.test.ts checks real replies against them. (The public check
// GET /shops/coupons/is-active/:code answers appliedCouponReply, server/http/reply-schemas.ts.)

const limit = z.number().int().nullable();

export const staffCouponReply: z.ZodType<StaffCoupon> = z.object({
  _id: id,
  code: z.string(),
  discountType: z.enum(["percent", "fixed"]),
  discountValue: z.number().int(),
  startDate: isoDate,
  endDate: isoDate,
  usageLimit: limit,
  usageLimitPerCustomer: limit,
  minOrderGrosze: grosze.nullable(),
  uses: z.number().int(),
});

/** DELETE /shops/coupons/:id: the coupon's id and how many orders used it (they keep code and discount). */
export const couponRemovedReply = z.object({ _id: id, orders: z.number().int() });
