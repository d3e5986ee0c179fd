// Staff forms and payloads for the catalogue and content (SPEC §3 entities, §2 moderator area).
// Prices are integer grosze (the web form converts "12,34" with parsePriceToGrosze). HTML fields
// are accepted as strings here; the server sanitises them before storing.

import { z } from "zod";
import { DEFAULT_VAT_RATE, TITLE_MAX, VAT_RATES } from "../constants";
import { parsePriceToGrosze } from "../money";
import { variantKey } from "../pricing";
import { DEFAULT_PROCESSING_TIME, processingTimeSchema } from "../processing-time";
import { isReservedPageLink } from "../reserved-links";
import { DEFAULT_PARCEL_SIZE, PARCEL_SIZES } from "../shipment";
import {
  blankAsNull,
  groszeSchema,
  idSchema,
  linkSchema,
  optionalText,
  requiredString,
  stockQuantitySchema,
  textSchema,
} from "./common";
import { MSG } from "./messages";
import { identityFormToPayload, productIdentitySchema, productSafetySchema } from "./product-identity";

const HTML_MAX = 200_000;
const htmlSchema = textSchema({ error: MSG.invalid }).max(HTML_MAX, { error: MSG.maxLength }).default("");
/**
 * English content (issue 30, ADR 078): optional beside the Polish text, blank = none (the Polish one
 * shows), with the Polish field's limit. English slugs are made on save from the English title.
 */
const englishTitle = optionalText(TITLE_MAX);
const productEnglishFields = { titleEn: englishTitle, descriptionEn: htmlSchema };
const flag = z.boolean({ error: MSG.invalid }).default(false);
const ids = z
  .array(idSchema, { error: MSG.invalid })
  .default([])
  .transform((list) => [...new Set(list)]);

/** Tags: trimmed, leading "#" removed, empty dropped, duplicates removed (case-insensitive). */
export const tagsSchema = z
  .array(textSchema({ error: MSG.invalid }).max(50, { error: MSG.maxLength }), { error: MSG.invalid })
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
  name: textSchema({ error: MSG.invalid }).trim().max(300, { error: MSG.maxLength }).default(""),
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

interface ProductPriceFields {
  priceGrosze: number;
  promotionalPriceGrosze: number | null;
}

