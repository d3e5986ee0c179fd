// Coupon code entry and the staff coupon form (SPEC §5, §3 Coupon).

import { z } from "zod";
import { COUPON_CODE_MAX } from "../constants";
import { couponEnd, couponStart } from "../coupon";
import { groszeToDecimalString, parsePriceToGrosze } from "../money";
import { shopDay } from "../shop-time";
import { blankAsNull, blankToNull, dateStringSchema, textSchema } from "./common";
import { MSG } from "./messages";

/** The code typed in the cart: empty -> "coupon.enterCode" (Wprowadź kod rabatowy). */
export const couponCodeSchema = textSchema({ error: MSG.couponEnterCode })
  .trim()
  .min(1, { error: MSG.couponEnterCode })
  .max(COUPON_CODE_MAX, { error: MSG.couponInvalid });

export const couponCheckSchema = z.object({ code: couponCodeSchema });

export const DISCOUNT_TYPES = ["percent", "fixed"] as const;

const positiveLimit = blankAsNull(
  z
    .number({ error: MSG.number })
    .int({ error: MSG.integer })
    .min(1, { error: MSG.minValue })
    .max(1_000_000, { error: MSG.maxValue }),
);

/**
 * Staff coupon form / payload (`POST /shops/coupons`, `PUT /shops/coupons/{id}`).
 * discountValue: percent = whole percent 1..100; fixed = grosze >= 1.
 * startDate <= endDate (date-only end dates cover their whole day, see domain/coupon.ts).
 * usageLimit (in total), usageLimitPerCustomer: uses of not canceled orders, null = no limit;
 * minOrderGrosze: the smallest products total, null = none. The order transaction enforces them.
 */
export const couponFormSchema = z
  .object({
    code: textSchema({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.invalid) })
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
    usageLimit: positiveLimit.default(null),
    usageLimitPerCustomer: positiveLimit.default(null),
    minOrderGrosze: blankAsNull(
      z.number({ error: MSG.number }).int({ error: MSG.integer }).min(0, { error: MSG.minValue }),
    ).default(null),
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

/** Text of a form input as a number ("12" -> 12); blank -> null; anything else stays text (-> "number"). */
function wholeNumber(value: unknown): unknown {
  const blank = blankToNull(value);
  if (typeof blank !== "string") return blank;
  return /^\s*-?\d+\s*$/.test(blank) ? Number(blank) : blank;
}

/** Złoty typed by a person ("12,34") as grosze; blank -> null; unparseable stays text. */
function zlotyToGrosze(value: unknown): unknown {
  const blank = blankToNull(value);
  if (typeof blank !== "string") return blank;
  return parsePriceToGrosze(blank) ?? blank;
}

/**
 * The staff coupon form as typed (every value a string, the fixed amount and the minimum order in
 * złoty) turned into the payload `couponFormSchema` checks, so the browser and the action validate
 * the same way and report errors under the same field names.
 */
export function couponFormValuesToPayload(values: unknown): unknown {
  if (typeof values !== "object" || values === null) return values;
  const v = values as Record<string, unknown>;
  const type = v.discountType;
  return {
    ...v,
    discountType: blankToNull(type) ?? undefined,
    discountValue:
      (type === "fixed" ? zlotyToGrosze(v.discountValue) : wholeNumber(v.discountValue)) ?? undefined,
    usageLimit: wholeNumber(v.usageLimit),
    usageLimitPerCustomer: wholeNumber(v.usageLimitPerCustomer),
    minOrderGrosze: zlotyToGrosze(v.minOrderGrosze),
  };
}

/** The coupon form as posted by the browser (strings, złoty). */
export const couponFormValuesSchema = z.preprocess(couponFormValuesToPayload, couponFormSchema);

/** A stored coupon as the form's text values (złoty with a comma, dates as Warsaw days YYYY-MM-DD). */
export function couponToFormValues(coupon: {
  code: string;
  discountType: "percent" | "fixed";
  discountValue: number;
  startDate: string;
  endDate: string;
  usageLimit: number | null;
  usageLimitPerCustomer: number | null;
  minOrderGrosze: number | null;
}): Record<string, string> {
  const zl = (grosze: number) => groszeToDecimalString(grosze).replace(".", ",");
  return {
    code: coupon.code,
    discountType: coupon.discountType,
    discountValue: coupon.discountType === "fixed" ? zl(coupon.discountValue) : String(coupon.discountValue),
    // the days a person typed: the stored instants read in the shop's time zone
    startDate: shopDay(coupon.startDate),
    endDate: shopDay(coupon.endDate),
    usageLimit: coupon.usageLimit === null ? "" : String(coupon.usageLimit),
    usageLimitPerCustomer: coupon.usageLimitPerCustomer === null ? "" : String(coupon.usageLimitPerCustomer),
    minOrderGrosze: coupon.minOrderGrosze === null ? "" : zl(coupon.minOrderGrosze),
  };
}
