import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Order, OrderCartItem, OrderStatusEntry, ProcessingTime } from "../../../domain/types";
import type { Db } from "../../db/client";
import { jsonRow, rowFromJson } from "../../db/json-rows";
import { orderItems, orderStatuses, orders, payments, users } from "../../db/schema";

// Reading orders as the order card shows them (SPEC §3 Order): the cart from order_items, the history
// from order_statuses (oldest first), read with the orders in one statement (JSON subqueries,
// server/db/json-rows.ts). A customer sees only their own orders.

export type OrderQueries = ReturnType<typeof createOrderQueries>;

const PROCESSING_TIMES: readonly ProcessingTime[] = ["1-2", "3-6", "7-9", "10-14"];

function processingTime(value: string): ProcessingTime {
  return (PROCESSING_TIMES as readonly string[]).includes(value) ? (value as ProcessingTime) : "1-2";
}

type OrderRow = typeof orders.$inferSelect;
type UserSummary = { id: number; displayName: string; email: string } | null;
type JsonRows = Record<string, unknown>[];

/** An order with its user, lines and statuses: one row per order. */
const orderSelection = {
  order: orders,
  user: { id: users.id, displayName: users.displayName, email: users.email },
  items: sql<JsonRows>`coalesce((select json_agg(${jsonRow(orderItems, sql`i`)} order by i.position, i.id)
    from order_items i where i.order_id = ${orders}.id), '[]'::json)`,
  statuses: sql<JsonRows>`coalesce((select json_agg(${jsonRow(orderStatuses, sql`s`)} order by s.created_at, s.id)
    from order_statuses s where s.order_id = ${orders}.id), '[]'::json)`,
};

/** An order line as the order shows it, from its order_items row (read, or as just written). */
export function orderCartItem(item: Omit<typeof orderItems.$inferSelect, "id">): OrderCartItem {
  return {
    product: item.productId,
    productTitle: item.productTitle,
    variantTitle: item.variantTitle,
    variantLabel: item.variantLabel,
    variantKeys: item.variantKeys,
    variant: item.variantId,
    unitPriceGrosze: item.unitPriceGrosze,
    quantity: item.quantity,
    priceGrosze: item.unitPriceGrosze * item.quantity,
    vatRate: item.vatRate,
  };
}

export function createOrderQueries(db: Db) {
  function toOrders(
    rows: { order: OrderRow; user: UserSummary; items: JsonRows; statuses: JsonRows }[],
  ): Order[] {
    const items = rows.flatMap((row) => row.items.map((item) => rowFromJson(orderItems, item)));
    const statuses = rows.flatMap((row) => row.statuses.map((entry) => rowFromJson(orderStatuses, entry)));
    const cartOf = new Map<number, OrderCartItem[]>();
    for (const item of items) {
      const cart = cartOf.get(item.orderId) ?? [];
      cart.push(orderCartItem(item));
      cartOf.set(item.orderId, cart);
    }
    const statusesOf = new Map<number, OrderStatusEntry[]>();
    for (const entry of statuses) {
      const list = statusesOf.get(entry.orderId) ?? [];
      list.push({
        status: entry.status,
        createdAt: entry.createdAt.toISOString(),
        hidden: entry.hidden,
        data: entry.data ?? null,
      });
      statusesOf.set(entry.orderId, list);
    }
    return rows.map(({ order, user }) => ({
      _id: order.id,
      orderNumber: order.orderNumber,
      createdAt: order.createdAt.toISOString(),
      status: order.status,
      statuses: statusesOf.get(order.id) ?? [],
      priceGrosze: order.priceGrosze,
      totalProductsGrosze: order.totalProductsGrosze,
      cart: cartOf.get(order.id) ?? [],
      delivery: {
        method: order.deliveryMethod,
        title: order.deliveryTitle,
        priceGrosze: order.deliveryPriceGrosze,
      },
      coupon: order.couponCode ? { code: order.couponCode } : null,
      couponDiscountGrosze: order.couponDiscountGrosze,
      maxProcessingTime: processingTime(order.maxProcessingTime),
      shipmentNumber: order.shipmentNumber,
      invoiceUrl: order.invoiceUrl,
      user: user ? { _id: user.id, displayName: user.displayName, email: user.email } : null,
      email: order.email,
      recipient: order.recipient,
      invoiceData: order.invoiceData,
      deliveryPoint: order.deliveryPoint ?? null,
      reservedUntil: order.reservedUntil ? order.reservedUntil.toISOString() : null,
    }));
  }

  return {
    /** The user's orders, newest first. */
    async listForUser(userId: number): Promise<Order[]> {
      const rows = await db
        .select(orderSelection)
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      return toOrders(rows);
    },

    /** Orders by id, in the order of `ids` (missing ones left out). */
    async getManyById(ids: readonly number[]): Promise<Order[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select(orderSelection)
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(inArray(orders.id, [...ids]));
      const byId = new Map(toOrders(rows).map((order) => [order._id, order]));
      return ids.map((id) => byId.get(id)).filter((order): order is Order => order !== undefined);
    },

    async getById(orderId: number): Promise<Order | null> {
      const rows = await db
        .select(orderSelection)
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, orderId))
        .limit(1);
      const [order] = toOrders(rows);
      return order ?? null;
    },

    /** getById with the language the order was placed in (its e-mails), in the same statement. */
    async getByIdWithLang(orderId: number): Promise<{ order: Order; lang: string } | null> {
      const rows = await db
        .select({ ...orderSelection, lang: orders.lang })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, orderId))
        .limit(1);
      const [order] = toOrders(rows);
      return order && rows[0] ? { order, lang: rows[0].lang } : null;
    },

    /** getByIdWithLang of several orders in one statement (a batch's e-mails and answers). */
    async getManyByIdWithLang(ids: readonly number[]): Promise<{ order: Order; lang: string }[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ ...orderSelection, lang: orders.lang })
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(inArray(orders.id, [...ids]));
      const found = toOrders(rows);
      return found.map((order, i) => ({ order, lang: rows[i]?.lang ?? "pl" }));
    },

    /** The order with this number whose e-mail matches (case-insensitive), else null. */
    async findByNumber(orderNumber: string, email: string): Promise<Order | null> {
      const rows = await db
        .select(orderSelection)
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(
          and(
            eq(orders.orderNumber, orderNumber.trim().toUpperCase()),
            sql`lower(${orders.email}) = ${email.trim().toLowerCase()}`,
          ),
        )
        .limit(1);
      const [order] = toOrders(rows);
      return order ?? null;
    },

    /** The redirect URL of the order's latest payment while it can still be paid, else null. */
    async openPaymentUrl(orderId: number): Promise<string | null> {
      const [payment] = await db
        .select({ status: payments.status, redirectUrl: payments.redirectUrl })
        .from(payments)
        .where(eq(payments.orderId, orderId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(1);
      return payment && (payment.status === "PAYMENT_NEW" || payment.status === "PAYMENT_PENDING")
        ? payment.redirectUrl
        : null;
    },

    /** One of the user's orders; null when it does not exist or belongs to someone else. */
    async getForUser(userId: number, orderId: number): Promise<Order | null> {
      const rows = await db
        .select(orderSelection)
        .from(orders)
        .leftJoin(users, eq(users.id, orders.userId))
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
        .limit(1);
      const [order] = toOrders(rows);
      return order ?? null;
    },
  };
}
