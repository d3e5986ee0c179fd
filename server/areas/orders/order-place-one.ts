import { eq } from "drizzle-orm";
import type { PriceChangedDetails } from "../../../domain/types";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { orderItems, orderStatuses, orders } from "../../db/schema";
import { FailureError, fail, ok, type Result } from "../../lib/result";
import { loadCartCatalog } from "../cart/cart.catalog";
import { lockedCoupon } from "../coupons/coupon-apply";
import { newOrderNumber } from "./order-number";
import type { CreatedOrder, OrdersDependencies, PreparedOrder, WrittenOrder } from "./order-placing";
import { priceLines, totalsOf } from "./order-pricing";
import { itemRows, orderAsWritten, orderRow } from "./order-rows";
import { takeStock } from "./stock";

// The one-order path: an order in its own transaction (an order with a coupon, a batch of one, and
// every order of a refused batch), and the replay of an order already placed with the same
// Idempotency-Key. After the commit its payment and e-mail stages are `finish`'s (order-stages.ts).

export function createOneOrderPath(
  db: Db,
  config: Config,
  deps: Pick<OrdersDependencies, "queries" | "startPayment" | "resultUrl">,
  finish: (order: WrittenOrder) => Promise<Result<CreatedOrder>>,
) {
  /**
   * The order already placed with this key, as its replay; order/idempotency-key-reused when it was
   * placed with another request; null when there is none.
   */
  async function existingByKey(key: string, fingerprint: string): Promise<Result<CreatedOrder> | null> {
    const [row] = await db
      .select({ id: orders.id, fingerprint: orders.requestFingerprint })
      .from(orders)
      .where(eq(orders.idempotencyKey, key));
    if (!row) return null;
    // orders placed before fingerprints were stored (null) are answered as before
    if (row.fingerprint !== null && row.fingerprint !== fingerprint)
      return fail("order/idempotency-key-reused");
    const existing = await continueOrder(row.id);
    return existing ? ok(existing) : null;
  }

  /** A replayed request: the same order, and where to send the shopper now. */
  async function continueOrder(orderId: number): Promise<CreatedOrder | null> {
    const order = await deps.queries.getById(orderId);
    if (!order) return null;
    if (order.status === "NEW") {
      const started = await deps.startPayment(order._id);
      const fresh = (await deps.queries.getById(orderId)) ?? order;
      return {
        order: fresh,
        redirectUrl: started.ok ? started.value.redirectUrl : deps.resultUrl(order),
        replayed: true,
      };
    }
    const pending = await deps.queries.openPaymentUrl(orderId);
    return { order, redirectUrl: pending ?? deps.resultUrl(order), replayed: true };
  }

  /** One order in its own transaction; a refusal is thrown as a FailureError (nothing written). */
  async function writeOne(order: PreparedOrder): Promise<WrittenOrder> {
    const { payload, user, email } = order;
    const now = new Date();
    return db.transaction(async (tx) => {
      const catalog = await loadCartCatalog(
        tx,
        payload.cart.map((line) => line.productId),
      );
      const lines = priceLines(catalog, payload);
      if (!Array.isArray(lines)) throw new FailureError(lines);
      const productsGrosze = lines.reduce((sum, l) => sum + l.unitPriceGrosze * l.quantity, 0);
      const coupon =
        payload.coupon === null
          ? null
          : await lockedCoupon(
              tx,
              payload.coupon,
              productsGrosze,
              { userId: user?._id ?? null, email },
              now,
              order.couponProven,
              config.orderPaymentTimeoutMinutes,
            );
      if (payload.coupon !== null && !coupon) throw new FailureError(fail("coupon/invalid"));
      const totals = totalsOf(lines, payload, coupon, now);
      if (totals.totalGrosze !== payload.priceGrosze) {
        const details: PriceChangedDetails = {
          totalGrosze: totals.totalGrosze,
          productsGrosze: totals.productsGrosze,
          deliveryGrosze: totals.deliveryGrosze,
          couponDiscountGrosze: totals.couponDiscountGrosze,
          unitPricesGrosze: lines.map((l) => l.unitPriceGrosze),
        };
        throw new FailureError(fail("order/price-changed", undefined, { ...details }));
      }
      const shortage = await takeStock(tx, lines);
      if (shortage) throw new FailureError(fail("order/out-of-stock", undefined, { ...shortage }));

      const orderNumber = newOrderNumber(now);
      const values = orderRow(config, order, totals, coupon, orderNumber, now);
      const [row] = await tx
        .insert(orders)
        .values(values)
        .returning({ id: orders.id, createdAt: orders.createdAt });
      if (!row) throw new Error("orders insert returned nothing");
      await tx.insert(orderItems).values(itemRows(row.id, lines));
      await tx.insert(orderStatuses).values({ orderId: row.id, status: "NEW", createdAt: now });
      return {
        id: row.id,
        orderNumber,
        email,
        priceGrosze: totals.totalGrosze,
        order: orderAsWritten(order, { ...values, ...row }, lines, now),
        lang: order.lang,
      };
    });
  }

  /**
   * The one-order path up to the commit (an order with a coupon, a batch of one, and every order of
   * a refused batch): the answer when it is already known (a replay, a refusal), else the order written.
   */
  async function placeOne(order: PreparedOrder): Promise<Result<CreatedOrder> | WrittenOrder> {
    const { key } = order;
    if (key) {
      const existing = await existingByKey(key, order.fingerprint);
      if (existing) {
        // the same request again: its code was proven when the order was placed
        if (existing.ok) order.couponProven?.();
        return existing;
      }
    }
    try {
      return await writeOne(order);
    } catch (error) {
      if (error instanceof FailureError) return error.failure;
      // the same key committed by a concurrent request: answer with that order
      if (key && isUniqueViolation(error, "orders_idempotency_key_unique")) {
        const existing = await existingByKey(key, order.fingerprint);
        if (existing) return existing;
      }
      throw error;
    }
  }

  async function createOne(order: PreparedOrder): Promise<Result<CreatedOrder>> {
    const placed = await placeOne(order);
    return "ok" in placed ? placed : finish(placed);
  }

  return { createOne, existingByKey };
}
