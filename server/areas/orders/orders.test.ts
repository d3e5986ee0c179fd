import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { translate } from "../../../domain/i18n";
import { withdrawalUrlOf } from "../../../domain/withdrawal-links";
import { buildApp } from "../../app";
import { mailOutbox, orderStatuses, orders, payments, products, productVariants } from "../../db/schema";
import { demoNotification } from "../../integrations/payments/demo";
import { createRateLimiter } from "../../lib/rate-limit";
import { createServices } from "../../services";
import { startApi } from "../../test/api";
import { type CountingDatabase, countingDatabase } from "../../test/counting-database";
import { recordFigure } from "../../test/figures";
import { kitForFile } from "../../test/kit-for-file";
import { NO_ORDER_LIMIT } from "../../test/rate-limits";
import { testConfig } from "../../test/test-config";
import { bearer, createSignedInUser } from "../accounts/accounts.fixtures";
import { createCouponGuard } from "../coupons/coupon-guard";
import { resultUrlOf } from "../payments/result-url";
import { orderEmail } from "./order-emails";
import { insertShopFixtures, LOCKER, orderBody, RECIPIENT, type ShopFixtures } from "./orders.fixtures";
import { createOrderQueries } from "./orders.queries";
import { createOrdersService } from "./orders.service";

// Placing and paying orders through the API, on a real database (PGlite, and PostgreSQL when
// DATABASE_URL is set — the concurrency cases are only meaningful there).

const kit = kitForFile(() => startApi({ name: "orders", app: { rateLimits: NO_ORDER_LIMIT } }));

let shop: ShopFixtures;

beforeAll(async () => {
  shop = await insertShopFixtures(kit.database.db);
});

const db = () => kit.database.db;

async function stockOf(variantId: number): Promise<number> {
  const [row] = await db()
    .select({ q: productVariants.quantity })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row?.q ?? -1;
}
async function productStock(productId: number): Promise<number> {
  const [row] = await db().select({ q: products.quantity }).from(products).where(eq(products.id, productId));
  return row?.q ?? -1;
}

function twoLines(s: ShopFixtures) {
  return [
    { productId: s.plain.id, quantity: 1, variantKeys: {}, variantId: null },
    {
      productId: s.variantProduct.id,
      quantity: 1,
      variantKeys: { [String(s.variantProduct.fieldId)]: s.variantProduct.pink.optionId },
      variantId: s.variantProduct.pink.variantId,
    },
  ];
}

function post(body: unknown, headers: Record<string, string> = {}) {
  return kit.app.inject({ method: "POST", url: "/api/orders", payload: body as object, headers });
}

async function notify(
  input: {
    externalId: string;
    orderNumber: string;
    status: "CONFIRMED" | "REJECTED" | "PENDING";
    amountGrosze: number;
    currency?: string;
  },
  signatureOverride?: string,
) {
  const signed = demoNotification(
    kit.config.payments.provider === "demo" ? kit.config.payments.demoSecret : "",
    {
      currency: "PLN",
      ...input,
    },
  );
  return kit.app.inject({
    method: "POST",
    url: "/api/payments/demo/notifications",
    payload: signed.rawBody,
    headers: { "content-type": "application/json", signature: signatureOverride ?? signed.headers.signature },
  });
}

function externalIdOf(redirectUrl: string): string {
  return redirectUrl.replace("/bramka-demo/", "");
}

