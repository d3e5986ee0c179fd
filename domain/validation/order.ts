// Order create payload (SPEC §3, §5 Checkout) and the small order endpoints' bodies.

import { z } from "zod";
import { COUPON_CODE_MAX } from "../constants";
import { DEFAULT_DELIVERY_METHOD, DELIVERY_METHOD_IDS } from "../delivery";
import { MODERATOR_STATUSES } from "../order-status";
import { processingTimeSchema } from "../processing-time";
import { invoiceDataSchema, makeAddressSchema } from "./address";
import { emailSchema, groszeSchema, idSchema, requiredOrInvalid, requiredString, textSchema } from "./common";
import { MSG } from "./messages";

export const MAX_ORDER_LINES = 100;
export const MAX_LINE_QUANTITY = 999;
/** The longest order number a lookup or a withdrawal statement takes. */
export const ORDER_NUMBER_MAX = 64;

const optionalPointText = z.preprocess(
  (value) => (typeof value === "number" ? String(value) : value === "" ? null : value),
  textSchema({ error: MSG.invalid }).trim().nullable().optional(),
);

/** Parcel-locker pick-up point as returned by the locker map widget. */
export const deliveryPointSchema = z.object({
  foreign_access_point_id: textSchema({ error: MSG.selectParcelLocker })
    .trim()
    .min(1, { error: MSG.selectParcelLocker })
    .max(64, { error: MSG.maxLength }),
  name: textSchema({ error: MSG.invalid }).trim().max(200, { error: MSG.maxLength }).default(""),
  street: textSchema({ error: MSG.invalid }).trim().max(200, { error: MSG.maxLength }).default(""),
  house_number: optionalPointText.transform((v) => v ?? null),
  flat_number: optionalPointText.transform((v) => v ?? null),
  postal_code: textSchema({ error: MSG.invalid }).trim().max(10, { error: MSG.maxLength }).default(""),
  city: textSchema({ error: MSG.invalid }).trim().max(100, { error: MSG.maxLength }).default(""),
});
export type DeliveryPoint = z.output<typeof deliveryPointSchema>;

/** The coupon code of an order (not an id: "coupon.invalid" for anything but a code). */
const orderCouponSchema = textSchema({ error: MSG.couponInvalid })
  .trim()
  .min(1, { error: MSG.couponInvalid })
  .max(COUPON_CODE_MAX, { error: MSG.couponInvalid });

/** Record key of variantKeys: a field id written as text. */
const fieldIdKey = z.string().regex(/^[1-9]\d*$/, { error: MSG.invalid });

export const orderCartItemSchema = z.object({
  productId: idSchema,
  quantity: z
    .number({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.number) })
    .int({ error: MSG.integer })
    .min(1, { error: MSG.minValue })
    .max(MAX_LINE_QUANTITY, { error: MSG.maxValue }),
  variantKeys: z.record(fieldIdKey, idSchema, { error: MSG.invalid }).default({}),
  variantId: idSchema.nullable().default(null),
});
export type OrderCartItem = z.output<typeof orderCartItemSchema>;

export interface OrderCreateSchemaOptions {
  /** false for a logged-in customer: the recipient e-mail field is hidden and the account e-mail is used */
  requireRecipientEmail?: boolean;
}

/**
 * `POST /orders` body. `priceGrosze` is the total the customer saw (the server recomputes and
 * compares). A parcel-locker delivery needs `deliveryPoint` with an id ("checkout.selectParcelLocker");
 * for the courier the point is dropped (null).
 */
export function makeOrderCreateSchema(options: OrderCreateSchemaOptions = {}) {
  const recipient = makeAddressSchema({ requireEmail: options.requireRecipientEmail !== false });
  return z
    .object({
      priceGrosze: groszeSchema,
      delivery: z.enum(DELIVERY_METHOD_IDS, { error: requiredOrInvalid }).default(DEFAULT_DELIVERY_METHOD),
      cart: z
        .array(orderCartItemSchema, { error: MSG.required })
        .min(1, { error: MSG.required })
        .max(MAX_ORDER_LINES, { error: MSG.maxLength }),
      // the coupon's CODE, never its id: a coupon is proven by its code (issue 24, ADR 030)
      coupon: z
        .preprocess((v) => (v === "" ? null : v), orderCouponSchema.nullable().optional())
        .transform((v) => v ?? null),
      recipient,
      invoiceData: invoiceDataSchema,
      deliveryPoint: z.preprocess((v) => v ?? null, deliveryPointSchema.nullable()),
      acceptTermsAndConditions: z.literal(true, { error: MSG.termsRequired }),
      maxProcessingTime: processingTimeSchema,
    })
    .superRefine((data, ctx) => {
      if (data.delivery === "parcel-locker" && !data.deliveryPoint) {
        ctx.addIssue({ code: "custom", path: ["deliveryPoint"], message: MSG.selectParcelLocker });
      }
    })
    .transform((data) => (data.delivery === "parcel-locker" ? data : { ...data, deliveryPoint: null }));
}

/** Guest order (recipient e-mail required). */
export const orderCreateSchema = makeOrderCreateSchema();
export type OrderCreatePayload = z.output<typeof orderCreateSchema>;
export type OrderCreateInput = z.input<typeof orderCreateSchema>;

/** `PUT /orders/{id}/add-status` body: the statuses a moderator may add. */
export const addStatusSchema = z.object({ status: z.enum(MODERATOR_STATUSES, { error: MSG.invalid }) });

/** Guest order lookup (`/zamowienie?orderNumber=&email=`, `GET /orders/{id}?email=`). */
export const orderLookupSchema = z.object({
  orderNumber: requiredString({ max: ORDER_NUMBER_MAX }),
  email: emailSchema,
});
