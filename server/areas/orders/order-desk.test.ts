import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shopDay } from "../../../domain/shop-time";
import type { OrderCreateInput } from "../../../domain/validation/order";
import {
  jobs,
  mailOutbox,
  orderNotes,
  orders,
  payments,
  products,
  productVariants,
  refunds,
  shopNotices,
} from "../../db/schema";
import { demoNotification } from "../../integrations/payments/demo";
import { kitForFile } from "../../test/kit-for-file";
import { NO_ORDER_LIMIT } from "../../test/rate-limits";
import { readXlsx, XLSX_PARTS } from "../../test/read-xlsx";
import { expectDeclaredReply } from "../../test/reply-check";
import { itRefusesAllButStaff, type StaffWrite, startStaffApi } from "../../test/staff-api";
import { bearer, createSignedInUser } from "../accounts/accounts.fixtures";
import { createJobWorker } from "../jobs/job-worker";
import { insertShopFixtures, orderBody, RECIPIENT, type ShopFixtures } from "./orders.fixtures";
import { createShopNotify, SHOP_NOTIFY_JOBS } from "./shop-notify";
import { LOW_STOCK_TEMPLATE, SHOP_NEW_ORDER_TEMPLATE } from "./shop-notify-emails";

// The order desk (issue 29), in process on one app (PGlite, or PostgreSQL with DATABASE_URL): the
// shop's e-mail of a paid order (queued with the payment, once), the search box over each field,
// internal notes (staff only, audited, never in the customer's order), a customer's orders and
// spend, the accountant's CSV and XLSX (read back and summed), and the daily low-stock digest.

const SHOP_INBOX = "zamowienia@sklep.example";
const kit = kitForFile(() =>
  startStaffApi({ rateLimits: NO_ORDER_LIMIT, env: { SHOP_NOTIFY_EMAIL: SHOP_INBOX } }),
);

let placed = 0;
let shop: ShopFixtures | undefined;
async function fixtures(): Promise<ShopFixtures> {
  shop ??= await insertShopFixtures(kit.database.db, { plainQuantity: 500 });
  return shop;
}

interface Placed {
  id: number;
  orderNumber: string;
  email: string;
  priceGrosze: number;
  externalId: string;
}

/** A guest order (or a customer's, with `token`) of one plain product; `recipient` overrides. */
async function place(
  options: { recipient?: Partial<OrderCreateInput["recipient"]>; token?: string; quantity?: number } = {},
): Promise<Placed> {
  placed += 1;
  const { plain } = await fixtures();
  const quantity = options.quantity ?? 1;
  const products = plain.priceGrosze * quantity;
  const email = options.recipient?.email ?? `desk${placed}@example.com`;
  const response = await kit.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderBody({
      cart: [{ productId: plain.id, quantity, variantKeys: {}, variantId: null }],
      priceGrosze: products + (products >= 9_900 ? 0 : 999),
      recipient: { ...RECIPIENT, ...options.recipient, email },
    }),
    headers: options.token ? bearer(options.token) : {},
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  return {
    id: body._id,
    orderNumber: body.orderNumber,
    email,
    priceGrosze: body.priceGrosze,
    externalId: String(body.payment.redirectUrl).replace("/bramka-demo/", ""),
  };
}

/** The demo bank's signed confirmation of the order's payment, sent `times` times at once. */
async function pay(order: Placed, times = 1): Promise<void> {
  const config = kit.config;
  if (config.payments.provider !== "demo") throw new Error("the demo bank is expected");
  const signed = demoNotification(config.payments.demoSecret, {
    externalId: order.externalId,
    orderNumber: order.orderNumber,
    status: "CONFIRMED",
    amountGrosze: order.priceGrosze,
    currency: "PLN",
  });
  // all at once, as a bank retrying its notification would (each under the order's row lock)
  const responses = await Promise.all(
    Array.from({ length: times }, () =>
      kit.app.inject({
        method: "POST",
        url: "/api/payments/demo/notifications",
        payload: signed.rawBody,
        headers: { "content-type": "application/json", signature: signed.headers.signature },
      }),
    ),
  );
  for (const response of responses) expect(response.statusCode, response.body).toBeLessThan(300);
}

