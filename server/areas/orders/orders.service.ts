import { createHash } from "node:crypto";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { couponRejection } from "../../../domain/coupon";
import { deliveryMethod } from "../../../domain/delivery";
import type { Lang } from "../../../domain/i18n";
import { effectivePriceGrosze } from "../../../domain/pricing";
import { type OrderTotals, orderTotals } from "../../../domain/totals";
import type { Order, PriceChangedDetails, ProcessingTime, PublicUser } from "../../../domain/types";
import { parseForm } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import { makeOrderCreateSchema, type OrderCreatePayload } from "../../../domain/validation/order";
import { describeSelection, type FieldLike, normalizeSelection } from "../../../domain/variants";
import type { Config } from "../../config";
import type { Db, Tx } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { preparedStatement } from "../../db/prepared-statement";
import { coupons, orderItems, orderStatuses, orders } from "../../db/schema";
import type { RateLimitHit } from "../../lib/rate-limit";
import { type Failure, FailureError, fail, ok, type Result } from "../../lib/result";
import { type CartCatalog, loadCartCatalog } from "../cart/cart.catalog";
import type { CouponGuard } from "../coupons/coupon-guard";
import { countsAsCouponUse } from "../coupons/coupon-uses";
import type { FirstPayment } from "../payments/payment-start";
import { createBatcher, type Waiting } from "./order-batch";
import { newOrderNumber } from "./order-number";
import { type GroupWrite, writeOrders } from "./order-write";
import { type OrderQueries, orderCartItem } from "./orders.queries";
import { type StockLine, takeStock } from "./stock";

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
  /** the client's address (the order and coupon limits, the confirmation e-mail re-sent to an unapproved user) */
  ip: string;
}

