// A bulk edit of the staff product list (issue 30, docs/decisions/074): which products (explicit ids,
// or the list's filter that the server runs again itself) and one operation. The same schema checks
// the browser's form and the API's body (POST /api/staff/products/bulk/preview and /apply).

import { z } from "zod";
import { BULK_PRICE_MAX_GROSZE, PRICE_ROUNDINGS, type PriceChange } from "../bulk-price";
import { STAFF_PRODUCT_FLAGS, staffProductQuerySchema } from "./catalog";
import { idSchema } from "./common";
import { MSG } from "./messages";

/** Products named one by one: at most a thousand (the list shows 20 a page). */
export const BULK_MAX_IDS = 1000;
/** Products one bulk edit may change, by ids or by a filter: more is refused as bulk/too-many. */
export const BULK_MAX_PRODUCTS = 5000;
/** What "−10 %" may be: more than 0, at most 1000 %, two decimals at most. */
export const BULK_MAX_PERCENT = 1000;

/** The filter exactly as the list's query parameters (?szukaj=, ?flaga=, …), without the page. */
export const bulkFilterSchema = staffProductQuerySchema.omit({ strona: true });
export type BulkFilter = z.output<typeof bulkFilterSchema>;

export const bulkSelectionSchema = z.union(
  [
    z.object({
      ids: z
        .array(idSchema, { error: MSG.invalid })
        .min(1, { error: MSG.required })
        .max(BULK_MAX_IDS, { error: MSG.maxLength })
        .transform((ids) => [...new Set(ids)]),
    }),
    z.object({ filter: bulkFilterSchema }),
  ],
  { error: MSG.invalid },
);
export type BulkSelection = z.output<typeof bulkSelectionSchema>;

const priceOperationSchema = z
  .object({
    kind: z.literal("price"),
    /** which of the two prices moves (a variant's too, when the product has variants) */
    target: z.enum(["price", "promotional"], { error: MSG.invalid }),
    direction: z.enum(["down", "up"], { error: MSG.invalid }),
    mode: z.enum(["percent", "amount"], { error: MSG.invalid }),
    /** percent: 0.01 … 1000 (two decimals); amount: grosze 1 … BULK_PRICE_MAX_GROSZE */
    value: z.number({ error: MSG.number }).positive({ error: MSG.minValue }),
    rounding: z.enum(PRICE_ROUNDINGS, { error: MSG.invalid }),
  })
  .superRefine((op, ctx) => {
    const hundredths = op.value * 100;
    const valid =
      op.mode === "percent"
        ? op.value <= BULK_MAX_PERCENT && Math.abs(hundredths - Math.round(hundredths)) < 1e-6
        : Number.isSafeInteger(op.value) && op.value <= BULK_PRICE_MAX_GROSZE;
    if (!valid) ctx.addIssue({ code: "custom", path: ["value"], message: MSG.invalid });
  });

// a plain union (each branch's `kind` tells them apart): its JSON schema is an anyOf the API table's
// tests walk (a discriminated union would be a oneOf)
export const bulkOperationSchema = z.union(
  [
    priceOperationSchema,
    /** a flag set or cleared; isHidden = hide or show */
    z.object({
      kind: z.literal("flag"),
      flag: z.enum(STAFF_PRODUCT_FLAGS, { error: MSG.invalid }),
      value: z.boolean({ error: MSG.invalid }),
    }),
    z.object({
      kind: z.literal("category"),
      action: z.enum(["add", "remove"], { error: MSG.invalid }),
      categoryId: idSchema,
    }),
  ],
  { error: MSG.invalid },
);
export type BulkOperation = z.output<typeof bulkOperationSchema>;
export type BulkPriceOperation = Extract<BulkOperation, { kind: "price" }>;

export const bulkPreviewSchema = z.object({ selection: bulkSelectionSchema, operation: bulkOperationSchema });
export type BulkPreviewRequest = z.output<typeof bulkPreviewSchema>;

/** A sha-256 in hex: what the preview answers as its fingerprint. */
export const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Apply: the preview's request and the fingerprint its answer gave (the figures staff saw). */
export const bulkApplySchema = bulkPreviewSchema.extend({
  fingerprint: z.string({ error: MSG.invalid }).regex(SHA256_HEX, { error: MSG.invalid }),
});
export type BulkApplyRequest = z.output<typeof bulkApplySchema>;

/** The domain's change of a price operation (domain/bulk-price.ts). */
export function priceChangeOf(op: BulkPriceOperation): PriceChange {
  const sign = op.direction === "down" ? -1 : 1;
  return op.mode === "percent"
    ? { mode: "percent", basisPoints: sign * Math.round(op.value * 100), rounding: op.rounding }
    : { mode: "amount", grosze: sign * op.value, rounding: op.rounding };
}
