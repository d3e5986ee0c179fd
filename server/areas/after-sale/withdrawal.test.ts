import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import {
  afterSaleCases,
  afterSaleEvents,
  afterSaleLines,
  afterSaleStatements,
  correctingInvoices,
  invoices,
  mailOutbox,
  orderItems,
  orderStatuses,
  payments,
  refunds,
} from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { NO_ORDER_LIMIT } from "../../test/rate-limits";
import { expectDeclaredReply } from "../../test/reply-check";
import { testConfig } from "../../test/test-config";
import { bearer, createSignedInUser } from "../accounts/accounts.fixtures";
import {
  insertShopFixtures,
  LOCKER,
  orderBody,
  RECIPIENT,
  type ShopFixtures,
} from "../orders/orders.fixtures";

// The shopper's withdrawal function through the API (issue 27, docs/decisions/066), on a real
// database: a guest and a customer withdraw, someone else's order is "not found", the period's end
// is refused with its date, a double submission makes one statement and one e-mail, more units than
// are left are refused, the statement's PDF is its holder's only, and attempts are rate-limited.

let database: TestDatabase;
let app: FastifyInstance;
let shop: ShopFixtures;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "withdrawal-")) });
  app = await buildApp(config, database, { web: false, logger: false, rateLimits: NO_ORDER_LIMIT });
  shop = await insertShopFixtures(database.db, { plainQuantity: 200, pinkQuantity: 100 });
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const db = () => database.db;
let addressCounter = 0;
/** each test its own client address: the lookup limit per address stays the rate-limit test's business */
const nextAddress = () => `10.0.${Math.floor(addressCounter / 200)}.${(addressCounter++ % 200) + 1}`;

interface Placed {
  _id: number;
  orderNumber: string;
  email: string;
  lineIds: number[];
}

