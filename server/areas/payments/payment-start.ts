import { eq, type SQL, sql } from "drizzle-orm";
import { canTransition, KNOWN_ORDER_STATUSES } from "../../../domain/order-status";
import type { Order } from "../../../domain/types";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { preparedStatement } from "../../db/prepared-statement";
import { orderStatuses, orders, payments } from "../../db/schema";
import {
  type CreatePaymentRequest,
  type PaymentProvider,
  PaymentProviderError,
} from "../../integrations/payments/payment-provider";
import { type Failure, fail, ok, type Result } from "../../lib/result";
import { CLOSED_PAYMENT_STATUS } from "./open-payments";
import { resultUrlOf } from "./result-url";

// Starting a payment (DESIGN.md "Order statuses change only through the transition rules"): the
// provider is asked after the order is committed (a network call never holds a transaction); the
// payments it accepted are recorded, and their orders moved to PAYMENT_NEW, in one statement. A
// provider that is down or refuses is handed to the orders area (`notStarted`: the order is marked
// PAYMENT_ERROR and gives its units back).

/** The provider's idempotency keys are at most this long. */
export const IDEMPOTENCY_KEY_MAX = 45;

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

export interface PaymentStartDependencies {
  provider: PaymentProvider;
  /** the order to pay, as the orders area reads it; null when there is none */
  orderToPay(orderId: number): Promise<NewOrderPayment | null>;
  /** the provider did not start the order's payment (the orders area: PAYMENT_ERROR, units back) */
  notStarted(orderId: number): Promise<void>;
  log: { warn(data: object, message: string): void };
}

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

export function createPaymentStart(db: Db, config: Config, deps: PaymentStartDependencies) {
  const { provider } = deps;
  // the first payments of a group of orders, one statement planned once (prepared-statement.ts)
  const recordStatement = preparedStatement(db, "record_payments");

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

  /** The provider refused or is down: the orders area marks the order PAYMENT_ERROR and takes its units back. */
  async function paymentRefused(
    orderId: number,
    order: Pick<Order, "orderNumber">,
    error: PaymentProviderError,
  ): Promise<Failure> {
    deps.log.warn(
      { orderNumber: order.orderNumber, err: error.message, kind: error.kind },
      "payment not started",
    );
    await deps.notStarted(orderId);
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
    const order = await deps.orderToPay(orderId);
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

  return { startPayment, startFirstPayments };
}
