import { isShopModerator } from "../../../domain/roles";
import type { Order, PublicUser } from "../../../domain/types";
import { fail, ok, type Result } from "../../lib/result";
import type { OrderQueries } from "../orders/orders.queries";

// Who may read a document of an order's after-sale (issue 27): staff, the order's signed-in
// customer, or anyone naming the order by its number and e-mail (the rate-limited guest lookup).
// Everyone else is answered as if the document did not exist.

export interface OrderReader {
  user: PublicUser | null;
  /** a guest's (or any caller's) order number and the order's e-mail */
  orderNumber?: string;
  email?: string;
  ip: string;
}

export interface OrderReaderDependencies {
  queries: Pick<OrderQueries, "getForUser">;
  /** the rate-limited guest lookup of the orders area (orders.service.ts lookup) */
  lookup(orderNumber: string, email: string, ip: string): Promise<Result<Order>>;
}

/** May the reader see this order's after-sale documents? Fails only when the guest lookup is rate-limited. */
export async function mayReadOrder(
  deps: OrderReaderDependencies,
  reader: OrderReader,
  orderId: number,
): Promise<Result<boolean>> {
  if (reader.orderNumber && reader.email) {
    const found = await deps.lookup(reader.orderNumber, reader.email, reader.ip);
    if (!found.ok && found.code === "rate-limited") return fail("rate-limited");
    if (found.ok && found.value._id === orderId) return ok(true);
  }
  if (!reader.user) return ok(false);
  if (isShopModerator(reader.user)) return ok(true);
  return ok((await deps.queries.getForUser(reader.user._id, orderId)) !== null);
}
