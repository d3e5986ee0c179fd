import { z } from "zod";
import type { AvailabilityLevel } from "../../../domain/availability";
import type {
  Category,
  FieldOption,
  Product,
  ProductBasic,
  ProductField,
  ProductThumbnail,
} from "../../../domain/types";
import type { ProductChoice } from "../../../domain/validation/catalog";
import type { ProductListPage } from "../../../domain/validation/product-query";
import {
  englishReply,
  grosze,
  id,
  imageRef,
  isoDate,
  optionalText,
  processingTime,
} from "../../http/reply-schemas";
import type { CategoryRecord } from "./category-admin.service";
import type { FieldRecord } from "./field-admin.service";
import type { ProductRecord, StaffProductPage, StaffProductRow } from "./product-admin.service";
import type { WarehouseRow } from "./warehouse.service";

// What the catalog's /api routes answer on success (docs/decisions/060): the category tree and its
// staff writes, product fields, the product lists and writes, the warehouse. Each is typed against
// the shape its service returns, so a field the type gains or loses fails the type check;
// catalog.replies.test.ts checks real replies against them.

const thumbnail: z.ZodType<ProductThumbnail> = z.object({
  totalQuantity: z.number(),
  discountPercent: z.number(),
  priceGrosze: grosze,
  standardPriceGrosze: grosze,
  minPriceGrosze: grosze,
});

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
  parcelSize: z.enum(["A", "B", "C"]),
  identity: z.object({
    sku: z.string().nullable(),
    gtin: z.string().nullable(),
    weightGrams: z.number().int().nullable(),
    lengthMm: z.number().int().nullable(),
    widthMm: z.number().int().nullable(),
    heightMm: z.number().int().nullable(),
    seoTitle: z.string(),
    seoDescription: z.string(),
  }),
  safety: z.object({
    manufacturerName: z.string(),
    manufacturerAddress: z.string(),
    manufacturerContact: z.string(),
    manufacturerOutsideEu: z.boolean(),
    euRepName: z.string(),
    euRepAddress: z.string(),
    euRepContact: z.string(),
    identifier: z.string(),
    warnings: z.string(),
    care: z.string(),
  }),
  createdAt: isoDate,
  updatedAt: isoDate,
  thumbnail,
});

/** A product as staff write it: with its English texts (issue 30). */
export const productRecordReply: z.ZodType<ProductRecord> = productReply.and(englishReply("product"));

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

const count = z.number().int();

/**
 * A subcategory has a category's own shape: checked as one, but documented without the recursion
 * (a recursive zod schema becomes a JSON Schema `$ref` into its own `$defs`, which the OpenAPI
 * document would resolve against its root and miss).
 */
const subcategory = z
  .custom<Category>((value) => categoryReply.safeParse(value).success)
  .describe("A category (this same shape, with its own subcategories)");

/** A category of GET /shops/categories (flat, depth first), each with its subcategories nested. */
export const categoryReply: z.ZodType<Category> = z.object({
  _id: id,
  title: z.string(),
  parent: id.nullable(),
  order: z.number().int(),
  path: z.string(),
  idsPath: z.string(),
  image: optionalText,
  subcategories: z.array(subcategory),
});

/** A category as a staff write answers it (first level: parent null). */
export const categoryRecordReply: z.ZodType<CategoryRecord> = z.object({
  _id: id,
  title: z.string(),
  titleEn: z.string(),
  parent: id.nullable(),
  order: z.number().int(),
  image: optionalText,
});

const fieldOption: z.ZodType<FieldOption> = z.object({
  _id: id,
  title: z.string(),
  description: z.string(),
  image: optionalText,
});

const productFieldShape = {
  _id: id,
  title: z.string(),
  type: z.string(),
  description: z.string(),
  changePrice: z.boolean(),
  options: z.array(fieldOption),
};

export const productFieldReply: z.ZodType<ProductField> = z.object(productFieldShape);

/** A product field as staff write it: with its and its options' English texts (issue 30). */
export const fieldRecordReply: z.ZodType<FieldRecord> = z
  .object({ ...productFieldShape, options: z.array(fieldOption.and(englishReply("option"))) })
  .and(englishReply("field"));

export const productListPageReply: z.ZodType<ProductListPage> = z.object({
  items: z.array(productBasicReply),
  total: count,
  page: count,
  pageSize: count,
});

/** GET /shops/products: every visible product without list parameters, one page of the list with them. */
export const productListReply = z.union([z.array(productReply), productListPageReply]);

const staffProductRow: z.ZodType<StaffProductRow> = z.object({
  _id: id,
  title: z.string(),
  slug: z.string(),
  image: imageRef.nullable(),
  priceGrosze: grosze,
  promotionalPriceGrosze: grosze.nullable(),
  priceRange: z.object({ minGrosze: grosze, maxGrosze: grosze }),
  totalQuantity: count,
  variantCount: count,
  ...productFlags,
  safetyComplete: z.boolean(),
  updatedAt: isoDate,
});

/** GET /shops/products/choice: the related-products picker's matches. */
export const productChoicesReply: z.ZodType<ProductChoice[]> = z.array(
  z.object({ _id: id, title: z.string(), sku: z.string().nullable(), isHidden: z.boolean() }),
);

export const staffProductPageReply: z.ZodType<StaffProductPage> = z.object({
  items: z.array(staffProductRow),
  total: count,
  page: count,
  pageSize: count,
});

export const productRemovedReply = z.object({ _id: id });

const availabilityLevel: z.ZodType<AvailabilityLevel> = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
]);

const warehouseRow: z.ZodType<WarehouseRow> = z.object({
  productId: id,
  variantId: id.nullable(),
  title: z.string(),
  variant: z.string(),
  quantity: count,
  slug: z.string(),
  isHidden: z.boolean(),
  level: availabilityLevel,
  heldByUnpaid: count,
});

export const warehouseReply = z.array(warehouseRow);

/** PUT /shops/warehouse: how many rows changed. */
export const stockChangedReply = z.object({ changed: count });

/** POST /shops/warehouse/import: how many rows changed of how many lines read. */
export const stockImportedReply = z.object({ changed: count, rows: count });
