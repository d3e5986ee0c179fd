// "Powiadom mnie, gdy będzie dostępny" (issue 30, docs/decisions/080): the product page's form and
// the links of its e-mails. One schema for the browser and the server.

import { z } from "zod";
import { emailSchema, idFromTextSchema, optionalIdFromTextSchema } from "./common";
import { MSG } from "./messages";

/** The form: the product, the chosen variant (blank: the product as a whole) and the address. */
export const backInStockRequestSchema = z.object({
  productId: idFromTextSchema,
  variantId: optionalIdFromTextSchema,
  email: emailSchema,
});
export type BackInStockRequest = z.output<typeof backInStockRequestSchema>;

/** A link's token (43 characters of base64url; longer input is refused unread). */
export const backInStockTokenSchema = z
  .string({ error: MSG.invalid })
  .min(1, { error: MSG.invalid })
  .max(100, { error: MSG.invalid })
  .regex(/^[\w-]+$/, { error: MSG.invalid });
