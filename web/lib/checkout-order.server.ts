import type { AppLoadContext } from "react-router";
import type { Order } from "../../domain/types";
import { orderLookupSchema } from "../../domain/validation/order";

// The guest order lookup of /gotowe and /zamowienie (query orderNumber and email): the order whose
// number and e-mail match, else null (a missing or malformed query is simply "not found"). Counted by
// the guest-lookup rate limit (per order number and per address), like the API's lookups.

export interface OrderLookup {
  orderNumber: string;
  email: string;
}

export function lookupFromUrl(request: Request): OrderLookup | null {
  const url = new URL(request.url);
  const parsed = orderLookupSchema.safeParse({
    orderNumber: url.searchParams.get("orderNumber") ?? "",
    email: url.searchParams.get("email") ?? "",
  });
  return parsed.success ? parsed.data : null;
}

/** The order, or null when not found (or when this address tried too many lookups: same answer). */
export async function findOrder(context: AppLoadContext, lookup: OrderLookup | null): Promise<Order | null> {
  if (!lookup) return null;
  const result = await context.services.orders.lookup(lookup.orderNumber, lookup.email, context.ip);
  return result.ok ? result.value : null;
}
