import { z } from "zod";
import type {
  AppliedCoupon,
  ImageRef,
  Order,
  ParcelPoint,
  Product,
  ProductBasic,
  ProductThumbnail,
  PublicUser,
} from "../../domain/types";
import { deliveryPointSchema } from "../../domain/validation/order";

// What the main /api routes answer on success, as zod schemas for the OpenAPI document (each route
// names its own in `response`, server/http/api-route.ts). Each is typed against the shape the
// handlers return (domain/types.ts), so a field the type gains or loses fails the type check; the
// replies themselves are sent as the handlers shape them (openapi.test.ts checks real replies
// against these schemas).

// The parts every reply is made of; the areas' own reply schemas (<area>/<area>.replies.ts) use them too.
export const id = z.number().int();
export const grosze = z.number().int();
export const isoDate = z.string();
export const optionalText = z.string().nullable();
export const processingTime = z.enum(["1-2", "3-6", "7-9", "10-14"]);

export const imageRef: z.ZodType<ImageRef> = z.object({
  url: z.string(),
  thumb_url: z.string(),
  name: z.string(),
  isNew: z.boolean(),
});

const thumbnail: z.ZodType<ProductThumbnail> = z.object({
  totalQuantity: z.number(),
  discountPercent: z.number(),
  priceGrosze: grosze,
  standardPriceGrosze: grosze,
  minPriceGrosze: grosze,
});

export const publicUserReply: z.ZodType<PublicUser> = z.object({
  _id: id,
  roles: z.array(z.enum(["admin", "shop-admin", "moderator", "shop-moderator", "user"])),
  approved: z.boolean(),
  displayName: z.string(),
  email: z.string(),
  phone: optionalText,
  postCode: optionalText,
  city: optionalText,
  street: optionalText,
  nip: optionalText,
  createdAt: isoDate,
  approvedAt: isoDate.nullable(),
});

export const loginReply = z.object({ accessToken: z.string(), expiresAt: isoDate, user: publicUserReply });

export const registerReply = z.object({ message: z.string(), messageKey: z.string(), user: publicUserReply });

export const messageReply = z.object({ message: z.string(), messageKey: z.string().optional() });

export const healthReply = z.object({ status: z.enum(["ok", "unavailable"]), database: z.string() });

/** The flags a product and its list entry share. */
export const productFlags = {
  isHidden: z.boolean(),
  isNew: z.boolean(),
  isSale: z.boolean(),
  isPremium: z.boolean(),
  isLayette: z.boolean(),
  isSet: z.boolean(),
};

export const productReply: z.ZodType<Product> = z.object({
  _id: id,
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  images: z.array(imageRef),
  categories: z.array(id),
  fields: z.array(id),
  variants: z.array(
    z.object({
      _id: id,
      fields: z.record(z.string(), id),
      priceGrosze: grosze,
      promotionalPriceGrosze: grosze.nullable(),
      quantity: z.number().int(),
    }),
  ),
  quantity: z.number().int(),
  priceGrosze: grosze,
  promotionalPriceGrosze: grosze.nullable(),
  minPriceGrosze: grosze,
  minVariantPrice: z.record(z.string(), grosze),
  vatRate: z.number(),
  ...productFlags,
  hasSlides: z.boolean(),
  slides: z.array(id),
  slidesTitle: z.string(),
  slidesDescription: z.string(),
  processingTime,
  createdAt: isoDate,
  updatedAt: isoDate,
  thumbnail,
});

export const productBasicReply: z.ZodType<ProductBasic> = z.object({
  _id: id,
  slug: z.string(),
  title: z.string(),
  image: imageRef.nullable(),
  categories: z.array(id),
  ...productFlags,
  processingTime,
  updatedAt: isoDate,
  thumbnail,
});

const address = z.object({
  displayName: z.string(),
  email: z.string(),
  phone: z.string(),
  postCode: z.string(),
  city: z.string(),
  street: z.string(),
  nip: z.string().nullish(),
});

export const orderReply: z.ZodType<Order> = z.object({
  _id: id,
  orderNumber: z.string(),
  createdAt: isoDate,
  status: z.string(),
  statuses: z.array(
    z.object({
      status: z.string(),
      createdAt: isoDate,
      hidden: z.boolean(),
      data: z.object({ title: z.string().optional() }).nullable(),
    }),
  ),
  priceGrosze: grosze,
  totalProductsGrosze: grosze,
  cart: z.array(
    z.object({
      product: id.nullable(),
      productTitle: z.string(),
      variantTitle: z.string().nullable(),
      variantLabel: z.string().nullable(),
      variantKeys: z.record(z.string(), id),
      variant: id.nullable(),
      unitPriceGrosze: grosze,
      quantity: z.number().int(),
      priceGrosze: grosze,
      vatRate: z.number(),
    }),
  ),
  delivery: z.object({
    method: z.enum(["courier", "parcel-locker"]),
    title: z.string(),
    priceGrosze: grosze,
  }),
  coupon: z.object({ code: z.string() }).nullable(),
  couponDiscountGrosze: grosze,
  maxProcessingTime: processingTime,
  shipmentNumber: z.string().nullable(),
  invoiceUrl: z.string().nullable(),
  user: z.object({ _id: id, displayName: z.string(), email: z.string() }).nullable(),
  email: z.string(),
  recipient: address,
  invoiceData: address,
  deliveryPoint: deliveryPointSchema.nullable(),
  reservedUntil: isoDate.nullable(),
});

export const orderPlacedReply = z.object({
  _id: id,
  orderNumber: z.string(),
  email: z.string(),
  priceGrosze: grosze,
  status: z.string(),
  payment: z.object({ redirectUrl: z.string() }),
});

export const paymentRetryReply = z.object({
  redirectUrl: z.string(),
  payment: z.object({ redirectUrl: z.string() }),
});

export const appliedCouponReply: z.ZodType<AppliedCoupon> = z.object({
  _id: id,
  code: z.string(),
  discountType: z.enum(["percent", "fixed"]),
  discountValue: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  minOrderGrosze: grosze.nullable(),
});

const parcelPoint: z.ZodType<ParcelPoint> = z.object({
  id: z.string(),
  name: z.string(),
  street: z.string(),
  houseNumber: optionalText,
  flatNumber: optionalText,
  postalCode: z.string(),
  city: z.string(),
  locationDescription: optionalText,
  openingHours: optionalText,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

export const parcelPointsReply = z.object({ items: z.array(parcelPoint) });
