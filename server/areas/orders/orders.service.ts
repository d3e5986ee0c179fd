import { createHash } from "node:crypto";
import { and, eq, ne, or, sql } from "drizzle-orm";
import { couponRejection } from "../../../domain/coupon";
import { deliveryMethod } from "../../../domain/delivery";
import type { Lang } from "../../../domain/i18n";
import { effectivePriceGrosze } from "../../../domain/pricing";
import { orderTotals } from "../../../domain/totals";
import type { Order, PriceChangedDetails, ProcessingTime, PublicUser } from "../../../domain/types";
import { parseForm } from "../../../domain/validation/errors";
import { makeOrderCreateSchema, type OrderCreatePayload } from "../../../domain/validation/order";
import { describeSelection, type FieldLike, normalizeSelection } from "../../../domain/variants";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { coupons, orderItems, orderStatuses, orders } from "../../db/schema";
import { type Failure, FailureError, fail, ok, type Result } from "../../http/errors";
import { loadCartCatalog } from "../cart/cart.catalog";
import { newOrderNumber } from "./order-number";
import type { OrderQueries } from "./orders.queries";
import { type StockLine, type Tx, takeStock } from "./stock";

// Placing an order (SPEC §3 Order create payload, DESIGN.md "The server is the authority"):
// the server recomputes every price, the delivery price, the coupon and the total from the
// database inside one transaction that also takes the stock (conditional decrements) and counts
// the coupon's uses under the coupon row's lock. A total that differs from what the client showed
// is refused with the fresh figures. An Idempotency-Key makes a retried request return the same
// order. The payment is registered after the commit (a network call never holds a transaction).

export interface CreateOrderInput {
  /** the POST /api/orders body (or the checkout form turned into that shape); parsed here */
  body: unknown;
  user: PublicUser | null;
  lang: Lang;
  /** Idempotency-Key header / the checkout form's hidden key: a retry returns the same order */
  idempotencyKey: string | null;
  /** the client's address (rate limit of the confirmation e-mail re-sent to an unapproved user) */
  ip?: string;
}

export interface CreatedOrder {
  order: Order;
  /** where the browser goes to pay (relative for the demo bank, absolute for Paynow) */
  redirectUrl: string;
}

/** What the orders service needs from the payments and accounts services. */
export interface OrdersDependencies {
  queries: OrderQueries;
  /**
   * registers a payment for a committed order; fails with payment/unavailable (stock given back).
   * `known`: the order just created (its first payment), so the payments service reads nothing back.
   */
  startPayment(
    orderId: number,
    known?: { orderNumber: string; email: string; priceGrosze: number },
  ): Promise<Result<{ redirectUrl: string }>>;
  /** where an order's shopper goes when no new payment is needed */
  resultUrl(order: Pick<Order, "orderNumber" | "email">): string;
  /** sends the "order received" e-mail (best effort) of the order as just read */
  orderReceived(found: { order: Order; lang: string }): Promise<void>;
  resendConfirmation(user: PublicUser, ip: string, lang: Lang): Promise<void>;
  /** counts a guest lookup of an order number from an address; false when over the limit */
  allowLookup(orderNumber: string, ip: string): Promise<boolean>;
}

export type OrdersService = ReturnType<typeof createOrdersService>;

const MAX_IDEMPOTENCY_KEY = 100;

/**
 * The stored form of a client's Idempotency-Key: hashed together with who is asking (account, or the
 * guest's e-mail), so a key another shopper happens to use (or guesses) never returns their order.
 */
function scopedIdempotencyKey(key: string | null, user: PublicUser | null, email: string): string | null {
  const trimmed = key?.trim().slice(0, MAX_IDEMPOTENCY_KEY);
  if (!trimmed) return null;
  const who = user ? `user:${user._id}` : `guest:${email}`;
  return createHash("sha256").update(`${who}|${trimmed}`).digest("base64url");
}

interface PricedLine extends StockLine {
  productId: number;
  variantTitle: string;
  variantLabel: string;
  variantKeys: Record<string, number>;
  unitPriceGrosze: number;
  vatRate: number;
  processingTime: ProcessingTime;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === "23505") {
      return (
        candidate.constraint === constraint ||
        (typeof candidate.message === "string" && candidate.message.includes(constraint))
      );
    }
    current = candidate.cause;
  }
  return false;
}

