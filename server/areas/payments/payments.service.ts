import { and, desc, eq, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import { invoiceNumber, invoicePeriod } from "../../../domain/invoice";
import { canTransition, KNOWN_ORDER_STATUSES, UNPAID_STATUSES } from "../../../domain/order-status";
import type { Order } from "../../../domain/types";
import type { Config } from "../../config";
import type { Db, Tx } from "../../db/client";
import { preparedStatement } from "../../db/prepared-statement";
import { invoices, orderStatuses, orders, payments } from "../../db/schema";
import { demoNotification } from "../../integrations/payments/demo";
import {
  type CreatePaymentRequest,
  type PaymentNotification,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentStatus,
} from "../../integrations/payments/payment-provider";
import { type Failure, fail, ok, type Result } from "../../lib/result";
import { cancelLockedOrder, lockOrder } from "../orders/order-cancel";
import type { OrderQueries } from "../orders/orders.queries";
import { releaseOrderStock, reserveOrderStockAgain } from "../orders/stock";
import { CLOSED_PAYMENT_STATUS } from "./open-payments";

// Payments of orders (DESIGN.md "Order statuses change only through the transition rules"):
// - start: registers a payment with the provider after the order is committed; a provider that
//   is down or refuses marks the order PAYMENT_ERROR and gives its units back.
// - notifications: verified by the provider adapter (signature), then applied in one transaction
//   holding the order row lock, so repeats and concurrent deliveries change the status once;
//   payment statuses only move forward (a PENDING after CONFIRMED changes nothing); an amount or
//   currency that does not match the order never confirms it.
// - confirmation issues the invoice number in the same transaction (sequence per month).
// - unpaid orders give their units back when the payment fails (a retry or a later confirmation
//   takes them again) and are canceled after the payment timeout (cancelExpired).
// - money that arrives for an order that cannot take it (canceled, a wrong amount, its units
//   sold meanwhile) is recorded as owed back (REFUND_OWED_STATUSES) and announced (refund-owed).

export interface DemoPaymentView {
  externalId: string;
  orderNumber: string;
  email: string;
  amountGrosze: number;
  status: PaymentStatus;
  /** closed when its order was canceled: it can no longer be paid */
  closed: boolean;
}

/**
 * After a committed change: paid, failed (payment refused), expired (canceled: the payment time ran out) and
 * refund-owed (money arrived that the order cannot take: the shop is told).
 */
export type OrderEvent = "paid" | "failed" | "expired" | "refund-owed";

export interface PaymentsDependencies {
  provider: PaymentProvider;
  queries: OrderQueries;
  /** after a committed status change (e-mails); errors are the callee's to log */
  onOrderEvent(event: OrderEvent, orderId: number): Promise<void>;
  log: { warn(data: object, message: string): void; error(data: object, message: string): void };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

const IDEMPOTENCY_KEY_MAX = 45;

const PAYMENT_RANK: Record<PaymentStatus, number> = {
  PAYMENT_NEW: 0,
  PAYMENT_PENDING: 1,
  PAYMENT_ERROR: 2,
  PAYMENT_CONFIRMED: 3,
};

export function invoiceUrlOf(order: Pick<Order, "orderNumber" | "email">): string {
  return `/api/orders/${encodeURIComponent(order.orderNumber)}/invoice?email=${encodeURIComponent(order.email)}`;
}

export function resultUrlOf(order: Pick<Order, "orderNumber" | "email">): string {
  return `/gotowe?orderNumber=${encodeURIComponent(order.orderNumber)}&email=${encodeURIComponent(order.email)}`;
}

const INVOICE_LOCK_ID = 7_246_002;

/**
 * SQL: may the order's current status move to PAYMENT_NEW for a new payment (not already there)?
 * Built from the transition rules (domain/order-status.ts): the known statuses one by one, error
 * (ERROR…) and carrier (INPOST_…) statuses by the rule their kind follows.
 */
const MOVES_TO_PAYMENT_NEW: SQL = (() => {
  const known = KNOWN_ORDER_STATUSES.filter(
    (status) => status !== "PAYMENT_NEW" && canTransition(status, "PAYMENT_NEW"),
  );
  const alternatives = [
    sql`status in (${sql.join(
      known.map((status) => sql.raw(`'${status}'`)),
      sql`, `,
    )})`,
  ];
  if (canTransition("ERROR_ANY", "PAYMENT_NEW")) alternatives.push(sql`status like 'ERROR%'`);
  if (canTransition("INPOST_any", "PAYMENT_NEW")) alternatives.push(sql`status like 'INPOST\_%'`);
  return sql`(${sql.join(alternatives, sql` or `)})`;
})();

/** The order's status once its payment is recorded, and when it changed (null: it did not). */
export interface OrderAfterPayment {
  status: string;
  /** ISO time of the PAYMENT_NEW history entry written with the payment; null when not moved */
  changedAt: string | null;
}

/** A first payment started: where the shopper goes, and the order's status after it (null: no row). */
export interface FirstPayment {
  redirectUrl: string;
  order: OrderAfterPayment | null;
}

/** What the creator of an order already knows of it: enough to start its first payment. */
export interface NewOrderPayment {
  orderNumber: string;
  email: string;
  priceGrosze: number;
}

export function createPaymentsService(db: Db, config: Config, deps: PaymentsDependencies) {
  const { provider } = deps;
  // the first payments of a group of orders, one statement planned once (prepared-statement.ts)
  const recordStatement = preparedStatement(db, "record_payments");

  async function appendStatus(tx: Tx, orderId: number, status: string, now: Date, hidden = false) {
    await tx.insert(orderStatuses).values({ orderId, status, hidden, createdAt: now });
    if (!hidden) await tx.update(orders).set({ status, updatedAt: now }).where(eq(orders.id, orderId));
  }

  async function issueInvoice(tx: Tx, order: { id: number; orderNumber: string; email: string }, now: Date) {
    const [existing] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.orderId, order.id));
    if (existing) return;
    // one numbering per month with no gaps and no duplicates, whatever the concurrency
    await tx.execute(sql`select pg_advisory_xact_lock(${INVOICE_LOCK_ID})`);
    const { year, month } = invoicePeriod(now);
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${invoices.sequence}), 0)::int` })
      .from(invoices)
      .where(and(eq(invoices.year, year), eq(invoices.month, month)));
    const sequence = (last?.max ?? 0) + 1;
    await tx.insert(invoices).values({
      orderId: order.id,
      year,
      month,
      sequence,
      number: invoiceNumber(year, month, sequence),
      issuedAt: now,
    });
    await tx
      .update(orders)
      .set({ invoiceUrl: invoiceUrlOf(order) })
      .where(eq(orders.id, order.id));
  }

  /**
   * Applies a verified notification. Returns the events to announce after the commit, none when
   * nothing changed (a repeat, an out-of-order status, an old attempt's failure).
   */
  async function applyNotification(notification: PaymentNotification): Promise<OrderEvent[]> {
    const now = new Date();
    return db.transaction(async (tx) => {
      let [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider.name), eq(payments.externalId, notification.externalId)));
      if (!payment && notification.orderNumber) {
        // registered with the provider, but the shop never heard back (timeout): adopt it
        const [order] = await tx
          .select({ id: orders.id, priceGrosze: orders.priceGrosze })
          .from(orders)
          .where(eq(orders.orderNumber, notification.orderNumber));
        if (order) {
          [payment] = await tx
            .insert(payments)
            .values({
              orderId: order.id,
              provider: provider.name,
              externalId: notification.externalId,
              status: "PAYMENT_NEW",
              amountGrosze: order.priceGrosze,
              redirectUrl: "",
              idempotencyKey: `adopted-${notification.externalId}`.slice(0, IDEMPOTENCY_KEY_MAX),
            })
            .onConflictDoNothing()
            .returning();
          [payment] = payment
            ? [payment]
            : await tx
                .select()
                .from(payments)
                .where(
                  and(eq(payments.provider, provider.name), eq(payments.externalId, notification.externalId)),
                );
        }
      }
      if (!payment) return [];

      // the order row lock serialises every notification of this order
      const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for("update");
      if (!order) return [];
      const [latest] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.orderId, order.id))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(1);

      const next = notification.status;
      if (payment.status === CLOSED_PAYMENT_STATUS) {
        // closed when its order was canceled: only money that still arrives matters (owed back below)
        if (next !== "PAYMENT_CONFIRMED") return [];
      } else {
        const current = payment.status as PaymentStatus;
        if (
          PAYMENT_RANK[next] <= PAYMENT_RANK[current] &&
          !(current === "PAYMENT_ERROR" && next === "PAYMENT_CONFIRMED")
        ) {
          return []; // a repeat or an out-of-order older status
        }
      }

      if (next === "PAYMENT_CONFIRMED") {
        const amountMatches =
          payment.amountGrosze === order.priceGrosze &&
          payment.currency === "PLN" &&
          (notification.amountGrosze === null || notification.amountGrosze === order.priceGrosze) &&
          (notification.currency === null || notification.currency === "PLN");
        if (!amountMatches) {
          deps.log.warn(
            { orderNumber: order.orderNumber, externalId: payment.externalId, notification },
            "payment amount or currency does not match the order: not confirmed",
          );
          await tx
            .update(payments)
            .set({ status: "PAYMENT_ERROR", updatedAt: now })
            .where(eq(payments.id, payment.id));
          await appendStatus(tx, order.id, "ERROR_PAYMENT_AMOUNT", now, true);
          return ["refund-owed"];
        }
      }
      await tx.update(payments).set({ status: next, updatedAt: now }).where(eq(payments.id, payment.id));

      if (next === "PAYMENT_CONFIRMED") {
        if (!canTransition(order.status, "PAYMENT_CONFIRMED")) {
          if (order.status === "CANCELED") {
            // money arrived for a canceled order (by staff, or its payment time ran out): it must
            // be refunded by hand; staff see "Do zwrotu" and the shop gets an e-mail
            deps.log.error(
              { orderNumber: order.orderNumber, externalId: payment.externalId },
              "payment confirmed for a canceled order: refund it",
            );
            await appendStatus(tx, order.id, "ERROR_PAID_AFTER_CANCEL", now, true);
            return ["refund-owed"];
          }
          if (order.paidAt) {
            // another attempt (a failed one that succeeded after all) paid the order already
            deps.log.error({ externalId: payment.externalId }, "second payment of a paid order: refund it");
            await appendStatus(tx, order.id, "ERROR_PAID_TWICE", now, true);
            return ["refund-owed"];
          }
          return [];
        }
        const shortage = await reserveOrderStockAgain(tx, order.id);
        if (shortage) {
          // paid after its units went back and were sold: the money is taken, staff must act
          deps.log.error({ orderId: order.id, shortage }, "paid order is short of stock");
          await appendStatus(tx, order.id, "ERROR_STOCK_SHORTAGE", now, true);
        }
        await appendStatus(tx, order.id, "PAYMENT_CONFIRMED", now);
        await tx.update(orders).set({ paidAt: now, reservedUntil: null }).where(eq(orders.id, order.id));
        await issueInvoice(tx, order, now);
        return shortage ? ["paid", "refund-owed"] : ["paid"];
      }
      // an older attempt's news must not overrule the latest attempt
      if (latest?.id !== payment.id) return [];
      if (order.status === next || !canTransition(order.status, next)) return [];
      await appendStatus(tx, order.id, next, now);
      if (next === "PAYMENT_ERROR") {
        await releaseOrderStock(tx, order.id);
        return ["failed"];
      }
      return [];
    });
  }

  async function announce(events: readonly OrderEvent[], orderId: number | null) {
    if (orderId === null) return;
    for (const event of events) await deps.onOrderEvent(event, orderId);
  }

  async function orderIdOfPayment(externalId: string): Promise<number | null> {
    const [row] = await db
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(and(eq(payments.provider, provider.name), eq(payments.externalId, externalId)));
    return row?.orderId ?? null;
  }

  async function handle(notification: PaymentNotification): Promise<void> {
    const events = await applyNotification(notification);
    await announce(events, await orderIdOfPayment(notification.externalId));
  }

  /** What the provider is asked for one attempt of one order. */
  function paymentRequest(
    order: Pick<Order, "orderNumber" | "email" | "priceGrosze">,
    attempts: number,
  ): CreatePaymentRequest {
    const base = config.publicUrl;
    return {
      orderNumber: order.orderNumber,
      amountGrosze: order.priceGrosze,
      currency: "PLN",
      description: `Zamówienie ${order.orderNumber}`,
      buyer: {
        email: order.email,
        locale: "pl-PL",
      },
      continueUrl: `${base}${resultUrlOf(order)}`,
      notificationUrl: `${base}/api/payments/${provider.name}/notifications`,
      idempotencyKey: `${order.orderNumber}-${attempts + 1}`.slice(0, IDEMPOTENCY_KEY_MAX),
    };
  }

  interface StartedPayment {
    orderId: number;
    priceGrosze: number;
    externalId: string;
    redirectUrl: string;
    idempotencyKey: string;
  }

  /** Asks the provider for one attempt of one order: the payment it started, or why it did not. */
  async function askProvider(
    orderId: number,
    order: Pick<Order, "orderNumber" | "email" | "priceGrosze">,
    attempts: number,
  ): Promise<StartedPayment | PaymentProviderError> {
    const request = paymentRequest(order, attempts);
    try {
      const created = await provider.createPayment(request);
      return {
        orderId,
        priceGrosze: order.priceGrosze,
        externalId: created.externalId,
        redirectUrl: created.redirectUrl,
        idempotencyKey: request.idempotencyKey,
      };
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      return error;
    }
  }

  /**
   * Records payments the provider accepted, any number in ONE statement (no transaction round
   * trips): the orders' rows are locked first (by id) — a payment insert's foreign key takes a share
   * lock on its order, and two concurrent starts (an order replayed by its Idempotency-Key)
   * upgrading that lock would deadlock —, then each payment is recorded (closed at once when its
   * order was canceled while the provider was asked), each order moves to PAYMENT_NEW when the
   * transition rules allow it (with its history entry) and remembers its payment.
   */
  async function recordPayments(started: StartedPayment[]): Promise<Map<number, OrderAfterPayment>> {
    if (started.length === 0) return new Map();
    const now = new Date().toISOString();
    // the rows as one JSON parameter: the statement's text is the same for every group, so it is
    // planned once (prepared-statement.ts)
    const startedJson = JSON.stringify(
      started.map((p) => ({
        order_id: p.orderId,
        external_id: p.externalId,
        amount_grosze: p.priceGrosze,
        redirect_url: p.redirectUrl,
        idempotency_key: p.idempotencyKey,
      })),
    );
    const rows = await recordStatement<{ id: number; status: string; moved: boolean }>(sql`
      with started as (
        select * from json_to_recordset(${startedJson}::json) as s(order_id int, external_id text,
          amount_grosze int, redirect_url text, idempotency_key text)
      ),
      locked as materialized (
        select id, status from ${orders} where id in (select order_id from started) order by id for update
      ),
      registered as (
        insert into ${payments} (order_id, provider, external_id, status, amount_grosze, redirect_url, idempotency_key)
        select l.id, ${provider.name}::text, s.external_id,
          case when l.status = 'CANCELED' then ${CLOSED_PAYMENT_STATUS}::text else 'PAYMENT_NEW' end,
          s.amount_grosze, s.redirect_url, s.idempotency_key
        from locked l join started s on s.order_id = l.id
        on conflict do nothing
      ),
      moved as materialized (
        select id from locked where ${MOVES_TO_PAYMENT_NEW}
      ),
      logged as (
        insert into ${orderStatuses} (order_id, status, hidden, created_at)
        select id, 'PAYMENT_NEW', false, ${now}::timestamptz from moved
      )
      update ${orders} o set
        payment_provider = ${provider.name}::text,
        payment_id = s.external_id,
        status = case when o.id in (select id from moved) then 'PAYMENT_NEW' else o.status end,
        updated_at = case when o.id in (select id from moved) then ${now}::timestamptz else o.updated_at end
      from locked l join started s on s.order_id = l.id where o.id = l.id
      returning o.id, o.status, o.id in (select id from moved) as moved`);
    return new Map(
      rows.map((row) => [
        Number(row.id),
        { status: row.status, changedAt: row.moved ? now : null } satisfies OrderAfterPayment,
      ]),
    );
  }

  /** The provider refused or is down: the order is marked PAYMENT_ERROR and gives its units back. */
  async function paymentRefused(
    orderId: number,
    order: Pick<Order, "orderNumber">,
    error: PaymentProviderError,
  ): Promise<Failure> {
    deps.log.warn(
      { orderNumber: order.orderNumber, err: error.message, kind: error.kind },
      "payment not started",
    );
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
      if (locked && locked.status !== "PAYMENT_ERROR" && canTransition(locked.status, "PAYMENT_ERROR")) {
        await appendStatus(tx, orderId, "PAYMENT_ERROR", new Date());
      }
      await releaseOrderStock(tx, orderId);
    });
    return fail("payment/unavailable");
  }

  /**
   * The first payments of orders just created (`known`: what their creator holds, so nothing is
   * read back): the provider is asked for each, the accepted ones are recorded in one statement, a
   * refused one is handled alone. The answers come in the order of `list`.
   */
  async function startFirstPayments(
    list: { orderId: number; known: NewOrderPayment }[],
  ): Promise<Result<FirstPayment>[]> {
    const asked = await Promise.all(list.map(({ orderId, known }) => askProvider(orderId, known, 0)));
    const after = await recordPayments(
      asked.filter((entry): entry is StartedPayment => !(entry instanceof Error)),
    );
    return Promise.all(
      list.map(({ orderId, known }, i): Promise<Result<FirstPayment>> | Result<FirstPayment> => {
        const entry = asked[i];
        if (entry instanceof PaymentProviderError) return paymentRefused(orderId, known, entry);
        if (!entry) throw new Error(`no payment answer for order ${orderId}`);
        return ok({ redirectUrl: entry.redirectUrl, order: after.get(orderId) ?? null });
      }),
    );
  }

  /**
   * Registers a new payment for an unpaid order (first attempt or a retry). `known`: what the caller
   * already holds of the order it has just created (its first attempt), so nothing is read back.
   */
  async function startPayment(
    orderId: number,
    known?: NewOrderPayment,
  ): Promise<Result<{ redirectUrl: string }>> {
    if (known) {
      const [started] = await startFirstPayments([{ orderId, known }]);
      if (!started) throw new Error("no payment answer");
      return started;
    }
    const order = await deps.queries.getById(orderId);
    if (!order) return fail("order/not-found");
    const [counted = { attempts: 0 }] = await db
      .select({ attempts: sql<number>`count(*)::int` })
      .from(payments)
      .where(eq(payments.orderId, orderId));
    const asked = await askProvider(orderId, order, counted.attempts);
    if (asked instanceof PaymentProviderError) return paymentRefused(orderId, order, asked);
    await recordPayments([asked]);
    return ok({ redirectUrl: asked.redirectUrl });
  }

  /**
   * A provider's webhook: verify (signature), then apply. Bad signature or malformed body →
   * payment/bad-notification (400, nothing changes); otherwise ok (202), also for repeats.
   */
  async function handleNotification(
    providerName: string,
    rawBody: string,
    headers: Record<string, string | undefined>,
  ): Promise<Result<void>> {
    if (providerName !== provider.name) return fail("not-found");
    const verified = provider.verifyNotification(rawBody, headers);
    if (!verified.ok) return fail("payment/bad-notification");
    const known = await orderIdOfPayment(verified.notification.externalId);
    if (known === null && !verified.notification.orderNumber) return fail("payment/bad-notification");
    await handle(verified.notification);
    return ok(undefined);
  }

  /** The demo bank page's data, or null for an unknown payment (or when the demo bank is off). */
  async function demoPayment(externalId: string): Promise<DemoPaymentView | null> {
    if (config.payments.provider !== "demo") return null;
    const [row] = await db
      .select({
        externalId: payments.externalId,
        status: payments.status,
        amountGrosze: payments.amountGrosze,
        orderNumber: orders.orderNumber,
        email: orders.email,
        orderStatus: orders.status,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.provider, "demo"), eq(payments.externalId, externalId)));
    if (!row) return null;
    const { orderStatus, ...payment } = row;
    const closed = payment.status === CLOSED_PAYMENT_STATUS || orderStatus === "CANCELED";
    // a closed payment is never shown as payable
    const status = (
      payment.status === CLOSED_PAYMENT_STATUS ? "PAYMENT_ERROR" : payment.status
    ) as PaymentStatus;
    return { ...payment, status, closed };
  }

  return {
    startPayment,
    startFirstPayments,
    handleNotification,
    demoPayment,

    /**
     * A new payment for an unpaid order (after a failed one). Failures: order/not-found,
     * order/canceled, conflict, order/out-of-stock.
     */
    async retry(orderNumber: string, email: string): Promise<Result<{ redirectUrl: string }>> {
      const order = await deps.queries.findByNumber(orderNumber, email);
      if (!order) return fail("order/not-found");
      if (order.status === "CANCELED") return fail("order/canceled");
      const open = await deps.queries.openPaymentUrl(order._id);
      if (open && order.status !== "PAYMENT_ERROR") return ok({ redirectUrl: open });
      if (!canTransition(order.status, "PAYMENT_NEW")) return fail("conflict");
      const shortage = await db.transaction(async (tx) => {
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order._id)).for("update");
        const missing = await reserveOrderStockAgain(tx, order._id);
        if (!missing) {
          const reservedUntil = new Date(Date.now() + config.orderPaymentTimeoutMinutes * 60_000);
          await tx.update(orders).set({ reservedUntil }).where(eq(orders.id, order._id));
        }
        return missing;
      });
      if (shortage) return fail("order/out-of-stock", undefined, { ...shortage });
      return startPayment(order._id);
    },

    /**
     * The demo bank's buttons: a signed notification (CONFIRMED or REJECTED) through the same
     * verification and handling as the webhook, then where the shopper goes.
     */
    async demoDecide(externalId: string, decision: "pay" | "reject"): Promise<Result<{ returnUrl: string }>> {
      if (config.payments.provider !== "demo") return fail("not-found");
      const payment = await demoPayment(externalId);
      if (!payment) return fail("not-found");
      // the order was canceled: the bank takes no money for it
      if (payment.closed) return fail("payment/closed");
      const signed = demoNotification(config.payments.demoSecret, {
        externalId,
        orderNumber: payment.orderNumber,
        status: decision === "pay" ? "CONFIRMED" : "REJECTED",
        amountGrosze: payment.amountGrosze,
        currency: "PLN",
      });
      const handled = await handleNotification("demo", signed.rawBody, signed.headers);
      if (!handled.ok) return handled;
      return ok({ returnUrl: resultUrlOf(payment) });
    },

    /**
     * Cancels the unpaid orders whose payment time is over (docs/decisions/032): each in its own
     * transaction under its row lock, through the one cancel (units back, open payments closed; the
     * coupon use goes back with the status), then the "order canceled" e-mail saying why. Every instance may
     * run this at once: the lock and the transition rules cancel each order once. A payment that
     * still arrives is recorded as money owed back (applyNotification).
     */
    async cancelExpired(now: Date = new Date()): Promise<number> {
      const due = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            lt(orders.reservedUntil, now),
            isNull(orders.paidAt),
            inArray(orders.status, [...UNPAID_STATUSES]),
          ),
        )
        .orderBy(orders.id)
        .limit(500);
      let canceled = 0;
      for (const { id } of due) {
        const done = await db.transaction(async (tx) => {
          const order = await lockOrder(tx, id);
          // re-read under the lock: paid, retried (a new payment time) or canceled meanwhile
          if (!order || order.paidAt || !order.reservedUntil || order.reservedUntil >= now) return false;
          if (!(UNPAID_STATUSES as readonly string[]).includes(order.status)) return false;
          return cancelLockedOrder(tx, order, now);
        });
        if (!done) continue;
        canceled++;
        await deps.onOrderEvent("expired", id);
      }
      return canceled;
    },
  };
}
