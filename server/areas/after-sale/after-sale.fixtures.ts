import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { refundDeadline } from "../../../domain/after-sale-status";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import {
  afterSaleCases,
  afterSaleEvents,
  afterSaleLines,
  afterSaleStatements,
  jobs,
  orderItems,
  orderStatuses,
  orders,
} from "../../db/schema";
import type { PaymentProvider } from "../../integrations/payments";
import { demoNotification } from "../../integrations/payments/demo";
import { PaymentProviderError, type RefundStatus } from "../../integrations/payments/payment-provider";
import type { JobQueue } from "../jobs/job-queue";
import type { JobHandlers } from "../jobs/job-worker";
import { createJobWorker } from "../jobs/job-worker";
import { INVOICE_DATA, orderBody, RECIPIENT } from "../orders/orders.fixtures";

// Test fixtures of the after-sale path (issue 27): a guest order paid through the demo bank (its
// invoice issued) and delivered, a withdrawal case of it written straight into the tables (its
// lines, statement and first event, as the withdrawal service would), a payment provider wrapping
// the demo bank that counts refunds by key and fails when told, and a way to run the refund jobs.

let placed = 0;

export interface PaidOrder {
  id: number;
  orderNumber: string;
  email: string;
  priceGrosze: number;
  lineIds: number[];
}

/**
 * A guest order of `quantity` units of a product without variants (orders.fixtures.ts `plain`, the
 * parcel locker of its fixtures), paid through the demo bank's signed notification and, unless told
 * otherwise, delivered.
 */
export async function placePaidOrder(
  app: FastifyInstance,
  config: Config,
  product: { id: number; priceGrosze: number },
  options: {
    quantity?: number;
    lang?: "pl" | "en";
    delivered?: boolean;
    email?: string;
    /** the buyer's NIP on the invoice (a company; none: a consumer) */
    nip?: string;
  } = {},
): Promise<PaidOrder> {
  placed += 1;
  const quantity = options.quantity ?? 2;
  const email = options.email ?? `zwrot${placed}-${Date.now()}@example.com`;
  const products = product.priceGrosze * quantity;
  const response = await app.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderBody({
      cart: [{ productId: product.id, quantity, variantKeys: {}, variantId: null }],
      priceGrosze: products + (products >= 9_900 ? 0 : 999),
      recipient: { ...RECIPIENT, email },
      ...(options.nip
        ? { invoiceData: { ...INVOICE_DATA, displayName: "Pracownia Testowa sp. z o.o.", nip: options.nip } }
        : {}),
    }),
    headers: { cookie: `lang=${options.lang ?? "pl"}` },
  });
  if (response.statusCode !== 201) throw new Error(`order not placed: ${response.body}`);
  const body = response.json();
  if (config.payments.provider !== "demo") throw new Error("the demo bank is expected");
  const signed = demoNotification(config.payments.demoSecret, {
    externalId: body.payment.redirectUrl.replace("/bramka-demo/", ""),
    orderNumber: body.orderNumber,
    status: "CONFIRMED",
    amountGrosze: body.priceGrosze,
    currency: "PLN",
  });
  const paid = await app.inject({
    method: "POST",
    url: "/api/payments/demo/notifications",
    payload: signed.rawBody,
    headers: { "content-type": "application/json", signature: signed.headers.signature },
  });
  if (paid.statusCode >= 300) throw new Error(`order not paid: ${paid.body}`);
  const db = app.services.db;
  if (options.delivered ?? true) {
    await db.insert(orderStatuses).values({ orderId: body._id, status: "PARCEL_DELIVERED" });
    await db.update(orders).set({ status: "PARCEL_DELIVERED" }).where(eq(orders.id, body._id));
  }
  const lines = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, body._id))
    .orderBy(orderItems.position, orderItems.id);
  return {
    id: body._id,
    orderNumber: body.orderNumber,
    email,
    priceGrosze: body.priceGrosze,
    lineIds: lines.map((line) => line.id),
  };
}

