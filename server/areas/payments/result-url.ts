import type { Order } from "../../../domain/types";

/** The order's result page (/gotowe), where a payment gateway sends the shopper back. */
export function resultUrlOf(order: Pick<Order, "orderNumber" | "email">): string {
  return `/gotowe?orderNumber=${encodeURIComponent(order.orderNumber)}&email=${encodeURIComponent(order.email)}`;
}