describe("POST /api/orders", () => {
  it("places a guest order: prices, free delivery and the coupon from the database, stock taken, payment started", async () => {
    const plainBefore = await productStock(shop.plain.id);
    const pinkBefore = await stockOf(shop.variantProduct.pink.variantId);
    // 40.00 + 75.00 = 115.00 ≥ 99 → free delivery; 10 % off → 103.50
    const response = await post(
      orderBody({ cart: twoLines(shop), priceGrosze: 10_350, coupon: shop.percentCoupon.code }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.payment.redirectUrl).toMatch(/^\/bramka-demo\/DEMO-[A-Z2-7]{16}$/);
    expect(body.orderNumber).toMatch(/^\d{4}-[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    expect(body.status).toBe("PAYMENT_NEW");
    expect(await productStock(shop.plain.id)).toBe(plainBefore - 1);
    expect(await stockOf(shop.variantProduct.pink.variantId)).toBe(pinkBefore - 1);

    const order = (
      await kit.app.inject({ url: `/api/orders/${body.orderNumber}?email=ANNA@example.com` })
    ).json();
    expect(order).toMatchObject({
      priceGrosze: 10_350,
      totalProductsGrosze: 11_500,
      couponDiscountGrosze: 1_150,
      delivery: { method: "parcel-locker", priceGrosze: 0 },
      maxProcessingTime: "3-6",
      email: "anna@example.com",
    });
    expect(order.cart[1]).toMatchObject({
      unitPriceGrosze: 7_500,
      variantLabel: "Kolor: różowy",
      vatRate: 8,
    });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, "anna@example.com"));
    expect(mails.map((m) => m.template)).toContain("order-received");
    // the e-mail (made from the order as written, with its coupon) is what the stored order gives
    const stored = await kit.app.services.orders.getById(body._id);
    if (!stored) throw new Error("order missing");
    const expected = orderEmail("received", stored, {
      lang: "pl",
      shopName: kit.config.shopName,
      orderUrl: `${kit.config.publicUrl}/zamowienie?orderNumber=${encodeURIComponent(stored.orderNumber)}&email=${encodeURIComponent(stored.email)}`,
      withdrawalUrl: `${kit.config.publicUrl}${withdrawalUrlOf(stored)}`,
    });
    const mail = mails.find((m) => m.subject === expected.subject);
    expect(mail).toMatchObject({ text: expected.text, html: expected.html, template: "order-received" });
  });

  it("refuses a tampered total with the fresh figures and takes nothing", async () => {
    const before = await productStock(shop.plain.id);
    const response = await post(orderBody({ cart: twoLines(shop).slice(0, 1), priceGrosze: 100 }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "order/price-changed",
      details: {
        totalGrosze: 4_000 + 999,
        productsGrosze: 4_000,
        deliveryGrosze: 999,
        unitPricesGrosze: [4_000],
      },
    });
    expect(await productStock(shop.plain.id)).toBe(before);
  });

  it("refuses a hidden product, a variant of another product and a missing variant", async () => {
    const hidden = await post(
      orderBody({
        cart: [{ productId: shop.hidden.id, quantity: 1, variantKeys: {}, variantId: null }],
        priceGrosze: 1_999,
      }),
    );
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json()).toMatchObject({
      code: "product/unavailable",
      message: "Ten produkt jest niedostępny. Odśwież stronę i spróbuj ponownie.",
    });
    const wrongVariant = await post(
      orderBody({
        cart: [
          {
            productId: shop.plain.id,
            quantity: 1,
            variantKeys: {},
            variantId: shop.variantProduct.pink.variantId,
          },
        ],
        priceGrosze: 4_999,
      }),
    );
    expect(wrongVariant.json().code).toBe("product/unavailable");
    const missingVariant = await post(
      orderBody({
        cart: [{ productId: shop.variantProduct.id, quantity: 1, variantKeys: {}, variantId: null }],
        priceGrosze: 8_499,
      }),
    );
    expect(missingVariant.json().code).toBe("product/unavailable");
  });

  it("answers out of stock with a 409 naming the product", async () => {
    const blue = shop.variantProduct.blue;
    const response = await post(
      orderBody({
        cart: [
          { productId: shop.variantProduct.id, quantity: 5, variantKeys: {}, variantId: blue.variantId },
        ],
        priceGrosze: 5 * blue.priceGrosze,
      }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "order/out-of-stock",
      details: { available: 4, variantId: blue.variantId },
    });
    expect(response.json().details.product).toMatch(/^Śpiworek/);
    expect(await stockOf(blue.variantId)).toBe(4);
  });

  it("validates the payload: 400 with field errors, parcel locker needs a point, terms must be accepted", async () => {
    const response = await post({
      ...orderBody({ cart: twoLines(shop), priceGrosze: 1 }),
      deliveryPoint: null,
      acceptTermsAndConditions: false,
      recipient: { ...RECIPIENT, phone: "12" },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(
      expect.arrayContaining(["acceptTermsAndConditions", "recipient.phone"]),
    );
    const noPoint = await post({
      ...orderBody({ cart: twoLines(shop), priceGrosze: 1 }),
      deliveryPoint: null,
    });
    expect(noPoint.statusCode).toBe(400);
    expect(noPoint.json().fields.deliveryPoint).toMatchObject({ key: "checkout.selectParcelLocker" });
  });

  it("returns the same order for a retried request with the same Idempotency-Key", async () => {
    const before = await productStock(shop.plain.id);
    const body = orderBody({ cart: twoLines(shop).slice(0, 1), priceGrosze: 4_999 });
    const first = await post(body, { "idempotency-key": "retry-key-1" });
    const second = await post(body, { "idempotency-key": "retry-key-1" });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().orderNumber).toBe(first.json().orderNumber);
    expect(second.json().payment.redirectUrl).toBe(first.json().payment.redirectUrl);
    expect(await productStock(shop.plain.id)).toBe(before - 1);
    // the same key from another shopper is another order: nobody gets someone else's order by its key
    const stranger = await post(
      { ...body, recipient: { ...body.recipient, email: "ewa@example.com" } },
      { "idempotency-key": "retry-key-1" },
    );
    expect(stranger.statusCode).toBe(201);
    expect(stranger.json().orderNumber).not.toBe(first.json().orderNumber);
  });

  it("refuses a parcel-locker id the built-in picker does not know, with a field error; takes a known one", async () => {
    const before = await productStock(shop.plain.id);
    const body = (id: string) =>
      orderBody({
        cart: twoLines(shop).slice(0, 1),
        priceGrosze: 4_999,
        deliveryPoint: { ...LOCKER, foreign_access_point_id: id },
      });
    const unknown = await post(body("NOT-A-LOCKER-1"));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: "validation",
      fields: { deliveryPoint: { key: "checkout.unknownParcelLocker" } },
    });
    expect(translate("pl", "checkout.unknownParcelLocker")).toBe(
      "Nie znamy takiego paczkomatu. Wybierz paczkomat z listy",
    );
    expect(await productStock(shop.plain.id)).toBe(before);
    expect((await post(body(LOCKER.foreign_access_point_id.toLowerCase()))).statusCode).toBe(201);
  });

  it("with a carrier's map widget the locker ids are the widget's: one outside the table is accepted", async () => {
    const widgetConfig = testConfig({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "orders-widget-")),
      INPOST_GEOWIDGET_TOKEN: "token-testowy",
    });
    const widgetApp = await buildApp(widgetConfig, kit.database, {
      web: false,
      logger: false,
      rateLimits: NO_ORDER_LIMIT,
    });
    try {
      const response = await widgetApp.inject({
        method: "POST",
        url: "/api/orders",
        payload: orderBody({
          cart: twoLines(shop).slice(0, 1),
          priceGrosze: 4_999,
          deliveryPoint: { ...LOCKER, foreign_access_point_id: "GDA99X" },
        }) as object,
      });
      expect(response.statusCode).toBe(201);
    } finally {
      await widgetApp.close();
    }
  });

  it("refuses an Idempotency-Key reused with a different cart (422), leaving the first order as it was", async () => {
    const body = orderBody({ cart: twoLines(shop).slice(0, 1), priceGrosze: 4_999 });
    const first = await post(body, { "idempotency-key": "reused-key-1" });
    expect(first.statusCode).toBe(201);
    const stockAfterFirst = await productStock(shop.plain.id);
    const twoUnits = orderBody({
      cart: [{ productId: shop.plain.id, quantity: 2, variantKeys: {}, variantId: null }],
      priceGrosze: 8_999,
    });
    const reused = await post(twoUnits, { "idempotency-key": "reused-key-1" });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({
      code: "order/idempotency-key-reused",
      messageKey: "errors.idempotencyKeyReused",
    });
    expect(reused.body).not.toContain(first.json().orderNumber);
    // another delivery address is another request too
    const otherStreet = await post(
      { ...body, recipient: { ...body.recipient, street: "Inna 2" } },
      { "idempotency-key": "reused-key-1" },
    );
    expect(otherStreet.statusCode).toBe(422);
    expect(await productStock(shop.plain.id)).toBe(stockAfterFirst);
    // the very same request is still its order
    const same = await post(body, { "idempotency-key": "reused-key-1" });
    expect(same.statusCode).toBe(201);
    expect(same.json().orderNumber).toBe(first.json().orderNumber);
  });

  it("an unapproved customer cannot order, and gets the confirmation e-mail again", async () => {
    const user = await createSignedInUser(db(), { approved: false, emailConfirmed: false });
    const response = await post(
      orderBody({ cart: twoLines(shop).slice(0, 1), priceGrosze: 4_999 }),
      bearer(user.token),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("checkout/account-not-approved");
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mails.map((m) => m.template)).toContain("email-confirmation");
  });

  it("a signed-in customer's order uses the account e-mail and shows in /api/orders/my", async () => {
    const user = await createSignedInUser(db());
    const recipient = { ...RECIPIENT, email: "" };
    const response = await post(
      orderBody({
        cart: twoLines(shop).slice(0, 1),
        priceGrosze: 4_000 + 1_499,
        delivery: "courier",
        deliveryPoint: null,
        recipient,
      }),
      bearer(user.token),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().email).toBe(user.email);
    const mine = (await kit.app.inject({ url: "/api/orders/my", headers: bearer(user.token) })).json();
    expect(mine.map((o: { orderNumber: string }) => o.orderNumber)).toContain(response.json().orderNumber);
    expect(mine[0].delivery).toMatchObject({ method: "courier", priceGrosze: 1_499 });
  });
});

