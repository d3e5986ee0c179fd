import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUND_OWED_RETURNED } from "../../../domain/order-status";
import { buildApp } from "../../app";
import type { Config } from "../../config";
import {
  afterSaleCases,
  auditLog,
  correctingInvoices,
  jobs,
  mailOutbox,
  orderStatuses,
  orders,
  refunds,
} from "../../db/schema";
import { createPaymentProvider } from "../../integrations/payments";
import { demoNotification } from "../../integrations/payments/demo";
import { createServices } from "../../services";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { NO_ORDER_LIMIT } from "../../test/rate-limits";
import { expectDeclaredReply } from "../../test/reply-check";
import { testConfig } from "../../test/test-config";
import { bearer, createSignedInUser } from "../accounts/accounts.fixtures";
import { createJobWorker } from "../jobs/job-worker";
import {
  insertShopFixtures,
  orderBody,
  productQuantity,
  RECIPIENT,
  type ShopFixtures,
} from "../orders/orders.fixtures";
import {
  type CountingProvider,
  countingProvider,
  insertWithdrawalCase,
  type PaidOrder,
  placePaidOrder,
  runRefundJobs,
} from "./after-sale.fixtures";
import { REFUND_JOBS } from "./refunds.service";

// Refunds through the payment provider (issue 27, docs/decisions/066), in process on PGlite and, with
// DATABASE_URL, on PostgreSQL: the amount checked on the server, the row and its job in one audited
// transaction, the provider asked with one key however many times the job runs or instances run it,
// a provider error kept for staff and retried, a FAILED refund started again, the correcting invoice
// numbered per month and adding up to the grosz, the e-mails, and a paid order canceled with its
// refund.

let database: TestDatabase;
let app: FastifyInstance;
let config: Config;
let shop: ShopFixtures;
let staffToken: string;
let customerToken: string;
let provider: CountingProvider;

const silent = { warn: () => {}, error: () => {} };

beforeAll(async () => {
  database = await createTestDatabase();
  config = testConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "refunds-")) });
  provider = countingProvider(createPaymentProvider(config));
  app = await buildApp(config, database, {
    web: false,
    logger: false,
    rateLimits: NO_ORDER_LIMIT,
    paymentProvider: provider,
  });
  shop = await insertShopFixtures(database.db, { plainQuantity: 500 });
  staffToken = (await createSignedInUser(database.db, { roles: ["shop-moderator", "user"] })).token;
  customerToken = (await createSignedInUser(database.db, { roles: ["user"] })).token;
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const db = () => database.db;
const run = () => runRefundJobs(db(), app.services.jobQueue, app.services.jobHandlers);

function refundAs(token: string | null, order: PaidOrder, payload: unknown) {
  return app.inject({
    method: "POST",
    url: `/api/after-sale/orders/${order.id}/refunds`,
    payload: payload as object,
    headers: token ? bearer(token) : {},
  });
}

async function refundRow(id: number) {
  const [row] = await db().select().from(refunds).where(eq(refunds.id, id));
  return row;
}

async function caseStatus(caseId: number) {
  const [row] = await db().select().from(afterSaleCases).where(eq(afterSaleCases.id, caseId));
  return row?.status;
}

async function mailsTo(email: string, template: string) {
  return db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, template)));
}

