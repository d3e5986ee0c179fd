import { z } from "zod";
import { idFromTextSchema, optionalIdFromTextSchema } from "../../domain/validation/common";

// The cart action's posted forms (web/routes/cart/cart.tsx; the fields of each intent are in
// web/lib/cart.ts). Server-only, so zod never ships with the cart's browser code.

const jsonRecordSchema = z.preprocess(
  (value) => {
    if (typeof value !== "string" || value.trim() === "") return {};
    try {
      return JSON.parse(value);
    } catch {
      return null;
    }
  },
  z
    .record(z.string().regex(/^[1-9]\d*$/), z.number().int().positive())
    .refine((r) => Object.keys(r).length <= 50),
);

/** intent=add: productId, variantId ("" = none), variantKeys (JSON: field id -> option id). */
export const addToCartFormSchema = z.object({
  productId: idFromTextSchema,
  variantId: optionalIdFromTextSchema,
  variantKeys: jsonRecordSchema,
});

/** intent=quantity: the line and its new quantity (0 removes it; the server caps it to the stock). */
export const quantityFormSchema = z.object({
  lineId: z.string().min(1).max(1000),
  quantity: z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number().int().min(0).max(999),
  ),
});

/** intent=remove: the line. */
export const removeFormSchema = z.object({ lineId: z.string().min(1).max(1000) });
