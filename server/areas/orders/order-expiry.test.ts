import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { jobs, mailOutbox, orderStatuses, orders, payments, products } from "../../db/schema";
import { createPaymentProvider, type PaymentProvider } from "../../integrations/payments";
import { demoNotification } from "../../integrations/payments/demo";
import { createServices } from "../../services";
import { startApi } from "../../test/api";
import { kitForFile } from "../../test/kit-for-file";
import { NO_ORDER_LIMIT } from "../../test/rate-limits";
import { bearer, createSignedInUser } from "../accounts/accounts.fixtures";
import { JOB_KINDS, schedulePeriodicJobs } from "../jobs/job-kinds";
import { createJobWorker } from "../jobs/job-worker";
import { insertShopFixtures, orderBody, RECIPIENT, type ShopFixtures } from "./orders.fixtures";

// The end of an unpaid order and money the shop cannot keep (issue 24, docs/decisions/032): an
// order past its payment time is canceled (status, e-mail, units and coupon use back, payment
// closed), once whatever the number of instances running the expiry; a canceled order can no longer
// be paid (retry and the demo bank refuse); money that still arrives is owed back, and staff and
// the shop are told. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.

const kit = kitForFile(() => startApi({ name: "order-expiry", app: { rateLimits: NO_ORDER_LIMIT } }));

let shop: ShopFixtures;
let staffToken: string;

const silent = { warn: () => {}, error: () => {} };

beforeAll(async () => {
  shop = await insertShopFixtures(kit.database.db, { couponLimit: 1, plainQuantity: 50 });
  staffToken = (await createSignedInUser(kit.database.db, { roles: ["shop-moderator", "user"] })).token;
});

const db = () => kit.database.db;
let emails = 0;

interface Placed {
  _id: number;
  orderNumber: string;
  email: string;
  priceGrosze: number;
  externalId: string;
}

/** A guest order of `quantity` plain products, in `lang`, with the limited coupon when asked. */
async function place(
  options: { quantity?: number; lang?: "pl" | "en"; coupon?: boolean; productId?: number } = {},
) {
  const quantity = options.quantity ?? 1;
  emails += 1;
  const email = `expiry${emails}@example.com`;
  const products = 4_000 * quantity;
  const response = await kit.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderBody({
      cart: [{ productId: options.productId ?? shop.plain.id, quantity, variantKeys: {}, variantId: null }],
      priceGrosze: products + (products >= 9_900 ? 0 : 999) - (options.coupon ? 500 : 0),
      coupon: options.coupon ? shop.limitedCoupon.code : null,
      recipient: { ...RECIPIENT, email },
    }),
    headers: { cookie: `lang=${options.lang ?? "pl"}` },
  });
  return response;
}

async function placeOk(options: Parameters<typeof place>[0] = {}): Promise<Placed> {
  const response = await place(options);
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  return { ...body, externalId: body.payment.redirectUrl.replace("/bramka-demo/", "") };
}

async function expire(orderId: number) {
  await db()
    .update(orders)
    .set({ reservedUntil: new Date(Date.now() - 1_000) })
    .where(eq(orders.id, orderId));
}

async function stock(): Promise<number> {
  const [row] = await db()
    .select({ q: products.quantity })
    .from(products)
    .where(eq(products.id, shop.plain.id));
  return row?.q ?? -1;
}

async function statusesOf(orderId: number): Promise<string[]> {
  const rows = await db()
    .select({ status: orderStatuses.status })
    .from(orderStatuses)
    .where(eq(orderStatuses.orderId, orderId))
    .orderBy(orderStatuses.createdAt, orderStatuses.id);
  return rows.map((row) => row.status);
}

async function orderRow(orderId: number) {
  const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
  return row;
}

async function mails(template: string, containing: string) {
  const rows = await db().select().from(mailOutbox).where(eq(mailOutbox.template, template));
  return rows.filter((row) => row.subject.includes(containing) || row.text.includes(containing));
}

/** The bank's signed notification, through the webhook like a real provider's. */
function notify(order: Placed, status: "CONFIRMED" | "PENDING", amountGrosze = order.priceGrosze) {
  if (kit.config.payments.provider !== "demo") throw new Error("the demo bank is expected");
  const signed = demoNotification(kit.config.payments.demoSecret, {
    externalId: order.externalId,
    orderNumber: order.orderNumber,
    status,
    amountGrosze,
    currency: "PLN",
  });
  return kit.app.inject({
    method: "POST",
    url: "/api/payments/demo/notifications",
    payload: signed.rawBody,
    headers: { "content-type": "application/json", signature: signed.headers.signature },
  });
}