describe("payments", () => {
  async function placeOne(cartQuantity = 1) {
    const response = await post(
      orderBody({
        cart: [{ productId: shop.plain.id, quantity: cartQuantity, variantKeys: {}, variantId: null }],
        priceGrosze: 4_000 * cartQuantity + (4_000 * cartQuantity >= 9_900 ? 0 : 999),
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    return { ...body, externalId: externalIdOf(body.payment.redirectUrl) } as {
      _id: number;
      orderNumber: string;
      priceGrosze: number;
      externalId: string;
    };
  }
  async function statusesOf(orderId: number) {
    const rows = await db().select().from(orderStatuses).where(eq(orderStatuses.orderId, orderId));
    return rows.map((r) => r.status);
  }

  it("the demo bank's pay confirms once, issues the invoice and sends the paid e-mail, whatever the repeats", async () => {
    const order = await placeOne();
    const confirm = {
      externalId: order.externalId,
      orderNumber: order.orderNumber,
      status: "CONFIRMED" as const,
      amountGrosze: order.priceGrosze,
    };
    const replies = await Promise.all(Array.from({ length: 10 }, () => notify(confirm)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(202));
    const statuses = await statusesOf(order._id);
    expect(statuses.filter((s) => s === "PAYMENT_CONFIRMED")).toHaveLength(1);
    const [row] = await db().select().from(orders).where(eq(orders.id, order._id));
    expect(row?.status).toBe("PAYMENT_CONFIRMED");
    expect(row?.invoiceUrl).toContain(`/api/orders/${order.orderNumber}/invoice`);
    const paidMails = await db().select().from(mailOutbox).where(eq(mailOutbox.template, "order-paid"));
    const orderPaidMails = paidMails.filter((m) => m.subject.includes(order.orderNumber));
    expect(orderPaidMails).toHaveLength(1);
    const confirmations = statuses.filter((s) => s === "PAYMENT_CONFIRMED").length;
    recordFigure({
      suite: "payments",
      tried: "10 concurrent identical CONFIRMED notifications",
      result: `${replies.filter((r) => r.statusCode === 202).length} × 202, ${confirmations} status change, ${orderPaidMails.length} paid e-mail`,
      held: confirmations === 1 && orderPaidMails.length === 1,
    });

    // out of order: PENDING after CONFIRMED changes nothing
    expect((await notify({ ...confirm, status: "PENDING" })).statusCode).toBe(202);
    const afterPending = (await db().select().from(orders).where(eq(orders.id, order._id)))[0]?.status;
    expect(afterPending).toBe("PAYMENT_CONFIRMED");
    recordFigure({
      suite: "payments",
      tried: "PENDING notification after CONFIRMED (out of order)",
      result: `order stays ${afterPending}`,
      held: afterPending === "PAYMENT_CONFIRMED",
    });
  });

  it("refuses a bad signature with 400 and changes nothing", async () => {
    const order = await placeOne();
    const response = await notify(
      {
        externalId: order.externalId,
        orderNumber: order.orderNumber,
        status: "CONFIRMED",
        amountGrosze: order.priceGrosze,
      },
      "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
    );
    expect(response.statusCode).toBe(400);
    const statuses = await statusesOf(order._id);
    expect(statuses).not.toContain("PAYMENT_CONFIRMED");
    recordFigure({
      suite: "payments",
      tried: "CONFIRMED notification with a wrong signature",
      result: `${response.statusCode}, order statuses ${statuses.join(" → ")}`,
      held: response.statusCode === 400 && !statuses.includes("PAYMENT_CONFIRMED"),
    });
  });

  it("does not confirm a payment whose amount or currency differs from the order", async () => {
    const order = await placeOne();
    await notify({
      externalId: order.externalId,
      orderNumber: order.orderNumber,
      status: "CONFIRMED",
      amountGrosze: order.priceGrosze - 1,
    });
    const other = await placeOne();
    await notify({
      externalId: other.externalId,
      orderNumber: other.orderNumber,
      status: "CONFIRMED",
      amountGrosze: other.priceGrosze,
      currency: "EUR",
    });
    let confirmed = 0;
    for (const id of [order._id, other._id]) {
      const [row] = await db().select().from(orders).where(eq(orders.id, id));
      expect(row?.status).toBe("PAYMENT_NEW");
      expect(row?.paidAt).toBeNull();
      if (row?.status !== "PAYMENT_NEW" || row.paidAt !== null) confirmed++;
    }
    recordFigure({
      suite: "payments",
      tried: "CONFIRMED notifications with the amount 1 grosz short and in EUR",
      result: `${confirmed} of 2 orders confirmed`,
      held: confirmed === 0,
    });
  });

  it("a payment left at the bank is resumed, never a second charge; the order says until when it may be paid", async () => {
    const order = await placeOne();
    const lookup = await kit.app.inject({ url: `/api/orders/${order.orderNumber}?email=anna@example.com` });
    expect(lookup.statusCode, lookup.body).toBe(200);
    const placed = lookup.json() as { status: string; reservedUntil: string | null };
    expect(placed.status).toBe("PAYMENT_NEW");
    // the order page's "Zapłać" is offered until the payment time (ORDER_PAYMENT_TIMEOUT_MINUTES) ends
    const minutesLeft = (Date.parse(placed.reservedUntil ?? "") - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(kit.config.orderPaymentTimeoutMinutes - 2);
    expect(minutesLeft).toBeLessThanOrEqual(kit.config.orderPaymentTimeoutMinutes);

    const retry = await kit.app.inject({
      url: `/api/orders/retry-payment/${order.orderNumber}?email=anna@example.com`,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(externalIdOf(retry.json().redirectUrl)).toBe(order.externalId);
    expect(await db().select().from(payments).where(eq(payments.orderId, order._id))).toHaveLength(1);
    const paid = await kit.app.services.payments.demoDecide(order.externalId, "pay");
    expect(paid.ok).toBe(true);
    const after = await kit.app.inject({ url: `/api/orders/${order.orderNumber}?email=anna@example.com` });
    expect(after.json()).toMatchObject({ status: "PAYMENT_CONFIRMED", reservedUntil: null });
  });

  it("a rejected payment gives the units back; a retry takes them again and can be paid", async () => {
    const before = await productStock(shop.plain.id);
    const order = await placeOne(2);
    expect(await productStock(shop.plain.id)).toBe(before - 2);
    const decided = await kit.app.services.payments.demoDecide(order.externalId, "reject");
    expect(decided.ok && decided.value.returnUrl).toBe(
      `/gotowe?orderNumber=${order.orderNumber}&email=anna%40example.com`,
    );
    expect((await db().select().from(orders).where(eq(orders.id, order._id)))[0]?.status).toBe(
      "PAYMENT_ERROR",
    );
    expect(await productStock(shop.plain.id)).toBe(before);

    const retry = await kit.app.inject({
      url: `/api/orders/retry-payment/${order.orderNumber}?email=anna@example.com`,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    const newExternalId = externalIdOf(retry.json().redirectUrl);
    expect(newExternalId).not.toBe(order.externalId);
    expect(await productStock(shop.plain.id)).toBe(before - 2);
    const paid = await kit.app.services.payments.demoDecide(newExternalId, "pay");
    expect(paid.ok).toBe(true);
    expect(await statusesOf(order._id)).toEqual([
      "NEW",
      "PAYMENT_NEW",
      "PAYMENT_ERROR",
      "PAYMENT_NEW",
      "PAYMENT_CONFIRMED",
    ]);
    expect(await productStock(shop.plain.id)).toBe(before - 2);
  });

  it("unpaid orders are canceled after the payment time, units back; a late payment is owed back, not taken", async () => {
    const before = await productStock(shop.plain.id);
    const order = await placeOne();
    await db()
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1_000) })
      .where(eq(orders.id, order._id));
    expect(await kit.app.services.payments.cancelExpired()).toBeGreaterThanOrEqual(1);
    expect(await productStock(shop.plain.id)).toBe(before);
    expect(await kit.app.services.payments.cancelExpired()).toBe(0);
    await notify({
      externalId: order.externalId,
      orderNumber: order.orderNumber,
      status: "CONFIRMED",
      amountGrosze: order.priceGrosze,
    });
    expect((await db().select().from(orders).where(eq(orders.id, order._id)))[0]?.status).toBe("CANCELED");
    expect(await statusesOf(order._id)).toContain("ERROR_PAID_AFTER_CANCEL");
    expect(await productStock(shop.plain.id)).toBe(before);
  });

  it("guest lookup needs the matching e-mail; someone else's order is not found", async () => {
    const order = await placeOne();
    expect(
      (await kit.app.inject({ url: `/api/orders/${order.orderNumber}?email=anna@example.com` })).statusCode,
    ).toBe(200);
    expect(
      (await kit.app.inject({ url: `/api/orders/${order.orderNumber}?email=eve@example.com` })).statusCode,
    ).toBe(404);
    const stranger = await createSignedInUser(db());
    expect(
      (await kit.app.inject({ url: `/api/orders/${order._id}`, headers: bearer(stranger.token) })).statusCode,
    ).toBe(404);
  });

  it("an order short of one line's units takes none of the others", async () => {
    // the variant (locked first) has enough, the plain product (locked after it) does not
    const s = await insertShopFixtures(db(), { plainQuantity: 1, pinkQuantity: 20 });
    const res = await post(
      orderBody({
        cart: [
          { productId: s.plain.id, quantity: 2, variantKeys: {}, variantId: null },
          {
            productId: s.variantProduct.id,
            quantity: 2,
            variantKeys: {},
            variantId: s.variantProduct.pink.variantId,
          },
        ],
        // free delivery from 99 zł
        priceGrosze: 2 * 4_000 + 2 * 7_500,
      }),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: "order/out-of-stock",
      details: { productId: s.plain.id, variantId: null, available: 1 },
    });
    expect(await productStock(s.plain.id)).toBe(1);
    expect(await stockOf(s.variantProduct.pink.variantId)).toBe(20);
  });

  it("serves the invoice PDF only once paid, to the e-mail's owner", async () => {
    const order = await placeOne();
    const url = `/api/orders/${order.orderNumber}/invoice?email=anna@example.com`;
    expect((await kit.app.inject({ url })).json().code).toBe("invoice/not-ready");
    await kit.app.services.payments.demoDecide(order.externalId, "pay");
    const pdf = await kit.app.inject({ url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await kit.app.inject({ url: url.replace("anna@", "eve@") })).statusCode).toBe(404);
  });
});

describe("concurrency", () => {
  it("50 concurrent buyers for 3 units: exactly 3 orders, the rest a clear 409, stock ends at 0", async () => {
    const s = await insertShopFixtures(db(), { pinkQuantity: 3 });
    const line = {
      productId: s.variantProduct.id,
      quantity: 1,
      variantKeys: {},
      variantId: s.variantProduct.pink.variantId,
    };
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => post(orderBody({ cart: [line], priceGrosze: 7_500 + 999 }))),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(47);
    expect(
      replies.filter((r) => r.statusCode === 409).every((r) => r.json().code === "order/out-of-stock"),
    ).toBe(true);
    const stock = await stockOf(s.variantProduct.pink.variantId);
    expect(stock).toBe(0);
    const placed = codes.filter((c) => c === 201).length;
    const refused = codes.filter((c) => c === 409).length;
    recordFigure({
      suite: "concurrency",
      tried: "50 concurrent buyers for 3 units",
      result: `${placed} orders, ${refused} × 409 out-of-stock, stock ${stock}`,
      held: placed === 3 && refused === 47 && stock === 0,
    });
  });

  it("20 concurrent two-line orders, half with the lines reversed: no deadlock, the stock taken exactly", async () => {
    const s = await insertShopFixtures(db(), { plainQuantity: 5, pinkQuantity: 50 });
    const plain = { productId: s.plain.id, quantity: 1, variantKeys: {}, variantId: null };
    const pink = {
      productId: s.variantProduct.id,
      quantity: 1,
      variantKeys: {},
      variantId: s.variantProduct.pink.variantId,
    };
    // both rows are locked in one global order whatever the order of the lines (stock.ts)
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(orderBody({ cart: i % 2 ? [plain, pink] : [pink, plain], priceGrosze: 4_000 + 7_500 })),
      ),
    );
    const codes = replies.map((r) => r.statusCode);
    const placed = codes.filter((c) => c === 201).length;
    const refused = replies.filter(
      (r) => r.statusCode === 409 && r.json().code === "order/out-of-stock",
    ).length;
    const plainLeft = await productStock(s.plain.id);
    const pinkLeft = await stockOf(s.variantProduct.pink.variantId);
    recordFigure({
      suite: "concurrency",
      tried: "20 concurrent orders of 2 lines (plain product, 5 units; variant, 50), lines in both orders",
      result: `${placed} orders, ${refused} × 409 out-of-stock, other answers ${20 - placed - refused}; stock ${plainLeft} and ${pinkLeft}`,
      held: placed === 5 && refused === 15 && plainLeft === 0 && pinkLeft === 45,
    });
    expect(codes.filter((c) => c !== 201 && c !== 409)).toEqual([]);
    expect(placed).toBe(5);
    expect(refused).toBe(15);
    expect(plainLeft).toBe(0);
    expect(pinkLeft).toBe(45);
  });

  it("a coupon limited to 5 uses gives exactly 5 discounts under 20 concurrent orders", async () => {
    const s = await insertShopFixtures(db(), { couponLimit: 5, plainQuantity: 100 });
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(
          orderBody({
            cart: [{ productId: s.plain.id, quantity: 1, variantKeys: {}, variantId: null }],
            priceGrosze: 4_000 + 999 - 500,
            coupon: s.limitedCoupon.code,
          }),
        ),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(replies.filter((r) => r.statusCode !== 201).every((r) => r.json().code === "coupon/invalid")).toBe(
      true,
    );
    const discounted = replies.filter((r) => r.statusCode === 201).length;
    recordFigure({
      suite: "concurrency",
      tried: "20 concurrent orders with a coupon limited to 5 uses",
      result: `${discounted} discounted orders, ${replies.length - discounted} × coupon/invalid`,
      held: discounted === 5,
    });
  });
});

describe("staff order actions", () => {
  async function place() {
    const response = await post(
      orderBody({
        cart: [{ productId: shop.plain.id, quantity: 1, variantKeys: {}, variantId: null }],
        priceGrosze: 4_999,
      }),
    );
    const body = response.json();
    return { ...body, externalId: externalIdOf(body.payment.redirectUrl) } as {
      _id: number;
      orderNumber: string;
      externalId: string;
    };
  }
  const mailsFor = async (orderNumber: string, template: string) =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.template, template))).filter((m) =>
      m.text.includes(orderNumber),
    );

  it("only shop staff may list orders and change them", async () => {
    const order = await place();
    const customer = await createSignedInUser(db());
    expect((await kit.app.inject({ url: "/api/orders" })).statusCode).toBe(401);
    expect((await kit.app.inject({ url: "/api/orders", headers: bearer(customer.token) })).statusCode).toBe(
      403,
    );
    const put = (headers: Record<string, string>) =>
      kit.app.inject({
        method: "PUT",
        url: `/api/orders/${order._id}/add-status`,
        payload: { status: "CANCELED" },
        headers,
      });
    expect((await put({})).statusCode).toBe(401);
    expect((await put(bearer(customer.token))).json().message).toBe("Required moderator role");
  });

  it("a shipment number sends the shipment e-mail with the tracking link; the same number again is refused", async () => {
    const order = await place();
    await kit.app.services.payments.demoDecide(order.externalId, "pay");
    const staff = await createSignedInUser(db(), { roles: ["shop-moderator", "user"] });
    const add = (shipmentNumber: string) =>
      kit.app.inject({
        method: "PUT",
        url: `/api/orders/${order._id}/add-shipment-number`,
        payload: { shipmentNumber },
        headers: bearer(staff.token),
      });
    const first = await add("620000000000000000000001");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: "SHIPMENT_NUMBER_ADDED",
      shipmentNumber: "620000000000000000000001",
    });
    const [mail] = await mailsFor(order.orderNumber, "order-shipped");
    expect(mail?.text).toContain("https://inpost.pl/sledzenie-przesylek?number=620000000000000000000001");
    const again = await add("6200 0000 0000 0000 0000 0001");
    expect(again.statusCode).toBe(400);
    expect(again.json().fields.shipmentNumber.key).toBe("shipment.sameAsPrevious");
    const list = (
      await kit.app.inject({ url: `/api/orders?szukaj=${order.orderNumber}`, headers: bearer(staff.token) })
    ).json();
    expect(list.total).toBe(1);
    expect(list.items[0].shipmentNumber).toBe("620000000000000000000001");
  });

  it("canceling an unpaid order gives the units back and sends the e-mail; a shipped order cannot be canceled", async () => {
    const staff = await createSignedInUser(db(), { roles: ["shop-moderator", "user"] });
    const before = await productStock(shop.plain.id);
    const unpaid = await place();
    const cancel = (id: number) =>
      kit.app.inject({
        method: "PUT",
        url: `/api/orders/${id}/add-status`,
        payload: { status: "CANCELED" },
        headers: bearer(staff.token),
      });
    expect((await cancel(unpaid._id)).statusCode).toBe(200);
    expect(await productStock(shop.plain.id)).toBe(before);
    expect(await mailsFor(unpaid.orderNumber, "order-canceled")).toHaveLength(1);
    // a late payment of a canceled order does not revive it
    await kit.app.services.payments.demoDecide(unpaid.externalId, "pay");
    expect((await db().select().from(orders).where(eq(orders.id, unpaid._id)))[0]?.status).toBe("CANCELED");

    // paid and shipped: too late to cancel (a paid order before it ships is canceled with a refund:
    // after-sale/refunds.test.ts)
    const paid = await place();
    await kit.app.services.payments.demoDecide(paid.externalId, "pay");
    const shipped = await kit.app.inject({
      method: "PUT",
      url: `/api/orders/${paid._id}/add-shipment-number`,
      payload: { shipmentNumber: "620000000000000000000099" },
      headers: bearer(staff.token),
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((await cancel(paid._id)).statusCode).toBe(409);
    const delivered = await kit.app.inject({
      method: "PUT",
      url: `/api/orders/${paid._id}/add-status`,
      payload: { status: "PARCEL_DELIVERED" },
      headers: bearer(staff.token),
    });
    expect(delivered.json().status).toBe("PARCEL_DELIVERED");
  });

  it("refuses what the status table does not allow with order/status-conflict naming the status", async () => {
    const staff = await createSignedInUser(db(), { roles: ["shop-moderator", "user"] });
    const unpaid = await place();
    const put = (path: string, payload: object) =>
      kit.app.inject({
        method: "PUT",
        url: `/api/orders/${unpaid._id}/${path}`,
        payload,
        headers: bearer(staff.token),
      });
    for (const reply of [
      await put("add-status", { status: "PARCEL_DELIVERED" }),
      await put("add-shipment-number", { shipmentNumber: "620000000000000000000009" }),
    ]) {
      expect(reply.statusCode, reply.body).toBe(409);
      expect(reply.json()).toMatchObject({
        code: "order/status-conflict",
        messageKey: "errors.order/status-conflict",
        details: { status: "PAYMENT_NEW" },
      });
    }
  });
});

