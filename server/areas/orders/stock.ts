import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderItems, orders, products, productVariants } from "../../db/schema";

// Units an order holds. Taking is a conditional decrement (`… WHERE quantity >= n`), so stock never
// goes below zero whatever the concurrency; giving back is a plain increment. Both flip
// orders.stock_reserved in the same transaction, so an order never gives back twice.

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface StockLine {
  productId: number | null;
  variantId: number | null;
  quantity: number;
  productTitle: string;
}

export interface StockShortage {
  productId: number | null;
  variantId: number | null;
  product: string;
  /** units left when the decrement failed */
  available: number;
}

/** Takes the units of each line; returns the first shortage (the caller rolls back) or null. */
export async function takeStock(tx: Tx, lines: readonly StockLine[]): Promise<StockShortage | null> {
  // one global row order (variants by id, then products by id) so two orders never deadlock
  const ordered = [...lines].sort(
    (a, b) =>
      Number(a.variantId === null) - Number(b.variantId === null) ||
      (a.variantId ?? 0) - (b.variantId ?? 0) ||
      (a.productId ?? 0) - (b.productId ?? 0),
  );
  for (const line of ordered) {
    if (line.variantId !== null) {
      const taken = await tx
        .update(productVariants)
        .set({ quantity: sql`${productVariants.quantity} - ${line.quantity}` })
        .where(and(eq(productVariants.id, line.variantId), gte(productVariants.quantity, line.quantity)))
        .returning({ id: productVariants.id });
      if (taken.length === 0) {
        const [row] = await tx
          .select({ quantity: productVariants.quantity })
          .from(productVariants)
          .where(eq(productVariants.id, line.variantId));
        return { ...shortageOf(line), available: row?.quantity ?? 0 };
      }
    } else if (line.productId !== null) {
      const taken = await tx
        .update(products)
        .set({ quantity: sql`${products.quantity} - ${line.quantity}` })
        .where(and(eq(products.id, line.productId), gte(products.quantity, line.quantity)))
        .returning({ id: products.id });
      if (taken.length === 0) {
        const [row] = await tx
          .select({ quantity: products.quantity })
          .from(products)
          .where(eq(products.id, line.productId));
        return { ...shortageOf(line), available: row?.quantity ?? 0 };
      }
    }
  }
  return null;
}

function shortageOf(line: StockLine) {
  return { productId: line.productId, variantId: line.variantId, product: line.productTitle };
}

async function linesOf(tx: Tx, orderId: number): Promise<StockLine[]> {
  return tx
    .select({
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      quantity: orderItems.quantity,
      productTitle: orderItems.productTitle,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

/**
 * Gives an order's units back once (only while it holds them). Lines whose product or variant
 * was deleted are skipped. Returns true when units were given back.
 */
export async function releaseOrderStock(tx: Tx, orderId: number): Promise<boolean> {
  const flipped = await tx
    .update(orders)
    .set({ stockReserved: false, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.stockReserved, true)))
    .returning({ id: orders.id });
  if (flipped.length === 0) return false;
  for (const line of await linesOf(tx, orderId)) {
    if (line.variantId !== null) {
      await tx
        .update(productVariants)
        .set({ quantity: sql`${productVariants.quantity} + ${line.quantity}` })
        .where(eq(productVariants.id, line.variantId));
    } else if (line.productId !== null) {
      await tx
        .update(products)
        .set({ quantity: sql`${products.quantity} + ${line.quantity}` })
        .where(eq(products.id, line.productId));
    }
  }
  return true;
}

/**
 * Takes an order's units again (a retried or late-confirmed payment after they were given back).
 * Returns null when done (or already held), else the shortage — the caller decides.
 */
export async function reserveOrderStockAgain(tx: Tx, orderId: number): Promise<StockShortage | null> {
  const [order] = await tx
    .select({ stockReserved: orders.stockReserved })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.stockReserved) return null;
  const shortage = await takeStock(tx, await linesOf(tx, orderId));
  if (shortage) return shortage;
  await tx.update(orders).set({ stockReserved: true }).where(eq(orders.id, orderId));
  return null;
}
