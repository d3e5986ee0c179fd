// Coupon code entry and the staff coupon form (SPEC §5, §3 Coupon).

import { z } from "zod";
import { COUPON_CODE_MAX } from "../constants";
import { couponEnd, couponStart } from "../coupon";
import { dateStringSchema } from "./common";
import { MSG } from "./messages";

/** The code typed in the cart: empty -> "coupon.enterCode" (Wprowadź kod rabatowy). */
export const couponCodeSchema = z
  .string({ error: MSG.couponEnterCode })
  .trim()
  .min(1, { error: MSG.couponEnterCode })
  .max(COUPON_CODE_MAX, { error: MSG.couponInvalid });

export const couponCheckSchema = z.object({ code: couponCodeSchema });

export const DISCOUNT_TYPES = ["percent", "fixed"] as const;

/**
 * Staff coupon form / payload. discountValue: percent = whole percent 1..100; fixed = grosze >= 1.
 * startDate <= endDate (date-only end dates cover their whole day, see domain/coupon.ts).
 */
export const couponFormSchema = z
  .object({
    code: z
      .string({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.invalid) })
      .trim()
      .min(1, { error: MSG.required })
      .max(COUPON_CODE_MAX, { error: MSG.maxLength })
      .regex(/^\S+$/, { error: MSG.invalid }),
    discountType: z.enum(DISCOUNT_TYPES, {
      error: (issue) => (issue.input === undefined ? MSG.required : MSG.invalid),
    }),
    discountValue: z
      .number({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.number) })
      .int({ error: MSG.integer }),
    startDate: dateStringSchema,
    endDate: dateStringSchema,
  })
  .superRefine((data, ctx) => {
    if (data.discountValue < 1) {
      ctx.addIssue({ code: "custom", path: ["discountValue"], message: MSG.minValue, params: { min: 1 } });
    } else if (data.discountType === "percent" && data.discountValue > 100) {
      ctx.addIssue({ code: "custom", path: ["discountValue"], message: MSG.maxValue, params: { max: 100 } });
    }
    if (couponStart(data.startDate) > couponEnd(data.endDate)) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: MSG.dateRange });
    }
  });
export type CouponForm = z.output<typeof couponFormSchema>;
