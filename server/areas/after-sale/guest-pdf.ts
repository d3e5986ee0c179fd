import { z } from "zod";
import { textSchema, urlIdParamsSchema } from "../../../domain/validation/common";
import { ORDER_NUMBER_MAX } from "../../../domain/validation/order";

/** `?orderNumber=&email=`: how a guest names the order of an after-sale PDF (a statement, a correction). */
export const guestOrderQuery = z.object({
  orderNumber: textSchema().trim().max(ORDER_NUMBER_MAX).optional(),
  email: textSchema().trim().max(254).optional(),
});

/**
 * The declaration of an after-sale PDF by id (`apiRoute({ ...GUEST_PDF, summary })`): its order's customer,
 * staff, or a guest naming the order (the rate-limited lookup); anyone else gets 404 as for an unknown id.
 */
export const GUEST_PDF = {
  tag: "orders",
  access: "owner",
  params: urlIdParamsSchema,
  querystring: guestOrderQuery,
  response: "application/pdf",
  errors: ["not-found", "rate-limited"],
} as const;