describe("group commit (orders arriving together are written in one batch)", () => {
  // a second app on the same database whose statements are counted: batched orders share them
  let counting: CountingDatabase;
  let batchApp: FastifyInstance;
  let batches = 0;

  beforeAll(async () => {
    counting = countingDatabase(kit.database);
    batchApp = await buildApp(kit.config, counting.database, {
      web: false,
      logger: false,
      rateLimits: NO_ORDER_LIMIT,
    });
  });
  afterAll(async () => {
    await batchApp?.close();
  });

  function postAll(bodies: { body: unknown; key?: string }[]) {
    counting.log.clear();
    return Promise.all(
      bodies.map(({ body, key }) =>
        batchApp.inject({
          method: "POST",
          url: "/api/orders",
          payload: body as object,
          headers: key ? { "idempotency-key": key } : {},
        }),
      ),
    );
  }

  const guest = (email: string) => ({ ...RECIPIENT, email });
  const plainLine = (s: ShopFixtures, quantity: number) => ({
    productId: s.plain.id,
    quantity,
    variantKeys: {},
    variantId: null,
  });

  it("30 concurrent orders of one product: each whole (lines, statuses, payment, its own e-mail), the stock exact, a fraction of the statements", async () => {
    batches += 1;
    const s = await insertShopFixtures(db(), { plainQuantity: 100 });
    const emails = Array.from({ length: 30 }, (_, i) => `batch${batches}-${i}@example.com`);
    // every third buys 3 (120.00: free delivery), the others 1 (40.00 + 9.99 delivery)
    const quantities = emails.map((_, i) => (i % 3 === 0 ? 3 : 1));
    const replies = await postAll(
      emails.map((email, i) => ({
        body: orderBody({
          cart: [plainLine(s, quantities[i] ?? 1)],
          priceGrosze: quantities[i] === 3 ? 12_000 : 4_999,
          recipient: guest(email),
        }),
        key: `batch-${batches}-${i}`,
      })),
    );
    const statements = counting.log.statements.length;
    expect(replies.map((r) => r.statusCode)).toEqual(replies.map(() => 201));
    const answers = replies.map((r) => r.json());
    expect(new Set(answers.map((a) => a._id)).size).toBe(30);
    expect(answers.every((a) => a.status === "PAYMENT_NEW")).toBe(true);
    expect(answers.map((a) => a.email)).toEqual(emails);
    expect(answers.map((a) => a.priceGrosze)).toEqual(quantities.map((q) => (q === 3 ? 12_000 : 4_999)));
    const units = quantities.reduce((sum, q) => sum + q, 0);
    expect(await productStock(s.plain.id)).toBe(100 - units);

    for (const [i, answer] of answers.entries()) {
      const order = await kit.app.services.orders.getById(answer._id);
      expect(order?.cart.map((line) => [line.product, line.quantity, line.unitPriceGrosze])).toEqual([
        [s.plain.id, quantities[i], 4_000],
      ]);
      expect(order?.statuses.map((entry) => entry.status)).toEqual(["NEW", "PAYMENT_NEW"]);
      expect(order?.email).toBe(emails[i]);
      const paid = await db().select().from(payments).where(eq(payments.orderId, answer._id));
      expect(paid.map((p) => [p.status, p.amountGrosze, p.redirectUrl])).toEqual([
        ["PAYMENT_NEW", answer.priceGrosze, answer.payment.redirectUrl],
      ]);
      // its own "order received" e-mail, exactly what the one-order path sends for this order
      const mails = await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, emails[i] ?? ""));
      expect(mails).toHaveLength(1);
      if (!order) throw new Error("order missing");
      const expected = orderEmail("received", order, {
        lang: "pl",
        shopName: kit.config.shopName,
        orderUrl: `${kit.config.publicUrl}/zamowienie?orderNumber=${encodeURIComponent(order.orderNumber)}&email=${encodeURIComponent(order.email)}`,
        withdrawalUrl: `${kit.config.publicUrl}${withdrawalUrlOf(order)}`,
      });
      expect(mails[0]).toMatchObject({
        subject: expected.subject,
        text: expected.text,
        html: expected.html,
        template: "order-received",
      });
    }
    // one by one they took 30 × 9 statements (the key check, then 8)
    recordFigure({
      suite: "group commit",
      tried: "30 concurrent one-line orders of one product (each with its own Idempotency-Key)",
      result: `30 × 201, stock ${100 - units} of 100, ${statements} statements (one by one: ${30 * 9})`,
      held: statements <= 30 * 3,
    });
    expect(statements).toBeLessThanOrEqual(30 * 3);
  });

  it("a failing order in a batch does not fail its neighbours: each gets its own answer", async () => {
    batches += 1;
    const s = await insertShopFixtures(db(), { plainQuantity: 100, pinkQuantity: 1 });
    const pink = {
      productId: s.variantProduct.id,
      quantity: 1,
      variantKeys: {},
      variantId: s.variantProduct.pink.variantId,
    };
    const email = (i: number) => `batch${batches}-${i}@example.com`;
    const good = Array.from({ length: 8 }, (_, i) => ({
      body: orderBody({ cart: [plainLine(s, 1)], priceGrosze: 4_999, recipient: guest(email(i)) }),
    }));
    const replies = await postAll([
      ...good,
      // a total the server does not compute
      { body: orderBody({ cart: [plainLine(s, 1)], priceGrosze: 100, recipient: guest(email(8)) }) },
      // a hidden product
      {
        body: orderBody({
          cart: [{ productId: s.hidden.id, quantity: 1, variantKeys: {}, variantId: null }],
          priceGrosze: 4_999,
          recipient: guest(email(9)),
        }),
      },
      // two buyers for the variant's last unit: the batch is short of it, rolls back, and its
      // orders go one by one
      { body: orderBody({ cart: [pink], priceGrosze: 8_499, recipient: guest(email(10)) }) },
      { body: orderBody({ cart: [pink], priceGrosze: 8_499, recipient: guest(email(11)) }) },
    ]);
    const codes = replies.map((r) => r.statusCode);
    expect(codes.slice(0, 8)).toEqual(good.map(() => 201));
    expect(replies[8]?.statusCode).toBe(409);
    expect(replies[8]?.json()).toMatchObject({
      code: "order/price-changed",
      details: { totalGrosze: 4_999 },
    });
    expect(replies[9]?.statusCode).toBe(409);
    expect(replies[9]?.json()).toMatchObject({ code: "product/unavailable" });
    const lastUnit = replies.slice(10).map((r) => [r.statusCode, r.json().code ?? null]);
    expect(lastUnit.sort()).toEqual([
      [201, null],
      [409, "order/out-of-stock"],
    ]);
    expect(await productStock(s.plain.id)).toBe(92);
    expect(await stockOf(s.variantProduct.pink.variantId)).toBe(0);
    const placed = await db()
      .select({ email: orders.email })
      .from(orders)
      .where(like(orders.email, `batch${batches}-%`));
    expect(placed).toHaveLength(9);
    recordFigure({
      suite: "group commit",
      tried: "12 concurrent orders: 8 good, a tampered total, a hidden product, 2 buyers of a last unit",
      result: `answers ${codes.join(", ")}; ${placed.length} orders; stock 92 of 100 and 0 of 1`,
      held: placed.length === 9,
    });
  });

  it("the same Idempotency-Key twice among concurrent orders makes one order, both answers show it", async () => {
    batches += 1;
    const s = await insertShopFixtures(db(), { plainQuantity: 50 });
    const email = (i: number) => `batch${batches}-${i}@example.com`;
    const twice = {
      body: orderBody({ cart: [plainLine(s, 1)], priceGrosze: 4_999, recipient: guest(email(0)) }),
      key: `same-${batches}`,
    };
    const others = Array.from({ length: 4 }, (_, i) => ({
      body: orderBody({ cart: [plainLine(s, 1)], priceGrosze: 4_999, recipient: guest(email(i + 1)) }),
      key: `other-${batches}-${i}`,
    }));
    const replies = await postAll([twice, ...others, twice]);
    expect(replies.map((r) => r.statusCode)).toEqual(replies.map(() => 201));
    const first = replies[0]?.json();
    const repeat = replies[5]?.json();
    expect(repeat._id).toBe(first._id);
    expect(repeat.orderNumber).toBe(first.orderNumber);
    const placed = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(like(orders.email, `batch${batches}-%`));
    expect(placed).toHaveLength(5);
    expect(await productStock(s.plain.id)).toBe(45);
    recordFigure({
      suite: "group commit",
      tried: "6 concurrent orders, 2 of them with the same Idempotency-Key",
      result: `${placed.length} orders, the repeat answered with order ${repeat._id === first._id ? "the same" : "ANOTHER"}`,
      held: placed.length === 5 && repeat._id === first._id,
    });
  });

  it("40 concurrent buyers for 25 units: exactly 25 orders, the stock never below zero", async () => {
    const s = await insertShopFixtures(db(), { plainQuantity: 25 });
    const replies = await postAll(
      Array.from({ length: 40 }, () => ({
        body: orderBody({ cart: [plainLine(s, 1)], priceGrosze: 4_999 }),
      })),
    );
    const codes = replies.map((r) => r.statusCode);
    const placed = codes.filter((c) => c === 201).length;
    const refused = replies.filter(
      (r) => r.statusCode === 409 && r.json().code === "order/out-of-stock",
    ).length;
    const left = await productStock(s.plain.id);
    recordFigure({
      suite: "group commit",
      tried: "40 concurrent buyers for 25 units",
      result: `${placed} orders, ${refused} × 409 out-of-stock, stock ${left}`,
      held: placed === 25 && refused === 15 && left === 0,
    });
    expect(placed).toBe(25);
    expect(refused).toBe(15);
    expect(left).toBe(0);
  });
});