function cancelAsStaff(orderId: number) {
  return kit.app.inject({
    method: "PUT",
    url: `/api/orders/${orderId}/add-status`,
    payload: { status: "CANCELED" },
    headers: bearer(staffToken),
  });
}

describe("expiry of unpaid orders", () => {
  it("cancels an order past its payment time: status, the e-mail in its language, units, coupon use and payment back", async () => {
    const before = await stock();
    const holder = await placeOk({ quantity: 2, lang: "en", coupon: true });
    expect(await stock()).toBe(before - 2);
    // the coupon's only use is held: another order cannot have it
    expect((await place({ coupon: true })).json().code).toBe("coupon/invalid");

    await expire(holder._id);
    expect(await kit.app.services.payments.cancelExpired()).toBe(1);

    const row = await orderRow(holder._id);
    expect(row?.status).toBe("CANCELED");
    expect(row?.reservedUntil).toBeNull();
    expect(await statusesOf(holder._id)).toEqual(["NEW", "PAYMENT_NEW", "CANCELED"]);
    expect(await stock()).toBe(before);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, holder._id));
    expect(payment?.status).toBe("PAYMENT_CANCELED");
    const canceled = await mails("order-expired", holder.orderNumber);
    expect(canceled).toHaveLength(1);
    expect(canceled[0]?.to).toBe(holder.email);
    expect(canceled[0]?.subject).toBe(`Order ${holder.orderNumber} has been canceled`);
    expect(canceled[0]?.text).toContain("We did not receive the payment in time");
    // the coupon's use is free again
    await placeOk({ coupon: true });
    // nothing more to do
    expect(await kit.app.services.payments.cancelExpired()).toBe(0);
  });

  it("leaves alone an order still within its payment time, and a paid one", async () => {
    const waiting = await placeOk();
    const paid = await placeOk();
    expect((await notify(paid, "CONFIRMED")).statusCode).toBe(202);
    await expire(paid._id);
    await kit.app.services.payments.cancelExpired();
    expect((await orderRow(waiting._id))?.status).toBe("PAYMENT_NEW");
    expect((await orderRow(paid._id))?.status).toBe("PAYMENT_CONFIRMED");
  });

  it("two instances running the expiry at once cancel each order once, with one e-mail", async () => {
    const before = await stock();
    const due = [await placeOk(), await placeOk(), await placeOk()];
    for (const order of due) await expire(order._id);
    const other = createServices(db(), kit.config, { log: silent, rateLimits: NO_ORDER_LIMIT });
    const [a, b] = await Promise.all([
      kit.app.services.payments.cancelExpired(),
      other.payments.cancelExpired(),
    ]);
    expect(a + b).toBe(3);
    for (const order of due) {
      expect((await statusesOf(order._id)).filter((status) => status === "CANCELED")).toHaveLength(1);
      expect(await mails("order-expired", order.orderNumber)).toHaveLength(1);
    }
    expect(await stock()).toBe(before);
  });
});

describe("the expiry as a background job (docs/decisions/050)", () => {
  it("is queued once however many instances schedule it, cancels what is due and is queued again a minute later", async () => {
    const queue = kit.app.services.jobQueue;
    const other = createServices(db(), kit.config, { log: silent, rateLimits: NO_ORDER_LIMIT });
    await Promise.all([
      schedulePeriodicJobs(queue, kit.app.services.jobHandlers),
      schedulePeriodicJobs(other.jobQueue, other.jobHandlers),
    ]);
    const sweeps = () => db().select().from(jobs).where(eq(jobs.kind, JOB_KINDS.expireUnpaidOrders));
    expect(await sweeps()).toHaveLength(1);

    const due = await placeOk();
    await expire(due._id);
    const worker = createJobWorker(queue, kit.app.services.jobHandlers, { pollMs: 1_000, concurrency: 1 });
    const before = Date.now();
    await worker.runDue();
    expect((await orderRow(due._id))?.status).toBe("CANCELED");
    expect(await mails("order-expired", due.orderNumber)).toHaveLength(1);
    const [sweep] = await sweeps();
    expect(sweep).toMatchObject({ status: "queued", attempts: 0 });
    expect(sweep?.runAt.getTime()).toBeGreaterThanOrEqual(before + 60_000);
  });
});

