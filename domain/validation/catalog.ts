// Staff forms and payloads for the catalogue and content (SPEC §3 entities, §2 moderator area).
// Prices are integer grosze (the web form converts "12,34" with parsePriceToGrosze). HTML fields
// are accepted as strings here; the server sanitises them before storing.

import { z } from "zod";
import { DEFAULT_VAT_RATE, TITLE_MAX, VAT_RATES } from "../constants";
import { variantKey } from "../pricing";
import { DEFAULT_PROCESSING_TIME, processingTimeSchema } from "../processing-time";
import {
  blankAsNull,
  groszeSchema,
  idSchema,
  linkSchema,
  optionalText,
  requiredString,
  stockQuantitySchema,
} from "./common";
import { MSG } from "./messages";

const HTML_MAX = 200_000;
const htmlSchema = z.string({ error: MSG.invalid }).max(HTML_MAX, { error: MSG.maxLength }).default("");
const flag = z.boolean({ error: MSG.invalid }).default(false);
const ids = z
  .array(idSchema, { error: MSG.invalid })
  .default([])
  .transform((list) => [...new Set(list)]);

/** Tags: trimmed, leading "#" removed, empty dropped, duplicates removed (case-insensitive). */
export const tagsSchema = z
  .array(z.string({ error: MSG.invalid }).max(50, { error: MSG.maxLength }), { error: MSG.invalid })
  .max(50, { error: MSG.maxLength })
  .default([])
  .transform((tags) => {
    const seen = new Set<string>();
    const result: string[] = [];
    for (const raw of tags) {
      const tag = raw.trim().replace(/^#+/, "").trim();
      if (tag === "" || seen.has(tag.toLowerCase())) continue;
      seen.add(tag.toLowerCase());
      result.push(tag);
    }
    return result;
  });

export const imageRefSchema = z.object({
  url: linkSchema,
  thumb_url: linkSchema,
  name: z.string({ error: MSG.invalid }).trim().max(300, { error: MSG.maxLength }).default(""),
  isNew: z.boolean({ error: MSG.invalid }).default(true),
});

export const vatRateSchema = z
  .union(
    VAT_RATES.map((rate) => z.literal(rate)),
    { error: MSG.invalid },
  )
  .default(DEFAULT_VAT_RATE);

export const variantSchema = z.object({
  /** absent for a variant created in this edit */
  _id: idSchema.optional(),
  fields: z.record(z.string().regex(/^[1-9]\d*$/, { error: MSG.invalid }), idSchema, { error: MSG.invalid }),
  priceGrosze: groszeSchema,
  promotionalPriceGrosze: blankAsNull(groszeSchema),
  quantity: stockQuantitySchema,
});

/** Product create/update (`POST /shops/products`, `PUT /shops/products/{id}`). */
export const productSchema = z
  .object({
    title: requiredString({ max: TITLE_MAX }),
    description: htmlSchema,
    tags: tagsSchema,
    images: z.array(imageRefSchema, { error: MSG.invalid }).max(50, { error: MSG.maxLength }).default([]),
    categories: ids,
    fields: ids,
    variants: z.array(variantSchema, { error: MSG.invalid }).max(500, { error: MSG.maxLength }).default([]),
    quantity: stockQuantitySchema.default(0),
    priceGrosze: groszeSchema,
    promotionalPriceGrosze: blankAsNull(groszeSchema),
    vatRate: vatRateSchema,
    isHidden: flag,
    isNew: flag,
    isSale: flag,
    isPremium: flag,
    isLayette: flag,
    isSet: flag,
    hasSlides: flag,
    slides: ids,
    slidesTitle: optionalText(TITLE_MAX),
    slidesDescription: optionalText(2000),
    processingTime: processingTimeSchema.default(DEFAULT_PROCESSING_TIME),
  })
  .superRefine((product, ctx) => {
    const fieldIds = new Set(product.fields.map(String));
    const seen = new Set<string>();
    product.variants.forEach((variant, index) => {
      const keys = Object.keys(variant.fields);
      if (keys.length === 0 || keys.some((key) => !fieldIds.has(key))) {
        ctx.addIssue({ code: "custom", path: ["variants", index, "fields"], message: MSG.invalid });
        return;
      }
      const key = variantKey(variant.fields);
      if (seen.has(key)) {
        ctx.addIssue({ code: "custom", path: ["variants", index, "fields"], message: MSG.invalid });
      }
      seen.add(key);
    });
  });
export type ProductPayload = z.output<typeof productSchema>;
export type ProductFormInput = z.input<typeof productSchema>;

/** Category create/update. */
export const categorySchema = z.object({
  title: requiredString({ max: TITLE_MAX }),
  parent: idSchema.nullable().default(null),
  order: stockQuantitySchema.default(0),
  image: blankAsNull(linkSchema),
});
export type CategoryPayload = z.output<typeof categorySchema>;

/** Bulk tree update (`PUT /shops/categories`): new parent and order of each category. */
export const categoriesOrderSchema = z.array(
  z.object({ _id: idSchema, parent: idSchema.nullable(), order: stockQuantitySchema }),
  { error: MSG.invalid },
);

export const fieldOptionSchema = z.object({
  _id: idSchema.optional(),
  title: requiredString({ max: TITLE_MAX }),
  description: optionalText(2000),
  image: blankAsNull(linkSchema),
});

/** Product field create/update. */
export const productFieldSchema = z.object({
  title: requiredString({ max: TITLE_MAX }),
  type: z.string({ error: MSG.invalid }).trim().max(50, { error: MSG.maxLength }).default("radio"),
  description: optionalText(2000),
  changePrice: flag,
  options: z
    .array(fieldOptionSchema, { error: MSG.required })
    .min(1, { error: MSG.required })
    .max(200, { error: MSG.maxLength }),
});
export type ProductFieldPayload = z.output<typeof productFieldSchema>;

/** Header slide (banner) create/update. */
export const headerSlideSchema = z.object({
  title: requiredString({ max: TITLE_MAX }),
  description: optionalText(1000),
  link: blankAsNull(linkSchema),
  image: z.object({ url: linkSchema }, { error: MSG.required }),
  order: stockQuantitySchema.default(0),
});
export type HeaderSlidePayload = z.output<typeof headerSlideSchema>;

/** Bulk order update (`PUT /shops/headers`). */
export const headerSlidesOrderSchema = z.array(z.object({ _id: idSchema, order: stockQuantitySchema }), {
  error: MSG.invalid,
});

/**
 * Static page link: the path the catch-all route serves ("o-nas", "poradniki/szycie"). A leading
 * "/" is dropped and the link is lower-cased; segments of a-z, 0-9, "-" and "_" only.
 */
export const pageLinkSchema = z
  .string({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.invalid) })
  .trim()
  .transform((value) => value.replace(/^\/+/, "").toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { error: MSG.required })
      .max(200, { error: MSG.maxLength })
      .regex(/^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*$/, { error: MSG.invalid }),
  );

/** Static page create/update. */
export const staticPageSchema = z.object({
  link: pageLinkSchema,
  title: requiredString({ max: TITLE_MAX }),
  image: blankAsNull(linkSchema),
  content: htmlSchema,
  protected: flag,
});
export type StaticPagePayload = z.output<typeof staticPageSchema>;

/** Blog article create/update. */
export const blogArticleSchema = z.object({
  title: requiredString({ max: TITLE_MAX }),
  tags: tagsSchema,
  image: imageRefSchema.nullable().default(null),
  content: htmlSchema,
  hasSlides: flag,
  slides: ids,
  slidesTitle: optionalText(TITLE_MAX),
  slidesDescription: optionalText(2000),
});
export type BlogArticlePayload = z.output<typeof blogArticleSchema>;