/** A withdrawal case of the order as the shopper's statement makes it: case, lines, statement, event. */
export async function insertWithdrawalCase(
  db: Db,
  order: PaidOrder,
  options: { lines?: { orderItemId: number; quantity: number }[]; receivedAt?: Date } = {},
): Promise<{ caseId: number }> {
  const receivedAt = options.receivedAt ?? new Date();
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const lines = options.lines ?? items.map((item) => ({ orderItemId: item.id, quantity: item.quantity }));
  const [created] = await db
    .insert(afterSaleCases)
    .values({
      orderId: order.id,
      kind: "withdrawal",
      submissionKey: `fixture-${crypto.randomUUID()}`,
      deadlineAt: refundDeadline(receivedAt),
      createdAt: receivedAt,
    })
    .returning({ id: afterSaleCases.id });
  if (!created) throw new Error("fixture insert failed");
  await db.insert(afterSaleLines).values(lines.map((line) => ({ caseId: created.id, ...line })));
  await db.insert(afterSaleStatements).values({
    caseId: created.id,
    name: "Anna Kowalska",
    email: order.email,
    lines: lines.map((line) => {
      const item = items.find((candidate) => candidate.id === line.orderItemId);
      return {
        orderItemId: line.orderItemId,
        productTitle: item?.productTitle ?? "",
        variantLabel: item?.variantLabel ?? null,
        quantity: line.quantity,
      };
    }),
    lang: "pl",
    text: `Ja, Anna Kowalska, niniejszym informuję o moim odstąpieniu od umowy sprzedaży zamówienia ${order.orderNumber}.`,
    receivedAt,
    clientAddress: "127.0.0.1",
  });
  await db
    .insert(afterSaleEvents)
    .values({ caseId: created.id, kind: "status", status: "REPORTED", createdAt: receivedAt });
  return { caseId: created.id };
}

/** The demo bank, counting refunds by idempotency key, failing the next calls or reporting a status when told. */
export interface CountingProvider extends PaymentProvider {
  /** createRefund calls by idempotency key */
  refundCalls: Map<string, number>;
  /** the next `count` createRefund calls fail with the provider's error */
  failRefunds(count: number): void;
  /** every status read answers this (null: the demo bank's own answer) */
  reportStatus(status: RefundStatus | null): void;
}

export function countingProvider(inner: PaymentProvider): CountingProvider {
  let failures = 0;
  let reported: RefundStatus | null = null;
  const refundCalls = new Map<string, number>();
  return {
    ...inner,
    name: inner.name,
    createPayment: (request) => inner.createPayment(request),
    getPaymentStatus: (id) => inner.getPaymentStatus(id),
    verifyNotification: (raw, headers) => inner.verifyNotification(raw, headers),
    refundCalls,
    failRefunds(count) {
      failures = count;
    },
    reportStatus(status) {
      reported = status;
    },
    async createRefund(request) {
      refundCalls.set(request.idempotencyKey, (refundCalls.get(request.idempotencyKey) ?? 0) + 1);
      if (failures > 0) {
        failures -= 1;
        throw new PaymentProviderError("Paynow refused the refund", "rejected", {
          httpStatus: 400,
          errorType: "INSUFFICIENT_BALANCE_FUNDS",
          providerMessage: "Insufficient balance funds",
        });
      }
      return inner.createRefund(request);
    },
    async getRefundStatus(refundId) {
      return reported ?? inner.getRefundStatus(refundId);
    },
  };
}

/**
 * Runs the due jobs of `queue` until no refund job is left waiting, pulling the scheduled polls and
 * retries to now (the tests do not wait out the back-off).
 */
export async function runRefundJobs(db: Db, queue: JobQueue, handlers: JobHandlers): Promise<void> {
  const worker = createJobWorker(queue, handlers, { pollMs: 60_000, concurrency: 2 });
  for (let round = 0; round < 10; round += 1) {
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1_000) })
      .where(eq(jobs.status, "queued"));
    const ran = await worker.runDue();
    if (ran === 0) return;
  }
}