describe("a canceled order cannot be paid", () => {
  it("staff cancel closes the open payment: retry refuses with a clear message, the demo bank takes no money", async () => {
    const order = await placeOk();
    expect((await cancelAsStaff(order._id)).statusCode).toBe(200);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order._id));
    expect(payment?.status).toBe("PAYMENT_CANCELED");

    const retry = await kit.app.inject({
      url: `/api/orders/retry-payment/${order.orderNumber}?email=${encodeURIComponent(order.email)}`,
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({ code: "order/canceled", messageKey: "errors.orderCanceled" });

    expect(await kit.app.services.payments.demoPayment(order.externalId)).toMatchObject({ closed: true });
    const decided = await kit.app.services.payments.demoDecide(order.externalId, "pay");
    expect(decided).toMatchObject({ ok: false, code: "payment/closed" });
    expect((await orderRow(order._id))?.status).toBe("CANCELED");
    expect(await statusesOf(order._id)).not.toContain("ERROR_PAID_AFTER_CANCEL");
  });
});

describe("an order past its payment time cannot be paid", () => {
  it("before the expiry has run, retry refuses with a clear message instead of resuming the bank page", async () => {
    const order = await placeOk();
    await db()
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1_000) })
      .where(eq(orders.id, order._id));
    const retry = await kit.app.inject({
      url: `/api/orders/retry-payment/${order.orderNumber}?email=${encodeURIComponent(order.email)}`,
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({
      code: "order/payment-time-over",
      messageKey: "errors.paymentTimeOver",
    });
  });
});

describe("a cancel while the bank is still being asked", () => {
  it("the payment the bank answers after the cancel is recorded closed, so it cannot be paid", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    const bank = createPaymentProvider(kit.config);
    const slow: PaymentProvider = {
      ...bank,
      name: bank.name,
      async createPayment(request) {
        asked = true;
        await held;
        return bank.createPayment(request);
      },
    };
    const services = createServices(db(), kit.config, {
      log: silent,
      paymentProvider: slow,
      rateLimits: NO_ORDER_LIMIT,
    });
    emails += 1;
    const email = `expiry${emails}@example.com`;
    const placing = services.orders.create({
      body: orderBody({
        cart: [{ productId: shop.plain.id, quantity: 1, variantKeys: {}, variantId: null }],
        priceGrosze: 4_999,
        recipient: { ...RECIPIENT, email },
      }),
      user: null,
      lang: "pl",
      idempotencyKey: null,
      ip: "198.51.100.7",
    });
    await vi.waitFor(
      () => {
        if (!asked) throw new Error("the bank has not been asked yet");
      },
      { timeout: 5_000, interval: 10 },
    );
    const [row] = await db().select().from(orders).where(eq(orders.email, email));
    if (!row) throw new Error("the order is not written");
    expect((await cancelAsStaff(row.id)).statusCode).toBe(200);
    release();
    const placed = await placing;
    if (!placed.ok) throw new Error(placed.code);
    expect(placed.value.order.status).toBe("CANCELED");
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, row.id));
    expect(payment?.status).toBe("PAYMENT_CANCELED");
    const externalId = placed.value.redirectUrl.replace("/bramka-demo/", "");
    expect(await kit.app.services.payments.demoDecide(externalId, "pay")).toMatchObject({
      code: "payment/closed",
    });
    expect(await kit.app.services.orders.openPaymentUrl(row.id)).toBeNull();
  });
});