describe("the proposal and the amount", () => {
  it("proposes the case's goods plus delivery for a full withdrawal, and refuses more than was paid", async () => {
    const order = await placePaidOrder(app, config, shop.plain);
    const { caseId } = await insertWithdrawalCase(db(), order);
    const detail = await app.inject({
      method: "GET",
      url: `/api/after-sale/cases/${caseId}`,
      headers: bearer(staffToken),
    });
    expectDeclaredReply(app, "GET /api/after-sale/cases/:id", detail);
    const proposal = detail.json().proposal;
    expect(proposal).toMatchObject({
      paidGrosze: order.priceGrosze,
      refundableGrosze: order.priceGrosze,
      goodsGrosze: 8_000,
      proposedGrosze: 8_000 + proposal.deliveryGrosze,
    });
    expect(proposal.deliveryGrosze).toBeGreaterThan(0);

    const tooMuch = await refundAs(staffToken, order, {
      amountGrosze: order.priceGrosze + 1,
      reason: "withdrawal",
      caseId,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields.amountGrosze.key).toBe("validation.maxValue");
    const zero = await refundAs(staffToken, order, { amountGrosze: 0, reason: "withdrawal", caseId });
    expect(zero.statusCode).toBe(400);
    const noCase = await refundAs(staffToken, order, { amountGrosze: 100, reason: "withdrawal" });
    expect(noCase.statusCode).toBe(400);

    // a first partial refund counts while in progress: the rest is all that may follow
    const first = await refundAs(staffToken, order, { amountGrosze: 5_000, reason: "withdrawal", caseId });
    expectDeclaredReply(app, "POST /api/after-sale/orders/:id/refunds", first);
    const rest = await refundAs(staffToken, order, {
      amountGrosze: order.priceGrosze - 5_000 + 1,
      reason: "withdrawal",
      caseId,
    });
    expect(rest.statusCode).toBe(400);
    expect(rest.json().fields.amountGrosze.params.max).toBe(
      ((order.priceGrosze - 5_000) / 100).toFixed(2).replace(".", ","),
    );
  });

  it("refuses an order without a confirmed payment", async () => {
    const placedOnly = await app.inject({
      method: "POST",
      url: "/api/orders",
      payload: orderBody({
        cart: [{ productId: shop.plain.id, quantity: 1, variantKeys: {}, variantId: null }],
        priceGrosze: 4_999,
      }),
    });
    expect(placedOnly.statusCode, placedOnly.body).toBe(201);
    const response = await app.inject({
      method: "POST",
      url: `/api/after-sale/orders/${placedOnly.json()._id}/refunds`,
      payload: { amountGrosze: 100, reason: "refund-owed" },
      headers: bearer(staffToken),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("refund/no-payment");
  });
});

describe("a withdrawal refunded through the demo bank", () => {
  it("sends the refund once, records it, moves the case, issues the correcting invoice and e-mails both steps", async () => {
    const order = await placePaidOrder(app, config, shop.plain, { lang: "en" });
    const { caseId } = await insertWithdrawalCase(db(), order);
    const proposal = (await app.services.refunds.propose({ orderId: order.id, caseId, reason: "withdrawal" }))
      .ok;
    expect(proposal).toBe(true);
    const started = await refundAs(staffToken, order, {
      amountGrosze: order.priceGrosze,
      reason: "withdrawal",
      caseId,
    });
    expect(started.statusCode, started.body).toBe(201);
    const refundId = started.json()._id;
    const row = await refundRow(refundId);
    expect(row?.status).toBe("REQUESTED");
    expect(row?.idempotencyKey.length).toBeLessThanOrEqual(45);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "refund.start"), eq(auditLog.entityId, String(refundId))));
    expect(audit).toBeDefined();

    await run();
    const done = await refundRow(refundId);
    expect(done?.status).toBe("SUCCESSFUL");
    expect(done?.completedAt).not.toBeNull();
    expect(provider.refundCalls.get(done?.idempotencyKey ?? "")).toBe(1);
    expect(await caseStatus(caseId)).toBe("REFUNDED");

    const [correction] = await db()
      .select()
      .from(correctingInvoices)
      .where(eq(correctingInvoices.refundId, refundId));
    expect(correction?.number).toMatch(/^KOR\/\d{4}\/\d{2}\/\d{4}$/);
    expect(correction?.totalGrosze).toBe(-order.priceGrosze);
    expect(correction?.lines.reduce((sum, line) => sum + line.amountGrosze, 0)).toBe(-order.priceGrosze);
    expect(correction?.lines.map((line) => line.quantity)).toEqual([-2, -1]);

    expect(await mailsTo(order.email, "refund-started")).toHaveLength(1);
    const [doneMail] = await mailsTo(order.email, "refund-done");
    expect(doneMail?.subject).toBe(`Refund complete: order ${order.orderNumber}`);
    expect(doneMail?.text).toContain(`/api/after-sale/corrections/${correction?.id}/pdf`);

    // the jobs again (a retry after a lost commit): nothing more is sent or issued
    await app.services.refunds.send(refundId);
    await app.services.refunds.poll(refundId, 0);
    expect(provider.refundCalls.get(done?.idempotencyKey ?? "")).toBe(1);
    expect(await mailsTo(order.email, "refund-done")).toHaveLength(1);
    const corrections = await db()
      .select()
      .from(correctingInvoices)
      .where(eq(correctingInvoices.orderId, order.id));
    expect(corrections).toHaveLength(1);

    // the PDF: the guest with number and e-mail, staff; anyone else does not learn it exists
    const url = `/api/after-sale/corrections/${correction?.id}/pdf`;
    const guest = await app.inject({
      method: "GET",
      url: `${url}?orderNumber=${order.orderNumber}&email=${encodeURIComponent(order.email)}`,
    });
    expectDeclaredReply(app, "GET /api/after-sale/corrections/:id/pdf", guest);
    expect(guest.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await app.inject({ method: "GET", url, headers: bearer(staffToken) })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url, headers: bearer(customerToken) })).statusCode).toBe(404);
    const wrong = await app.inject({
      method: "GET",
      url: `${url}?orderNumber=${order.orderNumber}&email=someone@example.com`,
    });
    expect(wrong.statusCode).toBe(404);
  });

  it("numbers correcting invoices one after another within the month", async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const order = await placePaidOrder(app, config, shop.plain, { quantity: 3 });
      const { caseId } = await insertWithdrawalCase(db(), order, {
        lines: [{ orderItemId: order.lineIds[0] ?? 0, quantity: 1 }],
      });
      const response = await refundAs(staffToken, order, {
        amountGrosze: 4_000,
        reason: "withdrawal",
        caseId,
      });
      expect(response.statusCode, response.body).toBe(201);
      await run();
      const [correction] = await db()
        .select()
        .from(correctingInvoices)
        .where(eq(correctingInvoices.orderId, order.id));
      // one unit of three, no delivery (the contract is not withdrawn from as a whole)
      expect(correction?.lines).toEqual([
        expect.objectContaining({ quantity: -1, amountGrosze: -4_000, vatRate: 23 }),
      ]);
      numbers.push(correction?.number ?? "");
    }
    const sequences = numbers.map((number) => Number(number.split("/").at(-1)));
    expect(sequences[1]).toBe((sequences[0] ?? 0) + 1);
  });
});

