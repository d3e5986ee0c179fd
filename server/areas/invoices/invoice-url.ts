import type { Order } from "../../../domain/types";

/** Where an order's invoice PDF is served (GET /api/orders/{orderNumber}/invoice, invoices.service.ts). */
export function invoiceUrlOf(order: Pick<Order, "orderNumber" | "email">): string {
  return `/api/orders/${encodeURIComponent(order.orderNumber)}/invoice?email=${encodeURIComponent(order.email)}`;
}