async function runJobs(): Promise<void> {
  const { jobQueue, jobHandlers } = kit.app.services;
  const worker = createJobWorker(jobQueue, jobHandlers, { pollMs: 60_000, concurrency: 2 });
  for (let round = 0; round < 5 && (await worker.runDue()) > 0; round += 1) {
    // until nothing is due
  }
}

const shopMails = (template: string) =>
  kit.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.template, template), eq(mailOutbox.to, SHOP_INBOX)));

describe("the shop's e-mail of a paid order (SHOP_NOTIFY_EMAIL)", () => {
  it("is queued with the payment and sent once, however often the confirmation or the job comes", async () => {
    const order = await place({ recipient: { displayName: "Ewa Nowicka", phone: "601 222 333" } });
    await pay(order, 5);
    const queued = await kit.database.db.select().from(jobs).where(eq(jobs.kind, SHOP_NOTIFY_JOBS.newOrder));
    expect(queued.filter((job) => (job.payload as { orderId: number }).orderId === order.id)).toHaveLength(1);
    await runJobs();
    // the job again (a crash after its work): nothing more
    await kit.app.services.jobHandlers[SHOP_NOTIFY_JOBS.newOrder]?.run(
      { orderId: order.id } as never,
      {} as never,
    );
    const sent = (await shopMails(SHOP_NEW_ORDER_TEMPLATE)).filter((mail) =>
      mail.subject.includes(order.orderNumber),
    );
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail?.subject).toBe(`Nowe zamówienie ${order.orderNumber} (49,99 zł)`);
    expect(mail?.text).toContain("Ewa Nowicka");
    expect(mail?.text).toContain("601 222 333");
    expect(mail?.text).toContain("× 1: 40,00 zł");
    expect(mail?.text).toContain("Razem: 49,99 zł");
    expect(mail?.text).toContain("WAW01M");
    expect(mail?.text).toContain(`${kit.config.publicUrl}/konto/sklep/zamowienia/${order.id}`);
  });

  it("is not queued for an order that is not paid, nor anywhere without the setting", async () => {
    const unpaid = await place();
    const queued = await kit.database.db.select().from(jobs).where(eq(jobs.kind, SHOP_NOTIFY_JOBS.newOrder));
    expect(queued.some((job) => (job.payload as { orderId: number }).orderId === unpaid.id)).toBe(false);

    const { db } = kit.database;
    const services = kit.app.services;
    const unset = createShopNotify(
      db,
      { ...kit.config, shopNotifyEmail: null },
      {
        mail: services.mail,
        queries: services.orders,
        queue: services.jobQueue,
        warehouse: services.warehouse,
      },
    );
    const before = await db.$count(jobs);
    await db.transaction((tx) => unset.queueNewOrder(tx, unpaid.id));
    expect(await db.$count(jobs)).toBe(before);
    expect(await unset.sendNewOrder(unpaid.id)).toBe(false);
    expect(await unset.sendLowStockDigest(new Date())).toBe(false);
  });
});