export interface CreatedOrder {
  order: Order;
  /** where the browser goes to pay (relative for the demo bank, absolute for Paynow) */
  redirectUrl: string;
  /** an order placed before with the same Idempotency-Key (nothing new was created) */
  replayed: boolean;
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
  /**
   * startPayment for the first payments of a batch of just-created orders: the answers in the same
   * order, the successful ones recorded in one statement
   */
  startFirstPayments(
    list: { orderId: number; known: { orderNumber: string; email: string; priceGrosze: number } }[],
  ): Promise<Result<FirstPayment>[]>;
  /** sends the "order received" e-mail (best effort) of the order as just read */
  orderReceived(found: { order: Order; lang: string }): Promise<void>;
  /** orderReceived for a batch of orders (their outbox rows written in one statement) */
  ordersReceived(found: { order: Order; lang: string }[]): Promise<void>;
  resendConfirmation(user: PublicUser, ip: string, lang: Lang): Promise<void>;
  /**
   * counts a guest lookup of an order number from an address (`allowed` false when over the limit);
   * `undo` gives a lookup that found its order back, so only wrong guesses count
   */
  countLookup(orderNumber: string, ip: string): Promise<{ allowed: boolean; undo(): Promise<void> }>;
  /** counts one order about to be created for this e-mail from this address (rate-limit.ts "order") */
  orderAttempt(email: string, ip: string, key: string | null): Promise<RateLimitHit>;
  /** the one coupon limiter (coupon-guard.ts) the order's coupon code is checked under */
  couponGuard: CouponGuard;
  /**
   * With the built-in picker: is the parcel-locker id one of its points? null when a carrier's map
   * widget picks the lockers (their ids need not be in our table; ADR 031)
   */
  parcelPointKnown: ((id: string) => Promise<boolean>) | null;
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

/** JSON with object keys sorted, so the same request always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * What an Idempotency-Key was first used with: the parsed request (cart, total, coupon, delivery,
 * addresses). The same key with another request is refused (order/idempotency-key-reused, 422),
 * as payment APIs do, instead of answering with an order the caller did not ask for (ADR 031).
 */
function requestFingerprint(payload: OrderCreatePayload): string {
  return createHash("sha256").update(canonicalJson(payload)).digest("base64url");
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

/** An order request parsed and checked, ready to be written (alone or in a batch). */
interface PreparedOrder {
  user: PublicUser | null;
  lang: Lang;
  payload: OrderCreatePayload;
  /** the order's e-mail, lower case */
  email: string;
  /** the scoped Idempotency-Key, or null */
  key: string | null;
  /** requestFingerprint of the payload, stored with the key */
  fingerprint: string;
  /** called once the order's coupon code matched a coupon (the coupon limit gives the attempt back) */
  couponProven?: () => void;
}

/** An order just committed: what its first payment needs, and the order as written (status NEW). */
interface WrittenOrder {
  id: number;
  orderNumber: string;
  email: string;
  priceGrosze: number;
  order: Order;
  lang: Lang;
}

/** An order after its payment stage: its answer, and the order read for its e-mail (paid only). */
interface Paid {
  result: Result<CreatedOrder>;
  read: { order: Order; lang: string } | null;
}

/** The most orders one batch writes (its multi-row statements stay far below 65,535 parameters). */
const MAX_BATCH = 50;

// zod builds a schema's checks when the schema is made: the two variants are made once, not per order
const ORDER_SCHEMA = {
  guest: makeOrderCreateSchema({ requireRecipientEmail: true }),
  customer: makeOrderCreateSchema({ requireRecipientEmail: false }),
};

/** Prices every line from the catalog (or fails: hidden, missing, variant not on the product). */
function priceLines(catalog: CartCatalog, payload: OrderCreatePayload): PricedLine[] | Failure {
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

type CouponRow = typeof coupons.$inferSelect;

function totalsOf(lines: PricedLine[], payload: OrderCreatePayload, coupon: CouponRow | null, now: Date) {
  return orderTotals({
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
}

/** The orders row of a priced order. */
function orderRow(
  config: Config,
  order: PreparedOrder,
  totals: OrderTotals,
  coupon: CouponRow | null,
  orderNumber: string,
  now: Date,
): typeof orders.$inferInsert {
  const { payload, user, email } = order;
  const method = deliveryMethod(payload.delivery);
  return {
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
    recipient: { ...payload.recipient, email, phone: payload.recipient.phone ?? "" },
    invoiceData: {
      ...payload.invoiceData,
      email: payload.invoiceData.email ?? "",
      phone: payload.invoiceData.phone ?? "",
    },
    deliveryPoint: payload.deliveryPoint,
    idempotencyKey: order.key,
    requestFingerprint: order.key ? order.fingerprint : null,
    lang: order.lang,
    stockReserved: true,
    reservedUntil: new Date(now.getTime() + config.orderPaymentTimeoutMinutes * 60_000),
  };
}

function itemRows(orderId: number, lines: PricedLine[]): Omit<typeof orderItems.$inferSelect, "id">[] {
  return lines.map((line, position) => ({
    orderId,
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
  }));
}

/**
 * The order exactly as its rows were just written (what orders.queries would read back): the
 * answer and the "order received" e-mail are made from it, so nothing is read again.
 */
function orderAsWritten(
  order: PreparedOrder,
  row: typeof orders.$inferInsert & { id: number; createdAt: Date },
  lines: PricedLine[],
  now: Date,
): Order {
  const { user } = order;
  return {
    _id: row.id,
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    status: "NEW",
    statuses: [{ status: "NEW", createdAt: now.toISOString(), hidden: false, data: null }],
    priceGrosze: row.priceGrosze,
    totalProductsGrosze: row.totalProductsGrosze,
    // the lines as stored, shown as orders.queries reads them back
    cart: itemRows(row.id, lines).map(orderCartItem),
    delivery: { method: row.deliveryMethod, title: row.deliveryTitle, priceGrosze: row.deliveryPriceGrosze },
    coupon: row.couponCode ? { code: row.couponCode } : null,
    couponDiscountGrosze: row.couponDiscountGrosze ?? 0,
    maxProcessingTime: row.maxProcessingTime as Order["maxProcessingTime"],
    shipmentNumber: null,
    invoiceUrl: null,
    user: user ? { _id: user._id, displayName: user.displayName, email: user.email } : null,
    email: row.email,
    recipient: row.recipient,
    invoiceData: row.invoiceData,
    deliveryPoint: row.deliveryPoint ?? null,
    reservedUntil: row.reservedUntil ? row.reservedUntil.toISOString() : null,
  };
}

export function createOrdersService(db: Db, config: Config, deps: OrdersDependencies) {
  // a group's write: one statement, the same text for every group of the same stock tables, planned
  // once (prepared-statement.ts, ADR 014)
  const writeStatement = preparedStatement(db, "write_orders");
  // and the group's catalog read (the same text whatever the products)
  const catalogStatement = preparedStatement(db, "order_catalog");

  /**
   * The coupon with this code (case-insensitive) locked for this transaction, checked against its
   * dates and limits; null for an unknown code or one it refuses. `proven` is called when the code
   * matched a coupon (before its dates and limits are judged).
   */
  async function lockedCoupon(
    tx: Tx,
    code: string,
    productsGrosze: number,
    customer: { userId: number | null; email: string },
    now: Date,
    proven: (() => void) | undefined,
  ) {
    const [coupon] = await tx
      .select()
      .from(coupons)
      .where(sql`lower(${coupons.code}) = lower(${code})`)
      .limit(1)
      .for("update");
    if (!coupon) return null;
    proven?.();
    const counted = and(
      eq(orders.couponId, coupon.id),
      countsAsCouponUse(orders, now, config.orderPaymentTimeoutMinutes),
    );
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
      .where(counted);
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

  /**
   * Group commit: the batch's orders in ONE transaction of multi-row statements (the catalog, the
   * stock of all their lines — rows locked in the global order —, orders, lines, statuses), then
   * their payments (payBatch) and their e-mails (the mailer stage), each one statement for the
   * batch. Each order stays all or nothing: one that does not price (hidden, changed price) leaves
   * the batch before anything is written; anything that refuses the writes (a short row, a key or
   * number taken meanwhile) rolls the whole batch back and each of its orders goes through the
   * one-order path, which gives it its own answer. Resolves once the batch is committed or handed
   * over; the answers follow.
   */
  async function writeBatch(batch: Waiting<PreparedOrder, Result<CreatedOrder>>[]): Promise<void> {
    // the same key twice in one batch: the later request waits for the first, then finds its order
    const members: typeof batch = [];
    const repeats: typeof batch = [];
    const keys = new Set<string>();
    for (const waiting of batch) {
      const { key } = waiting.item;
      if (key && keys.has(key)) repeats.push(waiting);
      else {
        if (key) keys.add(key);
        members.push(waiting);
      }
    }
    const answers: Promise<unknown>[] = [];
    const answer = (waiting: (typeof batch)[number], result: Promise<Result<CreatedOrder>>) => {
      answers.push(result);
      waiting.resolve(result);
    };
    try {
      await writeMembers(members, answer);
    } finally {
      const settled = Promise.allSettled(answers);
      for (const waiting of repeats) waiting.resolve(settled.then(() => createOne(waiting.item)));
    }
  }

  async function writeMembers(
    members: Waiting<PreparedOrder, Result<CreatedOrder>>[],
    answer: (
      waiting: Waiting<PreparedOrder, Result<CreatedOrder>>,
      result: Promise<Result<CreatedOrder>>,
    ) => void,
  ): Promise<void> {
    // replays of orders already placed answer with them (one statement for the batch), read while
    // the catalog of the group's products is (on PostgreSQL two connections at once)
    const keys = members.map((waiting) => waiting.item.key).filter((key): key is string => key !== null);
    const [taken, catalog] = await Promise.all([
      keys.length === 0
        ? new Set<string>()
        : db
            .select({ key: orders.idempotencyKey })
            .from(orders)
            .where(inArray(orders.idempotencyKey, keys))
            .then((rows) => new Set(rows.map((row) => row.key))),
      loadCartCatalog(
        db,
        members.flatMap((waiting) => waiting.item.payload.cart.map((line) => line.productId)),
        catalogStatement,
      ),
    ]);
    const fresh = members.filter((waiting) => !(waiting.item.key && taken.has(waiting.item.key)));
    for (const waiting of members) if (!fresh.includes(waiting)) answer(waiting, createOne(waiting.item));

    const alone: typeof members = [];
    const now = new Date();
    const priced: { waiting: (typeof members)[number]; lines: PricedLine[]; totals: OrderTotals }[] = [];
    for (const waiting of fresh) {
      const { payload } = waiting.item;
      const lines = priceLines(catalog, payload);
      const totals = Array.isArray(lines) ? totalsOf(lines, payload, null, now) : null;
      // refused by its prices: the one-order path answers it (nothing of it is written here)
      if (!Array.isArray(lines) || !totals || totals.totalGrosze !== payload.priceGrosze) alone.push(waiting);
      else priced.push({ waiting, lines, totals });
    }
    const numbered = priced.map((order) => ({
      ...order,
      values: orderRow(config, order.waiting.item, order.totals, null, newOrderNumber(now), now),
    }));
    let written: { waiting: (typeof members)[number]; order: WrittenOrder }[] = [];
    if (numbered.length > 0) {
      let outcome: GroupWrite | null = null;
      try {
        outcome = await writeOrders(
          writeStatement,
          numbered.map((order) => ({
            values: order.values,
            items: itemRows(0, order.lines).map(({ orderId: _, ...item }) => item),
          })),
          numbered.flatMap((order) => order.lines),
          now,
        );
      } catch {
        // nothing written (one statement): a key or an order number taken meanwhile, a lost connection
      }
      if (!outcome?.ok) {
        // nothing of the group was written: each order gets its own answer, one by one
        // (whatever refused it: a short row, a key or an order number taken meanwhile, a lost connection)
        for (const waiting of fresh) answer(waiting, createOne(waiting.item));
        return;
      }
      const rows = outcome.rows;
      written = numbered.map((order) => {
        const inserted = rows.get(order.values.orderNumber);
        if (!inserted) throw new Error("orders insert returned fewer rows");
        const row = { ...order.values, ...inserted };
        return {
          waiting: order.waiting,
          order: {
            id: row.id,
            orderNumber: row.orderNumber,
            email: order.waiting.item.email,
            priceGrosze: order.totals.totalGrosze,
            order: orderAsWritten(order.waiting.item, row, order.lines, now),
            lang: order.waiting.item.lang,
          },
        };
      });
    }
    for (const waiting of alone) answer(waiting, createOne(waiting.item));
    if (written.length === 0) return;
    for (const entry of written) answer(entry.waiting, finish(entry.order));
  }

  /**
   * After the commit, for every order committed meanwhile (a group, like the writes): the payments
   * (one statement, which also answers each order's status). Each order's answer comes with the
   * order as written with its status after the payment, from which its "order received" e-mail is
   * made; an order whose status moved otherwise (changed meanwhile) is read back instead.
   */
  async function payBatch(written: WrittenOrder[]): Promise<Paid[]> {
    const started = await deps.startFirstPayments(
      written.map((entry) => ({ orderId: entry.id, known: entry })),
    );
    const current = new Map<number, { order: Order; lang: string }>();
    const changedMeanwhile: number[] = [];
    written.forEach((entry, i) => {
      const start = started[i];
      if (!start?.ok) return;
      const after = start.value.order;
      if (after?.status === "PAYMENT_NEW" && after.changedAt) {
        const statuses = [
          ...entry.order.statuses,
          { status: "PAYMENT_NEW", createdAt: after.changedAt, hidden: false, data: null },
        ];
        current.set(entry.id, {
          order: { ...entry.order, status: after.status, statuses },
          lang: entry.lang,
        });
      } else changedMeanwhile.push(entry.id);
    });
    for (const read of await deps.queries.getManyByIdWithLang(changedMeanwhile))
      current.set(read.order._id, read);
    return written.map((entry, i) => {
      const start = started[i];
      if (!start) throw new Error(`no payment answer for order ${entry.id}`);
      if (!start.ok) return { result: start, read: null };
      const read = current.get(entry.id);
      if (!read) throw new Error(`order ${entry.id} vanished after commit`);
      return {
        result: ok({ order: read.order, redirectUrl: start.value.redirectUrl, replayed: false }),
        read,
      };
    });
  }

  // Three stages, one group each at a time, on PostgreSQL too (bigger groups, fewer statements an
  // order: ADR 014): while a group's writes are committed, the group
  // before it has its payments registered and the one before that its e-mails stored; the next
  // group gathers meanwhile. An order is answered once its "order received" e-mail is stored.
  const batcher = createBatcher<PreparedOrder, Result<CreatedOrder>>({
    maxSize: MAX_BATCH,
    run: writeBatch,
  });
  const payer = createBatcher<WrittenOrder, Paid>({
    maxSize: MAX_BATCH,
    run: async (group) => {
      const paid = await payBatch(group.map((waiting) => waiting.item));
      group.forEach((waiting, i) => {
        const entry = paid[i];
        if (entry) waiting.resolve(entry);
        else waiting.reject(new Error(`no answer for order ${waiting.item.id}`));
      });
    },
  });
  const mailer = createBatcher<{ order: Order; lang: string }, void>({
    maxSize: MAX_BATCH,
    run: async (group) => {
      await deps.ordersReceived(group.map((waiting) => waiting.item));
      for (const waiting of group) waiting.resolve();
    },
  });

  /**
   * A parsed order to its answer. A coupon is checked under its row lock with its uses counted, so
   * such orders go one by one, under the coupon limit: an unproven code is refused (coupon/invalid,
   * before any price is compared, so no answer carries its discount) and counts as a guess.
   */
  async function place(order: PreparedOrder, ip: string): Promise<Result<CreatedOrder>> {
    if (order.payload.coupon === null) return batcher.submit(order);
    const checked = await deps.couponGuard.check({ ip, user: order.user }, (proven) =>
      createOne({ ...order, couponProven: proven }),
    );
    return checked.ok ? checked.value : checked;
  }

  /** the payment and the "order received" e-mail of a committed order; its answer */
  async function finish(order: WrittenOrder): Promise<Result<CreatedOrder>> {
    const { result, read } = await payer.submit(order);
    if (read) await mailer.submit(read);
    return result;
  }

  return {
    async create(input: CreateOrderInput): Promise<Result<CreatedOrder>> {
      const { user } = input;
      if (user && !user.approved) {
        await deps.resendConfirmation(user, input.ip ?? "unknown", input.lang).catch(() => {});
        return fail("checkout/account-not-approved");
      }
      const parsed = parseForm(user ? ORDER_SCHEMA.customer : ORDER_SCHEMA.guest, input.body);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const payload = parsed.data;
      if (payload.deliveryPoint && deps.parcelPointKnown) {
        const known = await deps.parcelPointKnown(payload.deliveryPoint.foreign_access_point_id);
        if (!known) return fail("validation", { deliveryPoint: { key: MSG.unknownParcelLocker } });
      }
      const email = (user?.email ?? payload.recipient.email ?? "").toLowerCase();
      const order: PreparedOrder = {
        user,
        lang: input.lang,
        payload,
        email,
        key: scopedIdempotencyKey(input.idempotencyKey, user, email),
        fingerprint: requestFingerprint(payload),
      };
      // the order limit (per address and per e-mail) counts only the orders created: a refusal and a
      // replay give their attempt back, a replay is answered even over the limit, and a request
      // repeating its Idempotency-Key while the first is still being written is never refused by it
      const attempt = await deps.orderAttempt(email, input.ip, order.key);
      if (!attempt.allowed) {
        await attempt.undo();
        const replay = order.key ? await existingByKey(order.key, order.fingerprint) : null;
        return replay ?? fail("order/too-many");
      }
      const result = await place(order, input.ip);
      if (!result.ok || result.value.replayed) await attempt.undo();
      return result;
    },

    /**
     * Guest lookup with the brute-force limit (per order number and per address): the order with
     * this number whose e-mail matches. Failures: rate-limited, order/not-found.
     */
    async lookup(orderNumber: string, email: string, ip: string): Promise<Result<Order>> {
      // counted before the look-up (parallel guesses cannot all slip under the limit), given back
      // when it finds the order: /gotowe re-reading its order every 2 s never runs into the limit
      const attempt = await deps.countLookup(orderNumber.trim().toUpperCase(), ip);
      if (!attempt.allowed) return fail("rate-limited");
      const order = await deps.queries.findByNumber(orderNumber, email);
      if (!order) return fail("order/not-found");
      await attempt.undo();
      return ok(order);
    },

    /** Guest lookup: the order with this number whose e-mail matches (case-insensitive), else null. */
    async findByNumber(orderNumber: string, email: string): Promise<Order | null> {
      return deps.queries.findByNumber(orderNumber, email);
    },
  };
}
