// The cart lines the checkout page showed (a hidden input, JSON), posted back with "Przejdź do
// płatności" so the server can say per line what changed since (domain/cart-changes.ts). Anything
// malformed reads as "nothing seen": the order is then checked by its total only, as before.

import { z } from "zod";
import type { SeenCartLine } from "../cart-changes";
import { groszeSchema, textSchema } from "./common";
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from "./order";

const seenCartLineSchema = z.object({
  lineId: textSchema().max(500),
  title: textSchema().max(500),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  unitPriceGrosze: groszeSchema,
});

export const seenCartSchema = z.array(seenCartLineSchema).max(MAX_ORDER_LINES);

/** The posted seen cart, or [] when missing or malformed. */
export function parseSeenCart(value: unknown): SeenCartLine[] {
  if (typeof value !== "string" || value.length === 0 || value.length > 100_000) return [];
  try {
    const parsed = seenCartSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