describe("retries and instances", () => {
  it("keeps the provider's error for staff, retries, and the dead letter leaves the refund not done", async () => {
    const order = await placePaidOrder(app, config, shop.plain);
    const { caseId } = await insertWithdrawalCase(db(), order);
    const started = await refundAs(staffToken, order, { amountGrosze: 1_000, reason: "withdrawal", caseId });
    const refundId = started.json()._id;
    provider.failRefunds(1);
    const worker = createJobWorker(app.services.jobQueue, app.services.jobHandlers, {
      pollMs: 60_000,
      concurrency: 1,
    });
    await worker.runDue();
    const failed = await refundRow(refundId);
    expect(failed?.status).toBe("REQUESTED");
    expect(failed?.lastError).toContain("INSUFFICIENT_BALANCE_FUNDS");
    const shown = await app.inject({
      method: "GET",
      url: `/api/after-sale/refunds/${refundId}`,
      headers: bearer(staffToken),
    });
    expectDeclaredReply(app, "GET /api/after-sale/refunds/:id", shown);
    expect(shown.json().lastError).toContain("Insufficient balance funds");
    const [job] = await db().select().from(jobs).where(eq(jobs.kind, REFUND_JOBS.send)).orderBy(jobs.id);
    expect(job).toBeDefined();

    await run();
    const after = await refundRow(refundId);
    expect(after?.status).toBe("SUCCESSFUL");
    expect(after?.lastError).toBeNull();
    expect(provider.refundCalls.get(after?.idempotencyKey ?? "")).toBe(2);

    // always refused: out of attempts the job is dead, the refund stays REQUESTED with the error
    const second = await placePaidOrder(app, config, shop.plain);
    const secondCase = await insertWithdrawalCase(db(), second);
    const doomed = (
      await refundAs(staffToken, second, {
        amountGrosze: 500,
        reason: "withdrawal",
        caseId: secondCase.caseId,
      })
    ).json()._id;
    provider.failRefunds(1);
    await db()
      .update(jobs)
      .set({ attempts: 7 })
      .where(and(eq(jobs.kind, REFUND_JOBS.send), eq(jobs.status, "queued")));
    await worker.runDue();
    const dead = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, REFUND_JOBS.send), eq(jobs.status, "failed")));
    expect(dead.length).toBeGreaterThan(0);
    const stuck = await refundRow(doomed);
    expect(stuck?.status).toBe("REQUESTED");
    expect(stuck?.lastError).toContain("INSUFFICIENT_BALANCE_FUNDS");
  });

  it("two instances running the refund's job at once ask the provider with one key and record it once", async () => {
    const order = await placePaidOrder(app, config, shop.plain);
    const { caseId } = await insertWithdrawalCase(db(), order);
    const refundId = (
      await refundAs(staffToken, order, { amountGrosze: 2_000, reason: "withdrawal", caseId })
    ).json()._id;
    const second = createServices(db(), config, { paymentProvider: provider, log: silent });
    // both instances run the send as if each had claimed it (a lease ran out mid-call)
    await Promise.all([app.services.refunds.send(refundId), second.refunds.send(refundId)]);
    const row = await refundRow(refundId);
    const keys = [...provider.refundCalls.keys()].filter((key) => key === row?.idempotencyKey);
    expect(keys).toHaveLength(1);
    expect(row?.providerRefundId).toMatch(/^DEMO-R-/);
    // and two workers on one database share the polls: the refund ends once
    await Promise.all([
      runRefundJobs(db(), app.services.jobQueue, app.services.jobHandlers),
      runRefundJobs(db(), second.jobQueue, second.jobHandlers),
    ]);
    expect((await refundRow(refundId))?.status).toBe("SUCCESSFUL");
    expect(await mailsTo(order.email, "refund-started")).toHaveLength(1);
    expect(await mailsTo(order.email, "refund-done")).toHaveLength(1);
    const corrections = await db()
      .select()
      .from(correctingInvoices)
      .where(eq(correctingInvoices.refundId, refundId));
    expect(corrections).toHaveLength(1);
  });

  it("a FAILED refund no longer counts: staff start it again", async () => {
    const order = await placePaidOrder(app, config, shop.plain);
    const { caseId } = await insertWithdrawalCase(db(), order);
    const payload = { amountGrosze: order.priceGrosze, reason: "withdrawal", caseId };
    const first = (await refundAs(staffToken, order, payload)).json()._id;
    provider.reportStatus("FAILED");
    try {
      await run();
    } finally {
      provider.reportStatus(null);
    }
    expect((await refundRow(first))?.status).toBe("FAILED");
    expect(await caseStatus(caseId)).toBe("REPORTED");
    const again = await refundAs(staffToken, order, payload);
    expect(again.statusCode, again.body).toBe(201);
    await run();
    expect((await refundRow(again.json()._id))?.status).toBe("SUCCESSFUL");
    expect(await caseStatus(caseId)).toBe("REFUNDED");
  });
});

