// Stock changes of the warehouse screen and API (issue 6): `PUT /api/shops/warehouse` takes every
// changed row at once; quantities are whole numbers from 0. A row may carry the quantity the screen
// loaded (`loadedQuantity`): when an order (or another person) changed the stock since, the whole
// save is refused naming the row, rather than overwriting that change (ADR 038).

import { z } from "zod";
import { idSchema, stockQuantitySchema, textSchema } from "./common";
import { MSG } from "./messages";

export const stockChangeSchema = z.object({
  productId: idSchema,
  /** null: the product itself (a product without variants) */
  variantId: idSchema.nullable().default(null),
  quantity: stockQuantitySchema,
  /** the stock the screen showed when it was loaded; omitted: set regardless (the CSV import) */
  loadedQuantity: stockQuantitySchema.optional(),
});
export type StockChange = z.output<typeof stockChangeSchema>;

/** The bulk update: at most one entry per product/variant. */
export const stockChangesSchema = z
  .array(stockChangeSchema, { error: MSG.invalid })
  .max(5_000, { error: MSG.maxLength })
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      const key = `${row.productId}:${row.variantId ?? ""}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: [index], message: MSG.invalid });
      seen.add(key);
    });
  });

/** Warehouse list filters (`GET /api/shops/warehouse`, /konto/sklep/magazyn). */
export const warehouseQuerySchema = z.object({
  szukaj: textSchema().trim().max(200).catch("").default(""),
  /** "tak": only rows at a low level (0 or 1) */
  niski: z
    .string()
    .optional()
    .transform((value) => value === "tak" || value === "true" || value === "1"),
});
export type WarehouseQuery = z.output<typeof warehouseQuerySchema>;
