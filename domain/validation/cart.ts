// The saved cart (cookie) is untrusted input: parse it leniently, dropping malformed lines.

import { z } from "zod";
import type { SavedCartLine } from "../cart";
import { idSchema } from "./common";

export const savedCartLineSchema = z.object({
  productId: idSchema,
  variantId: idSchema.nullable().default(null),
  variantKeys: z.record(z.string().regex(/^[1-9]\d*$/), idSchema).default({}),
  quantity: z.number().int().min(1).max(999),
  variantTitle: z.string().max(500).optional(),
  variantLabel: z.string().max(1000).optional(),
});

/** Valid lines of a saved cart (a JSON string or an already parsed value); anything else -> []. */
export function parseSavedCart(value: unknown): SavedCartLine[] {
  let data = value;
  if (typeof value === "string") {
    try {
      data = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(data)) return [];
  const lines: SavedCartLine[] = [];
  for (const item of data) {
    const result = savedCartLineSchema.safeParse(item);
    if (result.success) lines.push(result.data);
  }
  return lines;
}