describe("stages (a group's payments do not wait for the e-mails of the group before it)", () => {
  it("registers a later order's payment while an earlier order's e-mail is still being stored; each answer follows its own e-mail", async () => {
    const s = await insertShopFixtures(db(), { plainQuantity: 10 });
    const services = createServices(db(), kit.config);
    const paymentsFor: string[] = [];
    const mailedFor: string[] = [];
    let release: () => void = () => {};
    const firstMailStored = new Promise<void>((resolve) => {
      release = resolve;
    });
    // the orders service with the shop's own payments, and an e-mail stage the test holds
    const staged = createOrdersService(db(), kit.config, {
      queries: createOrderQueries(db()),
      startPayment: services.payments.startPayment,
      startFirstPayments: (list) => {
        paymentsFor.push(...list.map((entry) => entry.known.email));
        return services.payments.startFirstPayments(list);
      },
      resultUrl: resultUrlOf,
      ordersReceived: async (found) => {
        mailedFor.push(...found.map((read) => read.order.email));
        if (mailedFor.length === 1) await firstMailStored;
      },
      resendConfirmation: async () => {},
      countLookup: async () => ({ allowed: true, undo: async () => {} }),
      orderAttempt: async () => ({
        allowed: true,
        delayMs: 0,
        undo: async () => {},
        remember: async () => {},
      }),
      couponGuard: createCouponGuard(createRateLimiter(db())),
      parcelPointKnown: null,
    });
    const place = (email: string) =>
      staged.create({
        body: orderBody({
          cart: [{ productId: s.plain.id, quantity: 1, variantKeys: {}, variantId: null }],
          priceGrosze: 4_999,
          recipient: { ...RECIPIENT, email },
        }),
        user: null,
        lang: "pl",
        idempotencyKey: null,
        ip: "192.0.2.20",
      });
    const until = (check: () => boolean, what: string) =>
      vi.waitFor(
        () => {
          if (!check()) throw new Error(`still waiting: ${what}`);
        },
        { timeout: 5_000, interval: 10 },
      );

    const first = place("stage-1@example.com");
    await until(() => mailedFor.includes("stage-1@example.com"), "the first order's e-mail stage");
    let secondAnswered = false;
    const second = place("stage-2@example.com").then((result) => {
      secondAnswered = true;
      return result;
    });
    // the first order's e-mail is held: the second order is still written and its payment registered
    await until(() => paymentsFor.includes("stage-2@example.com"), "the second order's payment");
    expect(mailedFor).toEqual(["stage-1@example.com"]);
    expect(secondAnswered).toBe(false);

    release();
    const [one, two] = await Promise.all([first, second]);
    expect(one.ok && one.value.order.status).toBe("PAYMENT_NEW");
    expect(two.ok && two.value.order.status).toBe("PAYMENT_NEW");
    expect(mailedFor).toEqual(["stage-1@example.com", "stage-2@example.com"]);
    expect(await productStock(s.plain.id)).toBe(8);
  });
});