/** A paid order of 3 plain units and 1 pink variant (guest unless headers sign someone in). */
async function placePaid(email: string, headers: Record<string, string> = {}): Promise<Placed> {
  const response = await app.inject({
    method: "POST",
    url: "/api/orders",
    headers,
    payload: orderBody({
      cart: [
        { productId: shop.plain.id, quantity: 3, variantKeys: {}, variantId: null },
        {
          productId: shop.variantProduct.id,
          quantity: 1,
          variantKeys: { [String(shop.variantProduct.fieldId)]: shop.variantProduct.pink.optionId },
          variantId: shop.variantProduct.pink.variantId,
        },
      ],
      priceGrosze: 3 * 4_000 + 7_500,
      recipient: { ...RECIPIENT, email },
      deliveryPoint: LOCKER,
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  const externalId = String(body.payment.redirectUrl).replace("/bramka-demo/", "");
  expect((await app.services.payments.demoDecide(externalId, "pay")).ok).toBe(true);
  const lines = await db()
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, body._id))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
  return { _id: body._id, orderNumber: body.orderNumber, email: body.email, lineIds: lines.map((l) => l.id) };
}

function statement(order: Placed, overrides: Record<string, unknown> = {}) {
  return {
    name: "Anna Kowalska",
    email: order.email,
    orderNumber: order.orderNumber,
    lines: [{ lineId: order.lineIds[0], quantity: 2 }],
    reason: "",
    submissionKey: crypto.randomUUID(),
    ...overrides,
  };
}

function withdraw(body: object, options: { headers?: Record<string, string>; ip?: string } = {}) {
  return app.inject({
    method: "POST",
    url: "/api/after-sale/withdrawals",
    payload: body,
    headers: options.headers ?? {},
    remoteAddress: options.ip ?? nextAddress(),
  });
}

async function mailsTo(email: string) {
  return db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

describe("POST /api/after-sale/withdrawals", () => {
  it("a guest withdraws part of an order: one case, its lines, the statement, a REPORTED event and the acknowledgement e-mail", async () => {
    const order = await placePaid("gosc-odstapienie@example.com");
    const before = Date.now();
    const response = await withdraw(statement(order, { reason: "Za mały" }));
    expectDeclaredReply(app, "POST /api/after-sale/withdrawals", response);
    const receipt = response.json();
    expect(receipt).toMatchObject({
      orderNumber: order.orderNumber,
      status: "REPORTED",
      replayed: false,
      lines: [{ orderItemId: order.lineIds[0], quantity: 2 }],
    });
    expect(Date.parse(receipt.receivedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(receipt.text).toContain(
      "Ja/My(*) niniejszym informuję/informujemy(*) o moim/naszym odstąpieniu od umowy sprzedaży następujących rzeczy:",
    );
    expect(receipt.text).toContain(`Numer zamówienia: ${order.orderNumber}`);
    expect(receipt.text).toContain("Powód odstąpienia (nieobowiązkowy): Za mały");

    const [caseRow] = await db().select().from(afterSaleCases).where(eq(afterSaleCases.id, receipt.caseId));
    expect(caseRow).toMatchObject({
      kind: "withdrawal",
      status: "REPORTED",
      orderId: order._id,
      userId: null,
    });
    expect(caseRow?.deadlineAt.toISOString()).toBe(receipt.refundDeadline);
    const lines = await db().select().from(afterSaleLines).where(eq(afterSaleLines.caseId, receipt.caseId));
    expect(lines).toMatchObject([{ orderItemId: order.lineIds[0], quantity: 2 }]);
    const [stored] = await db()
      .select()
      .from(afterSaleStatements)
      .where(eq(afterSaleStatements.caseId, receipt.caseId));
    expect(stored).toMatchObject({
      name: "Anna Kowalska",
      lang: "pl",
      text: receipt.text,
      reason: "Za mały",
    });
    expect(stored?.clientAddress).toMatch(/^10\.0\./);
    const events = await db()
      .select()
      .from(afterSaleEvents)
      .where(eq(afterSaleEvents.caseId, receipt.caseId));
    expect(events).toMatchObject([{ kind: "status", status: "REPORTED", visibleToCustomer: true }]);

    const mails = (await mailsTo(order.email)).filter((mail) => mail.template === "withdrawal-received");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(order.orderNumber);
    // the full statement, the receipt in Warsaw time, where to send the parcel and the links
    expect(mails[0]?.text).toContain(receipt.text);
    expect(mails[0]?.text).toContain("ul. Krawiecka 1");
    expect(mails[0]?.text).toContain(`/api/after-sale/withdrawals/${receipt.caseId}/statement.pdf?`);
    expect(mails[0]?.text).toContain("/zamowienie?orderNumber=");
  });

  it("the same submission twice makes one statement and one e-mail, and answers the first case", async () => {
    const order = await placePaid("podwojnie@example.com");
    const body = statement(order);
    const [first, second] = await Promise.all([withdraw(body), withdraw(body)]);
    const third = await withdraw(body);
    const ids = [first, second, third].map((reply) => reply.json().caseId);
    expect(new Set(ids).size).toBe(1);
    expect([first, second, third].filter((reply) => reply.json().replayed)).toHaveLength(2);
    const cases = await db().select().from(afterSaleCases).where(eq(afterSaleCases.orderId, order._id));
    expect(cases).toHaveLength(1);
    const statements = await db()
      .select()
      .from(afterSaleStatements)
      .where(eq(afterSaleStatements.caseId, ids[0]));
    expect(statements).toHaveLength(1);
    const mails = (await mailsTo(order.email)).filter((mail) => mail.template === "withdrawal-received");
    expect(mails).toHaveLength(1);
  });

  it("refuses more units than are left, counting the earlier withdrawals of the order", async () => {
    const order = await placePaid("za-duzo@example.com");
    const tooMany = await withdraw(statement(order, { lines: [{ lineId: order.lineIds[0], quantity: 4 }] }));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      code: "after-sale/too-many-units",
      details: { lineId: order.lineIds[0], withdrawable: 3 },
    });
    expect((await withdraw(statement(order))).statusCode).toBe(201);
    const again = await withdraw(statement(order, { lines: [{ lineId: order.lineIds[0], quantity: 2 }] }));
    expect(again.json()).toMatchObject({ code: "after-sale/too-many-units", details: { withdrawable: 1 } });
    // the last unit and the other line are still there
    const rest = await withdraw(
      statement(order, {
        lines: [
          { lineId: order.lineIds[0], quantity: 1 },
          { lineId: order.lineIds[1], quantity: 1 },
        ],
      }),
    );
    expect(rest.statusCode, rest.body).toBe(201);
    const form = await app.services.withdrawals.formFor(
      (await app.services.orders.getById(order._id)) ?? expect.fail("order"),
    );
    expect(form.lines.map((line) => line.withdrawable)).toEqual([0, 0]);
  });

  it("refuses a line of another order as invalid", async () => {
    const order = await placePaid("obca-linia@example.com");
    const other = await placePaid("inna@example.com");
    const reply = await withdraw(statement(order, { lines: [{ lineId: other.lineIds[0], quantity: 1 }] }));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().code).toBe("validation");
  });

  it("after the period: refused with the date it ended", async () => {
    const order = await placePaid("po-terminie@example.com");
    // delivered on 1 October 2026 at noon Warsaw time: the period ended on 15 October at 23:59:59.999
    await db()
      .insert(orderStatuses)
      .values({
        orderId: order._id,
        status: "PARCEL_DELIVERED",
        createdAt: new Date("2026-10-01T10:00:00Z"),
      });
    const reply = await withdraw(statement(order));
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({
      code: "after-sale/withdrawal-period-ended",
      details: { endsAt: "2026-10-15T21:59:59.999Z", params: { date: "15.10.2026" } },
    });
    expect(await db().select().from(afterSaleCases).where(eq(afterSaleCases.orderId, order._id))).toEqual([]);
  });

  it("a signed-in customer withdraws from their own order (the case names them); another customer's order is not found, like a missing one", async () => {
    const owner = await createSignedInUser(db(), { roles: ["user"], approved: true });
    const stranger = await createSignedInUser(db(), { roles: ["user"], approved: true });
    const order = await placePaid("", bearer(owner.token));
    expect(order.email).toBe(owner.email);
    // the confirmation may go to another address the customer gives
    const mine = await withdraw(statement(order, { email: "inny-adres@example.com" }), {
      headers: bearer(owner.token),
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const [caseRow] = await db()
      .select()
      .from(afterSaleCases)
      .where(eq(afterSaleCases.id, mine.json().caseId));
    expect(caseRow?.userId).toBe(owner.id);
    expect((await mailsTo("inny-adres@example.com")).map((mail) => mail.template)).toEqual([
      "withdrawal-received",
    ]);

    const asStranger = await withdraw(statement(order, { email: stranger.email }), {
      headers: bearer(stranger.token),
    });
    const missing = await withdraw(
      statement(order, { email: stranger.email, orderNumber: "2026-ZZZZZ-ZZZZZ" }),
      {
        headers: bearer(stranger.token),
      },
    );
    const wrongEmail = await withdraw(statement(order, { email: "eve@example.com" }));
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json()).toEqual(missing.json());
    expect(wrongEmail.json()).toEqual(missing.json());
    expect(asStranger.body).not.toContain(order.orderNumber);
  });

  it("an unpaid order cannot be withdrawn from", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/orders",
      payload: orderBody({
        cart: [{ productId: shop.plain.id, quantity: 3, variantKeys: {}, variantId: null }],
        priceGrosze: 12_000,
        recipient: { ...RECIPIENT, email: "nieoplacone@example.com" },
      }),
    });
    const body = response.json();
    const lines = await db()
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, body._id));
    const reply = await withdraw(
      statement({ ...body, lineIds: lines.map((line) => line.id) }, { email: "nieoplacone@example.com" }),
    );
    expect(reply.statusCode).toBe(409);
    expect(reply.json().code).toBe("after-sale/withdrawal-unavailable");
  });

  it("limits the attempts per order number and per address (the guest lookup's limit)", async () => {
    const order = await placePaid("limit@example.com");
    const ip = "10.9.9.9";
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      answers.push(
        (await withdraw(statement(order, { email: `zgaduje-${i}@example.com` }), { ip })).statusCode,
      );
    }
    expect(answers.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(answers[10]).toBe(429);
    // the right e-mail from that address is refused too while the limit lasts
    expect((await withdraw(statement(order), { ip })).statusCode).toBe(429);
  });
});

