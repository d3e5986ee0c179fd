import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { isLang, type Lang } from "../../../domain/i18n";
import type { Order, PublicUser } from "../../../domain/types";
import type { Db, Tx } from "../../db/client";
import { orders } from "../../db/schema";
import { FailureError, fail } from "../../lib/result";
import type { OrderQueries } from "../orders/orders.queries";

// What the withdrawal and the complaint share (issue 27): the order a shopper names, and the page's
// language of an API request.

/** The signed-in customer's own order with this number, else the guest's (number + the order's e-mail). */
export async function findCaseOrder(
  db: Db,
  queries: OrderQueries,
  number: string,
  email: string,
  user: PublicUser | null,
): Promise<Order | null> {
  if (user) {
    const [own] = await db
      .select({ id: orders.id, userId: orders.userId })
      .from(orders)
      .where(eq(orders.orderNumber, number.trim().toUpperCase()))
      .limit(1);
    if (own && own.userId === user._id) return queries.getForUser(user._id, own.id);
  }
  return queries.findByNumber(number, email);
}

/** The language a statement is written in: the page's (the lang cookie), Polish by default. */
export function requestLang(request: FastifyRequest): Lang {
  const value = request.cookies.lang;
  return value && isLang(value) ? value : "pl";
}

/** The order's row locked for a new case (one statement of an order at a time); refused when gone. */
export async function lockOrderForCase(tx: Tx, orderId: number): Promise<{ status: string }> {
  const [locked] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!locked) throw new FailureError(fail("order/not-found"));
  return locked;
}