/** Product create/update (`POST /shops/products`, `PUT /shops/products/{id}`). */
export const productSchema = z
  .object({
    title: requiredString({ max: TITLE_MAX }),
    description: htmlSchema,
    ...productEnglishFields,
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
    parcelSize: z.enum(PARCEL_SIZES, { error: MSG.invalid }).default(DEFAULT_PARCEL_SIZE),
    identity: productIdentitySchema,
    safety: productSafetySchema,
  })
  .superRefine((product, ctx) => {
    // a promotional price above the price would be charged as a "reduction" (issue 24)
    const promotionAbovePrice = (item: ProductPriceFields, path: (string | number)[]) => {
      if (item.promotionalPriceGrosze !== null && item.promotionalPriceGrosze > item.priceGrosze) {
        ctx.addIssue({
          code: "custom",
          path: [...path, "promotionalPriceGrosze"],
          message: MSG.promotionalPriceAbovePrice,
        });
      }
    };
    promotionAbovePrice(product, []);
    product.variants.forEach((variant, index) => {
      promotionAbovePrice(variant, ["variants", index]);
    });
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

/** A typed amount ("12,34", "12.34") -> grosze; blank -> undefined; "-5" -> a negative number. */
function priceInput(value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (value.trim() === "") return undefined;
  const grosze = parsePriceToGrosze(value);
  if (grosze !== null) return grosze;
  const number = Number(value.trim().replace(",", "."));
  return Number.isFinite(number) ? Math.round(number * 100) : value;
}

/** A typed whole number; blank -> undefined; "1,5" stays a fraction (-> the integer error). */
function numberInput(value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (value.trim() === "") return undefined;
  const number = Number(value.trim().replace(",", "."));
  return Number.isFinite(number) ? number : value;
}

function jsonInput(value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (value.trim() === "") return [];
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function idList(value: unknown): unknown {
  const list = Array.isArray(value) ? value : value === undefined || value === "" ? [] : [value];
  return list.map((item) => (typeof item === "string" && /^\d+$/.test(item) ? Number(item) : item));
}

/** The product's yes/no fields, in the form's order (the form, the product file). */
export const PRODUCT_FORM_FLAGS = [
  "isHidden",
  "isNew",
  "isSale",
  "isPremium",
  "isLayette",
  "isSet",
  "hasSlides",
] as const;

/**
 * The product form's values (text as typed: prices in zł, tags comma separated, checkboxes as
 * lists of ids, variants and images as JSON) -> the API payload shape. Error paths stay the
 * input names ("priceGrosze", "variants.0.priceGrosze").
 */
export function productFormToPayload(values: Record<string, unknown>): Record<string, unknown> {
  const variants = jsonInput(values.variants);
  return {
    ...values,
    tags: typeof values.tags === "string" ? values.tags.split(",") : values.tags,
    images: jsonInput(values.images),
    categories: idList(values.categories),
    fields: idList(values.fields),
    slides: idList(values.slides),
    variants: Array.isArray(variants)
      ? variants.map((row: unknown) => {
          if (typeof row !== "object" || row === null) return row;
          const variant = row as Record<string, unknown>;
          return {
            ...variant,
            priceGrosze: priceInput(variant.priceGrosze),
            promotionalPriceGrosze: priceInput(variant.promotionalPriceGrosze) ?? null,
            quantity: numberInput(variant.quantity),
          };
        })
      : variants,
    priceGrosze: priceInput(values.priceGrosze),
    promotionalPriceGrosze: priceInput(values.promotionalPriceGrosze) ?? null,
    quantity: numberInput(values.quantity),
    vatRate: numberInput(values.vatRate),
    ...Object.fromEntries(
      PRODUCT_FORM_FLAGS.map((flag) => [flag, values[flag] === true || values[flag] === "on"]),
    ),
    ...identityFormToPayload(values),
  };
}

/** The staff product form (browser and action): the same rules as productSchema. */
export const productFormSchema = z.preprocess(
  (values) =>
    typeof values === "object" && values !== null
      ? productFormToPayload(values as Record<string, unknown>)
      : values,
  productSchema,
);

/** Flags of the staff product list filter (`?flaga=`). */
export const STAFF_PRODUCT_FLAGS = [
  "isHidden",
  "isNew",
  "isSale",
  "isPremium",
  "isLayette",
  "isSet",
] as const;
export type StaffProductFlag = (typeof STAFF_PRODUCT_FLAGS)[number];

/** The staff product list (`GET /shops/products/staff`, /konto/sklep/produkty): search, a flag, a page. */
export const staffProductQuerySchema = z.object({
  szukaj: textSchema().trim().max(200).catch("").default(""),
  flaga: z.enum(STAFF_PRODUCT_FLAGS).optional().catch(undefined),
  /** "brak": visible products that lack product safety information (GPSR, domain/gpsr.ts) */
  gpsr: z.enum(["brak"]).optional().catch(undefined),
  /** "brak": visible products without an English title (issue 30) */
  angielski: z.enum(["brak"]).optional().catch(undefined),
  strona: z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number().int().min(1).max(100_000).catch(1).default(1),
  ),
});
export type StaffProductQuery = z.output<typeof staffProductQuerySchema>;

/** The most products the related-products picker's search answers with. */
export const PRODUCT_CHOICE_MAX = 20;

/**
 * The related-products picker's search (`GET /shops/products/choice`): a title or SKU fragment (or
 * an id), at most `limit` products; ids to leave out (the product itself, the chips already chosen).
 */
export const productChoiceQuerySchema = z.object({
  szukaj: textSchema().trim().max(200).catch("").default(""),
  limit: z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number().int().min(1).max(PRODUCT_CHOICE_MAX).catch(10).default(10),
  ),
});
export type ProductChoiceQuery = z.output<typeof productChoiceQuerySchema>;

/** One product the picker offers. */
export interface ProductChoice {
  _id: number;
  title: string;
  sku: string | null;
  isHidden: boolean;
}

/** Category create (`POST /shops/categories`); parent null = first level below root; no order = last. */
export const categorySchema = z.object({
  title: requiredString({ max: TITLE_MAX }),
  titleEn: englishTitle,
  parent: idSchema.nullable().default(null),
  order: stockQuantitySchema.optional(),
  image: blankAsNull(linkSchema),
});
export type CategoryPayload = z.output<typeof categorySchema>;

/** Category update (`PUT /shops/categories/{id}`): only the fields sent change (rename, parent, image). */
export const categoryUpdateSchema = z.object({
  title: requiredString({ max: TITLE_MAX }).optional(),
  titleEn: optionalText(TITLE_MAX).optional(),
  parent: idSchema.nullable().optional(),
  order: stockQuantitySchema.optional(),
  image: blankAsNull(linkSchema).optional(),
});
export type CategoryUpdatePayload = z.output<typeof categoryUpdateSchema>;

/** Bulk tree update (`PUT /shops/categories`): new parent and order of each category. */
export const categoriesOrderSchema = z.array(
  z.object({ _id: idSchema, parent: idSchema.nullable(), order: stockQuantitySchema }),
  { error: MSG.invalid },
);

export const fieldOptionSchema = z.object({
  _id: idSchema.optional(),
  title: requiredString({ max: TITLE_MAX }),
  description: optionalText(2000),
  titleEn: englishTitle,
  descriptionEn: optionalText(2000),
  image: blankAsNull(linkSchema),
});

/** How a product field is shown: radio buttons or a select. */
export const PRODUCT_FIELD_TYPES = ["radio", "select"] as const;

/** Product field create/update (options: with _id = kept and updated, without = new, missing = removed). */
export const productFieldSchema = z.object({
  title: requiredString({ max: TITLE_MAX }),
  type: z.enum(PRODUCT_FIELD_TYPES, { error: MSG.invalid }).default("radio"),
  description: optionalText(2000),
  titleEn: englishTitle,
  descriptionEn: optionalText(2000),
  changePrice: flag,
  options: z
    .array(fieldOptionSchema, { error: MSG.required })
    .min(1, { error: MSG.required })
    .max(200, { error: MSG.maxLength }),
});
export type ProductFieldPayload = z.output<typeof productFieldSchema>;

/** Header slide (banner) create/update; without an order a new slide is last and an edited one keeps its place. */
export const headerSlideSchema = z.object({
  title: requiredString({ max: TITLE_MAX }),
  description: optionalText(1000),
  titleEn: englishTitle,
  descriptionEn: optionalText(1000),
  link: blankAsNull(linkSchema),
  image: z.object({ url: linkSchema }, { error: MSG.required }),
  order: stockQuantitySchema.optional(),
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
      .regex(/^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*$/, { error: MSG.invalid })
      // a page must not shadow an app route or a server path (/koszyk, /api/health)
      .refine((link) => !isReservedPageLink(link), { error: MSG.reservedLink }),
  );

/**
 * A page's English link (ADR 078: a second path to the page): blank = none, otherwise the rules of
 * `pageLinkSchema`. That it is free among the pages' links and English links the service checks.
 */
export const pageLinkEnSchema = z.preprocess(
  (value) =>
    value === undefined ||
    value === null ||
    (typeof value === "string" && value.trim().replace(/^\/+/, "") === "")
      ? ""
      : value,
  z.union([z.literal(""), pageLinkSchema], { error: MSG.invalid }),
);

/** Static page create/update. */
export const staticPageSchema = z.object({
  link: pageLinkSchema,
  title: requiredString({ max: TITLE_MAX }),
  image: blankAsNull(linkSchema),
  content: htmlSchema,
  titleEn: englishTitle,
  linkEn: pageLinkEnSchema,
  contentEn: htmlSchema,
  protected: flag,
});
export type StaticPagePayload = z.output<typeof staticPageSchema>;

/** Blog article create/update. */
export const blogArticleSchema = z.object({
  title: requiredString({ max: TITLE_MAX }),
  tags: tagsSchema,
  image: imageRefSchema.nullable().default(null),
  content: htmlSchema,
  titleEn: englishTitle,
  contentEn: htmlSchema,
  hasSlides: flag,
  slides: ids,
  slidesTitle: optionalText(TITLE_MAX),
  slidesDescription: optionalText(2000),
});
export type BlogArticlePayload = z.output<typeof blogArticleSchema>;