describe("GET /api/after-sale/withdrawals/:id/statement.pdf", () => {
  it("serves the statement to its order's holder, the customer and staff; anyone else gets not found", async () => {
    const owner = await createSignedInUser(db(), { roles: ["user"], approved: true });
    const stranger = await createSignedInUser(db(), { roles: ["user"], approved: true });
    const staff = await createSignedInUser(db(), { roles: ["shop-moderator", "user"], approved: true });
    const order = await placePaid("", bearer(owner.token));
    const receipt = (await withdraw(statement(order), { headers: bearer(owner.token) })).json();
    const url = `/api/after-sale/withdrawals/${receipt.caseId}/statement.pdf`;
    const key = "GET /api/after-sale/withdrawals/:id/statement.pdf";

    const asHolder = await app.inject({ url: receipt.statementUrl, remoteAddress: nextAddress() });
    expectDeclaredReply(app, key, asHolder);
    const pdf = await PDFDocument.load(asHolder.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toContain(order.orderNumber);
    expectDeclaredReply(app, key, await app.inject({ url, headers: bearer(owner.token) }));
    expectDeclaredReply(app, key, await app.inject({ url, headers: bearer(staff.token) }));

    const missing = await app.inject({ url: "/api/after-sale/withdrawals/2000000000/statement.pdf" });
    expect(missing.statusCode).toBe(404);
    for (const refused of [
      await app.inject({ url }),
      await app.inject({ url, headers: bearer(stranger.token) }),
      await app.inject({
        url: `${url}?orderNumber=${order.orderNumber}&email=eve@example.com`,
        remoteAddress: nextAddress(),
      }),
    ]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual(missing.json());
    }
  });
});

describe("the order pages' after-sale part (withdrawals.ofOrder)", () => {
  const orderOf = async (id: number) => (await app.services.orders.getById(id)) ?? expect.fail("order");

  it("offers the withdrawal until the period ends, then names the date it ended", async () => {
    const order = await placePaid("okres@example.com");
    const open = await app.services.withdrawals.ofOrder(await orderOf(order._id));
    expect(open.window).toEqual({ open: true, endsAt: null, reason: null });
    expect(open.unitsLeft).toBe(4);
    await db()
      .insert(orderStatuses)
      .values({
        orderId: order._id,
        status: "PARCEL_DELIVERED",
        createdAt: new Date("2026-10-01T10:00:00Z"),
      });
    const ended = await app.services.withdrawals.ofOrder(await orderOf(order._id));
    expect(ended.window).toEqual({ open: false, endsAt: "2026-10-15T21:59:59.999Z", reason: "ended" });
  });

  it("lists the cases with their state, lines, visible history and PDF; the refunds and correcting invoices of the order", async () => {
    const order = await placePaid("stan@example.com");
    const receipt = (await withdraw(statement(order))).json();
    await db()
      .insert(afterSaleEvents)
      .values([
        { caseId: receipt.caseId, kind: "note", message: "notatka dla sklepu", visibleToCustomer: false },
        { caseId: receipt.caseId, kind: "status", status: "GOODS_RECEIVED" },
      ]);
    await db()
      .update(afterSaleCases)
      .set({ status: "GOODS_RECEIVED" })
      .where(eq(afterSaleCases.id, receipt.caseId));
    const [payment] = await db()
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.orderId, order._id));
    const [refund] = await db()
      .insert(refunds)
      .values({
        orderId: order._id,
        caseId: receipt.caseId,
        paymentId: payment?.id ?? expect.fail("payment"),
        amountGrosze: 8_000,
        reason: "withdrawal",
        status: "SUCCESSFUL",
        idempotencyKey: `refund-${receipt.caseId}`,
        completedAt: new Date(),
      })
      .returning({ id: refunds.id });
    const [invoice] = await db()
      .insert(invoices)
      .values({
        orderId: order._id,
        year: 2026,
        month: 11,
        sequence: 9_000 + order._id,
        number: `FV/T/${order._id}`,
      })
      .onConflictDoNothing()
      .returning({ id: invoices.id });
    const invoiceId =
      invoice?.id ??
      (await db().select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, order._id)))[0]?.id;
    await db()
      .insert(correctingInvoices)
      .values({
        orderId: order._id,
        invoiceId: invoiceId ?? expect.fail("invoice"),
        refundId: refund?.id ?? null,
        year: 2026,
        month: 11,
        sequence: order._id,
        number: `KOR/T/${order._id}`,
        lines: [],
        totalGrosze: -8_000,
        reason: "withdrawal",
      });

    const view = await app.services.withdrawals.ofOrder(await orderOf(order._id));
    expect(view.cases).toHaveLength(1);
    expect(view.cases[0]).toMatchObject({
      id: receipt.caseId,
      kind: "withdrawal",
      status: "GOODS_RECEIVED",
      receivedAt: receipt.receivedAt,
      lines: [{ quantity: 2 }],
      statementUrl: receipt.statementUrl,
    });
    // the staff note is not the customer's
    expect(view.cases[0]?.events.map((event) => event.status)).toEqual(["REPORTED", "GOODS_RECEIVED"]);
    expect(view.refunds).toMatchObject([{ amountGrosze: 8_000, status: "SUCCESSFUL" }]);
    expect(view.corrections).toMatchObject([{ number: `KOR/T/${order._id}` }]);
    expect(view.corrections[0]?.pdfUrl).toMatch(/^\/api\/after-sale\/corrections\/\d+\/pdf\?/);
    expect(view.returnAddress[0]).toBe("Pracownia Szycia (dane demonstracyjne)");
  });

  it("writes an English statement for a page in English", async () => {
    const order = await placePaid("english@example.com");
    const reply = await app.inject({
      method: "POST",
      url: "/api/after-sale/withdrawals",
      payload: statement(order),
      cookies: { lang: "en" },
      remoteAddress: nextAddress(),
    });
    expect(reply.json().lang).toBe("en");
    expect(reply.json().text).toContain("I/We(*) hereby give notice that I/We(*) withdraw");
    const [mail] = (await mailsTo(order.email)).filter((entry) => entry.template === "withdrawal-received");
    expect(mail?.subject).toBe(`Confirmation of your withdrawal – order ${order.orderNumber}`);
  });
});