describe("the orders list's search box", () => {
  it("finds an order by name, e-mail, phone, product, number and shipment number, with the other filters", async () => {
    const { db } = kit.database;
    const target = await place({
      recipient: {
        displayName: "Bożena Szukalska",
        phone: "+48 777 888 999",
        email: "szukana.osoba@example.com",
      },
    });
    await db
      .update(orders)
      .set({ shipmentNumber: "620111222333444555666777" })
      .where(eq(orders.id, target.id));
    const [product] = await db
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, (await fixtures()).plain.id));
    const other = await place({ recipient: { displayName: "Inna Osoba", phone: "500 000 001" } });
    const search = async (text: string, extra = "") => {
      const response = await kit.call(
        "moderator",
        "GET",
        `/api/orders?szukaj=${encodeURIComponent(text)}${extra}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().items as { _id: number }[]).map((order) => order._id);
    };
    for (const text of [
      "szukalska",
      "SZUKANA.OSOBA@",
      "777 888",
      "777888999",
      target.orderNumber,
      "111222333",
    ]) {
      const found = await search(text);
      expect(found, text).toContain(target.id);
      expect(found, text).not.toContain(other.id);
    }
    // the product title is in both orders
    expect(await search(product?.title ?? "")).toEqual(expect.arrayContaining([target.id, other.id]));
    // combined with the status filter (AND): the order is not paid
    const [{ status } = { status: "" }] = await db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, target.id));
    expect(await search("szukalska", "&status=PAYMENT_CONFIRMED")).not.toContain(target.id);
    expect(await search("szukalska", `&status=${status}`)).toContain(target.id);
    // a LIKE wildcard is a plain character
    expect(await search("%")).toEqual([]);
    // size-limited
    const long = await kit.call("moderator", "GET", `/api/orders?szukaj=${"a".repeat(101)}`);
    expect(long.statusCode).toBe(400);
  });
});

describe("internal notes on an order", () => {
  const calls = (): StaffWrite[] => [["POST", "/api/orders/1/notes", { text: "Zadzwonić do klientki" }]];
  itRefusesAllButStaff(kit, calls(), () => kit.database.db.select().from(orderNotes));

  it("are added by staff (audited), listed newest first, limited to 2,000 characters", async () => {
    const order = await place();
    const add = (text: string) => kit.call("moderator", "POST", `/api/orders/${order.id}/notes`, { text });
    const first = await add("Klientka prosi o pakowanie na prezent");
    expectDeclaredReply(kit.app, "POST /api/orders/:id/notes", first);
    expect(first.json()).toMatchObject({ orderId: order.id, author: { _id: kit.moderator.id } });
    await add("  Wysłać z kartką  ");
    const list = await kit.call("moderator", "GET", `/api/orders/${order.id}/notes`);
    expectDeclaredReply(kit.app, "GET /api/orders/:id/notes", list);
    expect(list.json().map((note: { text: string }) => note.text)).toEqual([
      "Wysłać z kartką",
      "Klientka prosi o pakowanie na prezent",
    ]);
    const audit = await kit.auditOf("order", order.id);
    expect(audit.filter((entry) => entry.action === "order.note")).toHaveLength(2);

    expect((await add("x".repeat(2_000))).statusCode).toBe(201);
    const tooLong = await add("x".repeat(2_001));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe("validation");
    expect((await add("   ")).statusCode).toBe(400);
    expect((await kit.call("moderator", "POST", "/api/orders/999999/notes", { text: "?" })).statusCode).toBe(
      404,
    );
    expect(await kit.database.db.$count(orderNotes, eq(orderNotes.orderId, order.id))).toBe(3);
    // a customer cannot read them either
    expect((await kit.call("user", "GET", `/api/orders/${order.id}/notes`)).statusCode).toBe(403);
  });

  it("never reach the customer: neither the customer's orders nor the guest's lookup carry them", async () => {
    const customer = await createSignedInUser(kit.database.db, { roles: ["user"] });
    const order = await place({ token: customer.token, recipient: { email: customer.email } });
    const secret = "NOTATKA-WEWNETRZNA-42";
    expect(
      (await kit.call("moderator", "POST", `/api/orders/${order.id}/notes`, { text: secret })).statusCode,
    ).toBe(201);
    const asCustomer = (url: string) => kit.app.inject({ url, headers: bearer(customer.token) });
    for (const response of [
      await asCustomer("/api/orders/my"),
      await asCustomer(`/api/orders/${order.id}`),
      await kit.app.inject({
        url: `/api/orders/${order.orderNumber}?email=${encodeURIComponent(customer.email)}`,
      }),
    ]) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).not.toContain(secret);
      expect(response.body).not.toContain("notes");
    }
  });
});

describe("a customer's page", () => {
  it("gathers an account's orders and its e-mail's guest orders; spend counts paid orders less refunds", async () => {
    const { db } = kit.database;
    const customer = await createSignedInUser(db, { roles: ["user"] });
    const own = await place({ token: customer.token, recipient: { email: customer.email }, quantity: 3 });
    const guest = await place({ recipient: { email: customer.email.toUpperCase() } });
    const unpaid = await place({ token: customer.token, recipient: { email: customer.email } });
    await pay(own);
    await pay(guest);
    // 20,00 zł of the first order came back
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, own.id));
    if (!payment) throw new Error("no payment");
    await db.insert(refunds).values([
      {
        orderId: own.id,
        paymentId: payment.id,
        amountGrosze: 2_000,
        reason: "withdrawal",
        status: "SUCCESSFUL",
        idempotencyKey: `desk-${own.id}-a`,
      },
      {
        orderId: own.id,
        paymentId: payment.id,
        amountGrosze: 700,
        reason: "withdrawal",
        status: "FAILED",
        idempotencyKey: `desk-${own.id}-b`,
      },
    ]);

    const response = await kit.call("moderator", "GET", `/api/customers/${customer.id}`);
    expectDeclaredReply(kit.app, "GET /api/customers/:key", response);
    const view = response.json();
    expect(view.account).toMatchObject({ _id: customer.id, email: customer.email });
    expect(view.orders.items.map((order: { _id: number }) => order._id)).toEqual([
      unpaid.id,
      guest.id,
      own.id,
    ]);
    expect(view.paidOrders).toBe(2);
    expect(view.refundedGrosze).toBe(2_000);
    expect(view.spentGrosze).toBe(own.priceGrosze + guest.priceGrosze - 2_000);
    // the guest order's key leads to the same customer (its e-mail has an account)
    const byOrder = (await kit.call("moderator", "GET", `/api/customers/z${guest.id}`)).json();
    expect(byOrder.account?._id).toBe(customer.id);
    expect(byOrder.spentGrosze).toBe(view.spentGrosze);

    // a guest without an account: their orders by e-mail
    const lone = await place({ recipient: { email: "tylko.gosc@example.com", displayName: "Gość Jedyny" } });
    await pay(lone);
    const guestView = (await kit.call("moderator", "GET", `/api/customers/z${lone.id}`)).json();
    expect(guestView).toMatchObject({ account: null, email: "tylko.gosc@example.com", name: "Gość Jedyny" });
    expect(guestView.spentGrosze).toBe(lone.priceGrosze);

    for (const key of ["999999", "z999999", "abc", "0"]) {
      const missing = await kit.call("moderator", "GET", `/api/customers/${key}`);
      expect([400, 404], key).toContain(missing.statusCode);
    }
    expect((await kit.call("user", "GET", `/api/customers/${customer.id}`)).statusCode).toBe(403);
    expect((await kit.call("anonymous", "GET", `/api/customers/${customer.id}`)).statusCode).toBe(401);
  });
});

describe("the accountant's export", () => {
  it("gives the paid orders of the days as CSV and XLSX whose totals are the orders'", async () => {
    const a = await place({ quantity: 3 });
    const b = await place({ recipient: { displayName: "Firma & Syn <sp. z o.o.>" } });
    await place(); // unpaid: not exported
    await pay(a);
    await pay(b);
    const today = shopDay(new Date());
    const query = `od=${today}&do=${today}`;

    const csv = await kit.call("moderator", "GET", `/api/orders/export.csv?${query}`);
    expectDeclaredReply(kit.app, "GET /api/orders/export.csv", csv);
    expect(csv.headers["content-disposition"]).toContain(`zamowienia-${today}-${today}.csv`);
    expect(csv.body.startsWith("\uFEFFNumer zamówienia;Data zamówienia;Data płatności;Nabywca;NIP;")).toBe(
      true,
    );
    const lines = csv.body.trim().split("\r\n");
    expect(lines.some((line) => line.startsWith(`${a.orderNumber};`))).toBe(true);

    const xlsx = await kit.call("moderator", "GET", `/api/orders/export.xlsx?${query}`);
    expectDeclaredReply(kit.app, "GET /api/orders/export.xlsx", xlsx);
    const { parts, rows } = readXlsx(xlsx.rawPayload);
    expect(parts.sort()).toEqual([...XLSX_PARTS].sort());
    const [header = [], ...rest] = rows;
    const totals = rest.at(-1) ?? [];
    const body = rest.slice(0, -1);
    const column = (name: string) => header.indexOf(name);
    const paidToday = await kit.database.db.select().from(orders).where(like(orders.orderNumber, "%"));
    const expected = paidToday.filter((order) => order.paidAt && shopDay(order.paidAt) === today);
    expect(body.map((row) => row[0]).sort()).toEqual(expected.map((order) => order.orderNumber).sort());
    const sum = (grosze: number[]) => grosze.reduce((acc, value) => acc + value, 0);
    const total = sum(expected.map((order) => order.priceGrosze));
    expect(Math.round((totals[column("Razem brutto")] as number) * 100)).toBe(total);
    // per rate: net + VAT = gross, and the rates' gross add up to the total
    const grossColumns = header.filter((name) => String(name).startsWith("Brutto "));
    expect(grossColumns.length).toBeGreaterThan(0);
    expect(sum(grossColumns.map((name) => Math.round((totals[column(String(name))] as number) * 100)))).toBe(
      total,
    );
    for (const name of grossColumns) {
      const rate = String(name).slice("Brutto ".length);
      const net = Math.round((totals[column(`Netto ${rate}`)] as number) * 100);
      const vat = Math.round((totals[column(`VAT ${rate}`)] as number) * 100);
      expect(net + vat).toBe(Math.round((totals[column(String(name))] as number) * 100));
    }
    const rowOfB = body.find((row) => row[0] === b.orderNumber) ?? [];
    expect(rowOfB[column("Nabywca")]).toBe("Anna Kowalska");
    expect(rowOfB[column("Numer faktury")]).toMatch(/^FV\//);
    // the CSV's totals line says the same in "123,45"
    expect(lines.at(-1)).toContain(`;${Math.floor(total / 100)},${String(total % 100).padStart(2, "0")};`);

    // refusals: a bad range, a customer
    for (const bad of [
      "od=2026-02-30&do=2026-03-01",
      `od=${today}&do=2020-01-01`,
      "od=2024-01-01&do=2026-01-01",
      "",
    ]) {
      expect((await kit.call("moderator", "GET", `/api/orders/export.csv?${bad}`)).statusCode, bad).toBe(400);
    }
    expect((await kit.call("user", "GET", `/api/orders/export.xlsx?${query}`)).statusCode).toBe(403);
    expect((await kit.call("anonymous", "GET", `/api/orders/export.csv?${query}`)).statusCode).toBe(401);
  });
});

describe("the low-stock digest", () => {
  it("lists the visible products and variants at or below the low level, once per Warsaw day", async () => {
    const { db } = kit.database;
    const services = kit.app.services;
    const { plain, hidden } = await fixtures();
    // only our own rows are low: everything else has plenty
    await db.update(products).set({ quantity: 100 });
    await db.update(products).set({ quantity: 2 }).where(eq(products.id, plain.id));
    await db.update(products).set({ quantity: 0 }).where(eq(products.id, hidden.id));
    const day = new Date("2026-03-10T08:00:00Z");
    await db.delete(shopNotices);

    expect(await services.jobHandlers[SHOP_NOTIFY_JOBS.lowStockDigest]?.everyMs).toBe(60 * 60_000);
    const notify = createShopNotify(db, kit.config, {
      mail: services.mail,
      queries: services.orders,
      queue: services.jobQueue,
      warehouse: services.warehouse,
    });
    expect(await notify.sendLowStockDigest(day)).toBe(true);
    expect(await notify.sendLowStockDigest(new Date("2026-03-10T22:30:00Z"))).toBe(false); // 23:30 in Warsaw
    const [digest, ...more] = await shopMails(LOW_STOCK_TEMPLATE);
    expect(more).toHaveLength(0);
    expect(digest?.subject).toBe("Niskie stany magazynowe: 10.03.2026");
    expect(digest?.text).toMatch(/Kocyk \d+: 2 szt\./);
    expect(digest?.text).toMatch(/Śpiworek \d+ — niebieski: 4 szt\./);
    expect(digest?.text).not.toMatch(/Ukryty/);
    expect(digest?.text).not.toMatch(/różowy/);
    // the next Warsaw day (00:30 there), again; with nothing low, nothing
    expect(await notify.sendLowStockDigest(new Date("2026-03-10T23:30:00Z"))).toBe(true);
    await db.update(products).set({ quantity: 100 });
    await db.update(productVariants).set({ quantity: 100 });
    expect(await notify.sendLowStockDigest(new Date("2026-03-12T08:00:00Z"))).toBe(false);
    expect(await shopMails(LOW_STOCK_TEMPLATE)).toHaveLength(2);
  });
});
