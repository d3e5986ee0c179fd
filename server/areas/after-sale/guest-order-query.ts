import { z } from "zod";
import { textSchema } from "../../../domain/validation/common";
import { ORDER_NUMBER_MAX } from "../../../domain/validation/order";

/** `?orderNumber=&email=`: how a guest names the order of an after-sale PDF (a statement, a correction). */
export const guestOrderQuery = z.object({
  orderNumber: textSchema().trim().max(ORDER_NUMBER_MAX).optional(),
  email: textSchema().trim().max(254).optional(),
});