export function createOrdersService(db: Db, config: Config, deps: OrdersDependencies) {
  /** Prices every line from the database (or fails: hidden, missing, variant not on the product). */
  async function priceLines(tx: Tx, payload: OrderCreatePayload): Promise<PricedLine[] | Failure> {
    const catalog = await loadCartCatalog(
      tx,
      payload.cart.map((line) => line.productId),
    );
    const priced: PricedLine[] = [];
    for (const line of payload.cart) {
      const product = catalog.products.get(line.productId);
      if (!product || product.isHidden)
        return fail("product/unavailable", undefined, { productId: line.productId });
      const fields = product.fields
        .map((id) => catalog.fields.get(id))
        .filter((field): field is FieldLike => field !== undefined);
      let keys = normalizeSelection(fields, line.variantKeys);
      let priceSource: { priceGrosze: number; promotionalPriceGrosze: number | null } = product;
      let variantId: number | null = null;
      if (product.variants.length > 0) {
        const variant = product.variants.find((v) => v._id === line.variantId);
        if (!variant) return fail("product/unavailable", undefined, { productId: product._id });
        keys = { ...keys, ...variant.fields };
        priceSource = variant;
        variantId = variant._id;
      } else if (line.variantId !== null) {
        return fail("product/unavailable", undefined, { productId: product._id });
      }
      const { variantTitle, variantLabel } = describeSelection(fields, keys);
      priced.push({
        productId: product._id,
        variantId,
        quantity: line.quantity,
        productTitle: product.title,
        variantTitle,
        variantLabel,
        variantKeys: keys,
        unitPriceGrosze: effectivePriceGrosze(priceSource),
        vatRate: product.vatRate,
        processingTime: product.processingTime,
      });
    }
    return priced;
  }

  /** The coupon row locked for this transaction, checked against its dates and limits. */
  async function lockedCoupon(
    tx: Tx,
    couponId: number,
    productsGrosze: number,
    customer: { userId: number | null; email: string },
    now: Date,
  ) {
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for("update");
    if (!coupon) return null;
    const notCanceled = and(eq(orders.couponId, coupon.id), ne(orders.status, "CANCELED"));
    const sameCustomer =
      customer.userId !== null
        ? or(eq(orders.userId, customer.userId), sql`lower(${orders.email}) = ${customer.email}`)
        : sql`lower(${orders.email}) = ${customer.email}`;
    const [usage] = await tx
      .select({
        total: sql<number>`count(*)::int`,
        byCustomer: sql<number>`count(*) filter (where ${sameCustomer})::int`,
      })
      .from(orders)
      .where(notCanceled);
    const rejection = couponRejection(
      {
        startDate: coupon.startDate.toISOString(),
        endDate: coupon.endDate.toISOString(),
        usageLimit: coupon.usageLimit,
        usageLimitPerCustomer: coupon.usageLimitPerCustomer,
        minOrderGrosze: coupon.minOrderGrosze,
      },
      now,
      productsGrosze,
      { usesTotal: usage?.total ?? 0, usesByCustomer: usage?.byCustomer ?? 0 },
    );
    return rejection ? null : coupon;
  }

  async function existingByKey(key: string): Promise<CreatedOrder | null> {
    const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, key));
    if (!row) return null;
    return continueOrder(row.id);
  }

  /** A replayed request: the same order, and where to send the shopper now. */
  async function continueOrder(orderId: number): Promise<CreatedOrder | null> {
    const order = await deps.queries.getById(orderId);
    if (!order) return null;
    if (order.status === "NEW") {
      const started = await deps.startPayment(order._id);
      const fresh = (await deps.queries.getById(orderId)) ?? order;
      return { order: fresh, redirectUrl: started.ok ? started.value.redirectUrl : deps.resultUrl(order) };
    }
    const pending = await deps.queries.openPaymentUrl(orderId);
    return { order, redirectUrl: pending ?? deps.resultUrl(order) };
  }

  return {
    async create(input: CreateOrderInput): Promise<Result<CreatedOrder>> {
      const { user } = input;
      if (user && !user.approved) {
        await deps.resendConfirmation(user, input.ip ?? "unknown", input.lang).catch(() => {});
        return fail("checkout/account-not-approved");
      }
      const parsed = parseForm(makeOrderCreateSchema({ requireRecipientEmail: !user }), input.body);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const payload = parsed.data;
      const email = (user?.email ?? payload.recipient.email ?? "").toLowerCase();
      const key = scopedIdempotencyKey(input.idempotencyKey, user, email);
      if (key) {
        const existing = await existingByKey(key);
        if (existing) return ok(existing);
      }
      const recipient = { ...payload.recipient, email, phone: payload.recipient.phone ?? "" };
      const now = new Date();

      let created: { id: number; orderNumber: string; priceGrosze: number };
      try {
        created = await db.transaction(async (tx) => {
          const lines = await priceLines(tx, payload);
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
                );
          if (payload.coupon !== null && !coupon) throw new FailureError(fail("coupon/invalid"));
          const totals = orderTotals({
            lines,
            deliveryMethod: payload.delivery,
            coupon: coupon
              ? {
                  discountType: coupon.discountType,
                  discountValue: coupon.discountValue,
                  startDate: coupon.startDate.toISOString(),
                  endDate: coupon.endDate.toISOString(),
                }
              : null,
            now,
          });
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

          const method = deliveryMethod(payload.delivery);
          const orderNumber = newOrderNumber(now);
          const [order] = await tx
            .insert(orders)
            .values({
              orderNumber,
              userId: user?._id ?? null,
              email,
              status: "NEW",
              priceGrosze: totals.totalGrosze,
              totalProductsGrosze: totals.productsGrosze,
              deliveryMethod: method.id,
              deliveryTitle: method.title,
              deliveryPriceGrosze: totals.deliveryGrosze,
              couponId: coupon?.id ?? null,
              couponCode: coupon?.code ?? null,
              couponDiscountGrosze: totals.couponDiscountGrosze,
              maxProcessingTime: totals.maxProcessingTime,
              recipient,
              invoiceData: {
                ...payload.invoiceData,
                email: payload.invoiceData.email ?? "",
                phone: payload.invoiceData.phone ?? "",
              },
              deliveryPoint: payload.deliveryPoint,
              idempotencyKey: key,
              lang: input.lang,
              stockReserved: true,
              reservedUntil: new Date(now.getTime() + config.orderPaymentTimeoutMinutes * 60_000),
            })
            .returning({ id: orders.id });
          if (!order) throw new Error("orders insert returned nothing");
          await tx.insert(orderItems).values(
            lines.map((line, position) => ({
              orderId: order.id,
              productId: line.productId,
              variantId: line.variantId,
              productTitle: line.productTitle,
              variantTitle: line.variantTitle || null,
              variantLabel: line.variantLabel || null,
              variantKeys: line.variantKeys,
              unitPriceGrosze: line.unitPriceGrosze,
              quantity: line.quantity,
              vatRate: line.vatRate,
              position,
            })),
          );
          await tx.insert(orderStatuses).values({ orderId: order.id, status: "NEW", createdAt: now });
          return { id: order.id, orderNumber, priceGrosze: totals.totalGrosze };
        });
      } catch (error) {
        if (error instanceof FailureError) return error.failure;
        // the same key committed by a concurrent request: answer with that order
        if (key && isUniqueViolation(error, "orders_idempotency_key_unique")) {
          const existing = await existingByKey(key);
          if (existing) return ok(existing);
        }
        throw error;
      }

      const started = await deps.startPayment(created.id, {
        orderNumber: created.orderNumber,
        email,
        priceGrosze: created.priceGrosze,
      });
      if (!started.ok) return started;
      // read once, after the payment started: the e-mail and the answer show the same order
      const found = await deps.queries.getByIdWithLang(created.id);
      if (!found) throw new Error(`order ${created.id} vanished after commit`);
      await deps.orderReceived(found);
      return ok({ order: found.order, redirectUrl: started.value.redirectUrl });
    },

    /**
     * Guest lookup with the brute-force limit (per order number and per address): the order with
     * this number whose e-mail matches. Failures: rate-limited, order/not-found.
     */
    async lookup(orderNumber: string, email: string, ip: string): Promise<Result<Order>> {
      if (!(await deps.allowLookup(orderNumber.trim().toUpperCase(), ip))) return fail("rate-limited");
      const order = await deps.queries.findByNumber(orderNumber, email);
      return order ? ok(order) : fail("order/not-found");
    },

    /** Guest lookup: the order with this number whose e-mail matches (case-insensitive), else null. */
    async findByNumber(orderNumber: string, email: string): Promise<Order | null> {
      return deps.queries.findByNumber(orderNumber, email);
    },
  };
}