describe("money owed back (ADR 032)", () => {
  /** An order canceled by staff, then paid through the demo bank: the shop owes the money back. */
  async function placeOwedOrder(email: string): Promise<{ _id: number }> {
    const placed = await app.inject({
      method: "POST",
      url: "/api/orders",
      payload: orderBody({
        cart: [{ productId: shop.plain.id, quantity: 1, variantKeys: {}, variantId: null }],
        priceGrosze: 4_999,
        recipient: { ...RECIPIENT, email },
      }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    const canceled = await app.inject({
      method: "PUT",
      url: `/api/orders/${order._id}/add-status`,
      payload: { status: "CANCELED" },
      headers: bearer(staffToken),
    });
    expect(canceled.statusCode).toBe(200);
    if (config.payments.provider !== "demo") throw new Error("the demo bank is expected");
    const signed = demoNotification(config.payments.demoSecret, {
      externalId: order.payment.redirectUrl.replace("/bramka-demo/", ""),
      orderNumber: order.orderNumber,
      status: "CONFIRMED",
      amountGrosze: 4_999,
      currency: "PLN",
    });
    await app.inject({
      method: "POST",
      url: "/api/payments/demo/notifications",
      payload: signed.rawBody,
      headers: { "content-type": "application/json", signature: signed.headers.signature },
    });
    return order;
  }

  function refundOwed(order: { _id: number }, amountGrosze: number) {
    return app.inject({
      method: "POST",
      url: `/api/after-sale/orders/${order._id}/refunds`,
      payload: { amountGrosze, reason: "refund-owed" },
      headers: bearer(staffToken),
    });
  }

  /** Is the order in the staff list's "Do zwrotu" filter (the dashboard counts the same SQL)? */
  async function listedAsOwed(order: { _id: number }): Promise<boolean> {
    const list = await app.inject({ method: "GET", url: "/api/orders?zwrot=1", headers: bearer(staffToken) });
    expect(list.statusCode, list.body).toBe(200);
    return list.json().items.some((item: { _id: number }) => item._id === order._id);
  }

  it("refunds a payment that arrived after the cancel, to that payment, with no correcting invoice", async () => {
    const order = await placeOwedOrder("owed@example.com");
    const owed = await app.inject({
      method: "GET",
      url: `/api/after-sale/orders/${order._id}/refunds?reason=refund-owed`,
      headers: bearer(staffToken),
    });
    expect(owed.json().proposal).toMatchObject({ hasPayment: true, refundableGrosze: 4_999 });
    const response = await refundOwed(order, 4_999);
    expect(response.statusCode, response.body).toBe(201);
    await run();
    expect((await refundRow(response.json()._id))?.status).toBe("SUCCESSFUL");
    const corrections = await db()
      .select()
      .from(correctingInvoices)
      .where(eq(correctingInvoices.orderId, order._id));
    expect(corrections).toEqual([]);
    const again = await refundOwed(order, 1);
    expect(again.statusCode).toBe(400);
  });

  it("a successful refund ends the 'Do zwrotu' mark, a FAILED one keeps it; the history keeps both", async () => {
    const order = await placeOwedOrder("owed-mark@example.com");
    const counted = await app.services.orderStaff.countRefundOwed();
    expect(await listedAsOwed(order)).toBe(true);

    const failed = await refundOwed(order, 4_999);
    provider.reportStatus("FAILED");
    try {
      await run();
    } finally {
      provider.reportStatus(null);
    }
    expect((await refundRow(failed.json()._id))?.status).toBe("FAILED");
    expect(await listedAsOwed(order)).toBe(true);
    expect(await app.services.orderStaff.countRefundOwed()).toBe(counted);

    const done = await refundOwed(order, 4_999);
    expect(done.statusCode, done.body).toBe(201);
    await run();
    expect((await refundRow(done.json()._id))?.status).toBe("SUCCESSFUL");
    expect(await listedAsOwed(order)).toBe(false);
    expect(await app.services.orderStaff.countRefundOwed()).toBe(counted - 1);
    const history = await db()
      .select()
      .from(orderStatuses)
      .where(eq(orderStatuses.orderId, order._id))
      .orderBy(orderStatuses.createdAt, orderStatuses.id);
    expect(history.filter((entry) => entry.hidden).map((entry) => entry.status)).toEqual([
      "ERROR_PAID_AFTER_CANCEL",
      REFUND_OWED_RETURNED,
    ]);
  });
});

describe("staff cancel a paid order", () => {
  it("gives the units back and refunds everything paid in the cancel's transaction", async () => {
    const stock = () => productQuantity(db(), shop.plain.id);
    const before = await stock();
    const order = await placePaidOrder(app, config, shop.plain, { delivered: false });
    expect(await stock()).toBe((before ?? 0) - 2);
    const canceled = await app.inject({
      method: "PUT",
      url: `/api/orders/${order.id}/add-status`,
      payload: { status: "CANCELED" },
      headers: bearer(staffToken),
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await stock()).toBe(before);
    const [row] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row).toMatchObject({ reason: "cancel", amountGrosze: order.priceGrosze, status: "REQUESTED" });
    await run();
    expect((await refundRow(row?.id ?? 0))?.status).toBe("SUCCESSFUL");
    const [correction] = await db()
      .select()
      .from(correctingInvoices)
      .where(eq(correctingInvoices.orderId, order.id));
    expect(correction?.reason).toBe("anulowanie zamówienia");
    expect(correction?.totalGrosze).toBe(-order.priceGrosze);
    const [orderRow] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(orderRow?.status).toBe("CANCELED");

    // a shipped order cannot be canceled any more
    const shipped = await placePaidOrder(app, config, shop.plain, { delivered: false });
    await app.inject({
      method: "PUT",
      url: `/api/orders/${shipped.id}/add-shipment-number`,
      payload: { shipmentNumber: "123456789012345678901234" },
      headers: bearer(staffToken),
    });
    const refused = await app.inject({
      method: "PUT",
      url: `/api/orders/${shipped.id}/add-status`,
      payload: { status: "CANCELED" },
      headers: bearer(staffToken),
    });
    expect(refused.statusCode).toBe(409);
  });

  it("refuses customers and guests every refund route", async () => {
    const order = await placePaidOrder(app, config, shop.plain);
    for (const token of [customerToken, null]) {
      const expected = token ? 403 : 401;
      expect((await refundAs(token, order, { amountGrosze: 100, reason: "refund-owed" })).statusCode).toBe(
        expected,
      );
      const list = await app.inject({
        method: "GET",
        url: `/api/after-sale/orders/${order.id}/refunds`,
        headers: token ? bearer(token) : {},
      });
      expect(list.statusCode).toBe(expected);
    }
    const list = await app.inject({
      method: "GET",
      url: `/api/after-sale/orders/${order.id}/refunds?reason=cancel`,
      headers: bearer(staffToken),
    });
    expectDeclaredReply(app, "GET /api/after-sale/orders/:id/refunds", list);
  });
});