describe("money the shop cannot keep", () => {
  async function refundOwedList(orderNumber: string) {
    const response = await kit.app.inject({
      url: `/api/orders?zwrot=1&szukaj=${orderNumber}`,
      headers: bearer(staffToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { total: number; items: { orderNumber: string; status: string }[] };
  }

  it("a confirmation after the cancel is owed back: the order stays canceled, staff filter and count, the shop's e-mail", async () => {
    const countBefore = await kit.app.services.orderStaff.countRefundOwed();
    const order = await placeOk();
    await expire(order._id);
    await kit.app.services.payments.cancelExpired();
    expect((await refundOwedList(order.orderNumber)).total).toBe(0);

    // a late PENDING changes nothing, the late CONFIRMED is recorded as owed back
    expect((await notify(order, "PENDING")).statusCode).toBe(202);
    expect((await notify(order, "CONFIRMED")).statusCode).toBe(202);
    expect((await notify(order, "CONFIRMED")).statusCode).toBe(202);
    const row = await orderRow(order._id);
    expect(row?.status).toBe("CANCELED");
    expect(row?.paidAt).toBeNull();
    expect((await statusesOf(order._id)).filter((s) => s === "ERROR_PAID_AFTER_CANCEL")).toHaveLength(1);

    const list = await refundOwedList(order.orderNumber);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ orderNumber: order.orderNumber, status: "CANCELED" });
    expect(await kit.app.services.orderStaff.countRefundOwed()).toBe(countBefore + 1);

    const notices = await mails("order-refund-owed", order.orderNumber);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.to).toBe(kit.config.admin.email);
    expect(notices[0]?.subject).toBe(`Do zwrotu: pieniądze za zamówienie ${order.orderNumber}`);
    expect(notices[0]?.text).toContain("Powód: płatność przyszła po anulowaniu zamówienia.");
    expect(notices[0]?.text).toContain(`/konto/sklep/zamowienia/${order._id}`);

    // the customer's order (guest lookup) carries the entry the order page shows as "money returned"
    const lookup = await kit.app.inject({
      url: `/api/orders/${order.orderNumber}?email=${encodeURIComponent(order.email)}`,
    });
    expect(lookup.json().statuses.map((entry: { status: string }) => entry.status)).toContain(
      "ERROR_PAID_AFTER_CANCEL",
    );
  });

  it("a payment of the wrong amount is owed back too, and the shop is told", async () => {
    const countBefore = await kit.app.services.orderStaff.countRefundOwed();
    const order = await placeOk();
    expect((await notify(order, "CONFIRMED", order.priceGrosze - 100)).statusCode).toBe(202);
    expect((await orderRow(order._id))?.status).toBe("PAYMENT_NEW");
    expect((await refundOwedList(order.orderNumber)).total).toBe(1);
    expect(await kit.app.services.orderStaff.countRefundOwed()).toBe(countBefore + 1);
    const [notice] = await mails("order-refund-owed", order.orderNumber);
    expect(notice?.text).toContain("Powód: kwota lub waluta płatności nie zgadza się z zamówieniem.");
    // the list without the filter still has every order
    const all = await kit.app.inject({
      url: `/api/orders?szukaj=${order.orderNumber}`,
      headers: bearer(staffToken),
    });
    expect(all.json().total).toBe(1);
    const unfiltered = await db()
      .select({ id: orderStatuses.id })
      .from(orderStatuses)
      .where(and(eq(orderStatuses.orderId, order._id), eq(orderStatuses.status, "ERROR_PAYMENT_AMOUNT")));
    expect(unfiltered).toHaveLength(1);
  });
  it("a payment that arrives after its units were sold is confirmed short and owed back, and the shop is told", async () => {
    const scarce = await insertShopFixtures(db(), { plainQuantity: 1 });
    const late = await placeOk({ productId: scarce.plain.id });
    // its payment fails (the unit goes back) and someone else buys the unit
    expect(await kit.app.services.payments.demoDecide(late.externalId, "reject")).toMatchObject({ ok: true });
    const buyer = await placeOk({ productId: scarce.plain.id });
    // the bank confirms the failed payment after all
    expect((await notify(late, "CONFIRMED")).statusCode).toBe(202);
    expect((await orderRow(late._id))?.status).toBe("PAYMENT_CONFIRMED");
    expect(await statusesOf(late._id)).toContain("ERROR_STOCK_SHORTAGE");
    expect((await refundOwedList(late.orderNumber)).total).toBe(1);
    expect((await refundOwedList(buyer.orderNumber)).total).toBe(0);
    const [notice] = await mails("order-refund-owed", late.orderNumber);
    expect(notice?.text).toContain(
      "Powód: zamówienie opłacono po tym, jak jego towar sprzedano innym klientom",
    );
    expect(await mails("order-paid", late.orderNumber)).toHaveLength(1);
  });
  it("a second payment of a paid order (a failed attempt that succeeds after a retry was paid) is owed back", async () => {
    const order = await placeOk();
    expect(await kit.app.services.payments.demoDecide(order.externalId, "reject")).toMatchObject({
      ok: true,
    });
    const retry = await kit.app.inject({
      url: `/api/orders/retry-payment/${order.orderNumber}?email=${encodeURIComponent(order.email)}`,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    const second = retry.json().redirectUrl.replace("/bramka-demo/", "");
    expect(await kit.app.services.payments.demoDecide(second, "pay")).toMatchObject({ ok: true });
    expect((await refundOwedList(order.orderNumber)).total).toBe(0);
    // the first, rejected attempt is confirmed by the bank after all
    expect((await notify(order, "CONFIRMED")).statusCode).toBe(202);
    expect((await orderRow(order._id))?.status).toBe("PAYMENT_CONFIRMED");
    expect((await statusesOf(order._id)).filter((s) => s === "PAYMENT_CONFIRMED")).toHaveLength(1);
    expect(await statusesOf(order._id)).toContain("ERROR_PAID_TWICE");
    expect((await refundOwedList(order.orderNumber)).total).toBe(1);
    const [notice] = await mails("order-refund-owed", order.orderNumber);
    expect(notice?.text).toContain("Powód: zamówienie było już opłacone wcześniejszą płatnością.");
    // a repeat of that confirmation changes nothing more
    expect((await notify(order, "CONFIRMED")).statusCode).toBe(202);
    expect(await mails("order-refund-owed", order.orderNumber)).toHaveLength(1);
  });
});
