import { and, eq, like, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { isDelivered } from "../../../domain/order-status";
import { demoStatusFlow } from "../../../domain/shipment";
import { jobs, mailOutbox, orderStatuses, orders, products, shipments } from "../../db/schema";
import type { Carrier } from "../../integrations/shipping/carrier";
import { kitForFile } from "../../test/kit-for-file";
import { NO_ORDER_LIMIT } from "../../test/rate-limits";
import { callsAs, itRefusesAllButStaff, startStaffApi } from "../../test/staff-api";
import { type PaidOrder, placePaidOrder, runRefundJobs } from "../after-sale/after-sale.fixtures";
import { createJobWorker } from "../jobs/job-worker";
import { insertShopFixtures, type ShopFixtures } from "../orders/orders.fixtures";
import { switchableDemoCarrier } from "./shipments.fixtures";
import { createShipmentsService, SHIPMENT_JOBS } from "./shipments.service";

// Shipments with the demo carrier (issue 29, docs/decisions/069), in process on PGlite and, with
// DATABASE_URL, on PostgreSQL: staff ask, the job creates at the carrier once and puts the tracking
// number onto the order as typing it does (one history entry, one e-mail however often the jobs run),
// a bulk of 20 gives one PDF of 20 labels, carrier statuses land in the history once each whatever
// their order and repetition, delivered ends the order, a refusal is shown and not retried, cancel.

const carrier = switchableDemoCarrier(() => kit.database.db);
const kit = kitForFile(() => startStaffApi({ rateLimits: NO_ORDER_LIMIT, app: { carrier } }));
const asStaff = callsAs(kit, "moderator");
const db = () => kit.database.db;
const runJobs = () => runRefundJobs(db(), kit.app.services.jobQueue, kit.app.services.jobHandlers);
let shop: ShopFixtures;

beforeAll(async () => {
  shop = await insertShopFixtures(db(), { plainQuantity: 1_000 });
});

const paidOrder = () => placePaidOrder(kit.app, kit.config, shop.plain, { quantity: 1, delivered: false });

async function orderRow(order: PaidOrder) {
  const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
  if (!row) throw new Error("no order");
  return row;
}

async function historyOf(order: PaidOrder) {
  return db().select().from(orderStatuses).where(eq(orderStatuses.orderId, order.id));
}

async function shippedEmails(order: PaidOrder) {
  return db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, order.email), eq(mailOutbox.template, "order-shipped")));
}

/** Shipments for these orders, asked by staff; the reply's body. */
async function ship(list: PaidOrder[], parcelSize?: "A" | "B" | "C") {
  const reply = await asStaff("POST", "/api/shipments", {
    orderIds: list.map((order) => order.id),
    ...(parcelSize ? { parcelSize } : {}),
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json();
}

/** The shipment's tracking job (its first run). */
function trackJobOf(shipmentId: number) {
  return and(
    eq(jobs.kind, SHIPMENT_JOBS.track),
    sql`${jobs.payload}->>'shipmentId' = ${String(shipmentId)}`,
    sql`${jobs.payload}->>'round' = '0'`,
  );
}

async function shipmentOf(order: PaidOrder) {
  const reply = await asStaff("GET", `/api/shipments/orders/${order.id}`);
  expect(reply.statusCode).toBe(200);
  return reply.json().shipments[0];
}

describe("creating a shipment", () => {
  it("puts the tracking number onto the order once, as typing it does, with one shipment e-mail", async () => {
    const order = await paidOrder();
    const body = await ship([order]);
    expect(body.created).toHaveLength(1);
    expect(body.created[0]).toMatchObject({ orderId: order.id, parcelSize: "A", delivery: "locker" });
    await runJobs();
    const shipment = await shipmentOf(order);
    expect(shipment.trackingNumber).toMatch(/^6\d{23}$/);
    const row = await orderRow(order);
    expect(row).toMatchObject({ shipmentNumber: shipment.trackingNumber, status: "SHIPMENT_NUMBER_ADDED" });
    // the jobs again (a crash before their end was recorded): nothing is created or sent twice
    const created = carrier.created;
    await kit.app.services.shipments.track(shipment._id, 0);
    await kit.app.services.shipments.track(shipment._id, 1);
    expect(carrier.created).toBe(created);
    const added = (await historyOf(order)).filter((entry) => entry.status === "SHIPMENT_NUMBER_ADDED");
    expect(added).toHaveLength(1);
    const emails = await shippedEmails(order);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain(
      `https://inpost.pl/sledzenie-przesylek?number=${shipment.trackingNumber}`,
    );
    expect((await kit.lastAudit("shipment.create"))?.entityId).toBe(String(shipment._id));
    // one active shipment per order
    const again = await asStaff("POST", "/api/shipments", { orderIds: [order.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("shipment/not-allowed");
  });

  it("creates each shipment once and sends one e-mail each when two instances' workers run the jobs together", async () => {
    const list = await Promise.all([paidOrder(), paidOrder(), paidOrder()]);
    await ship(list);
    const created = carrier.created;
    const { jobQueue, jobHandlers } = kit.app.services;
    const workers = [1, 2].map(() =>
      createJobWorker(jobQueue, jobHandlers, { pollMs: 60_000, concurrency: 2 }),
    );
    await Promise.all(workers.map((worker) => worker.runDue()));
    await runJobs();
    expect(carrier.created - created).toBe(3);
    for (const order of list) {
      expect(await shippedEmails(order)).toHaveLength(1);
      expect((await orderRow(order)).shipmentNumber).toMatch(/^\d{24}$/);
    }
  });

  it("takes the largest parcel size of the order's products unless staff choose one", async () => {
    await db().update(products).set({ parcelSize: "C" }).where(eq(products.id, shop.plain.id));
    try {
      const [first, second] = [await paidOrder(), await paidOrder()];
      if (!first || !second) throw new Error("no orders");
      expect((await ship([first])).created[0].parcelSize).toBe("C");
      expect((await ship([second], "B")).created[0].parcelSize).toBe("B");
    } finally {
      await db().update(products).set({ parcelSize: "A" }).where(eq(products.id, shop.plain.id));
    }
  });

  it("refuses unpaid orders, shows a carrier's refusal to staff without retrying it, retries an unavailable carrier", async () => {
    const unpaid = await kit.app.inject({ method: "POST", url: "/api/shipments" });
    expect(unpaid.statusCode).toBe(401);
    const order = await paidOrder();
    carrier.refuse = true;
    try {
      await ship([order]);
      await runJobs();
    } finally {
      carrier.refuse = false;
    }
    const refused = await shipmentOf(order);
    expect(refused.carrierShipmentId).toBeNull();
    expect(refused.lastError).toContain("receiver.phone: invalid phone number");
    const [job] = await db().select().from(jobs).where(trackJobOf(refused._id));
    expect(job?.status).toBe("done");
    // canceled, then asked again with the carrier out of reach once: retried, then created
    expect((await asStaff("POST", `/api/shipments/orders/${order.id}/cancel`)).statusCode).toBe(200);
    carrier.unavailable = 1;
    await ship([order]);
    await runJobs();
    const created = await shipmentOf(order);
    expect(created).toMatchObject({ lastError: null });
    expect(created.trackingNumber).toMatch(/^\d{24}$/);
  });
});

describe("labels and packing slips", () => {
  it("gives one PDF of 20 labels for a bulk of 20 orders, and packing slips", async () => {
    // placed together (the orders' group commit writes them in a few statements)
    const list = await Promise.all(Array.from({ length: 20 }, () => paidOrder()));
    const body = await ship(list);
    expect(body.created).toHaveLength(20);
    await runJobs();
    const ids = list.map((order) => `id=${order.id}`).join("&");
    const labels = await asStaff("GET", `/api/shipments/labels?${ids}&format=A6`);
    expect(labels.statusCode, labels.body).toBe(200);
    expect(labels.headers["content-type"]).toBe("application/pdf");
    const pdf = await PDFDocument.load(labels.rawPayload);
    expect(pdf.getPageCount()).toBe(20);
    expect(Math.round(pdf.getPage(0).getWidth())).toBe(298);
    const a4 = await PDFDocument.load(
      (await asStaff("GET", `/api/shipments/labels?id=${list[0]?.id}&format=A4`)).rawPayload,
    );
    expect(Math.round(a4.getPage(0).getWidth())).toBe(595);
    const slips = await asStaff("GET", `/api/shipments/packing-slips?id=${list[0]?.id}&id=${list[1]?.id}`);
    expect(slips.statusCode).toBe(200);
    expect((await PDFDocument.load(slips.rawPayload)).getPageCount()).toBe(2);
  });
});

describe("carrier statuses", () => {
  it("land in the history once per status whatever their order and repetition; delivered ends the order", async () => {
    const order = await paidOrder();
    await ship([order]);
    await runJobs();
    const { carrierShipmentId } = await shipmentOf(order);
    const arrive = (status: string) =>
      kit.app.services.shipments.statusArrived({ carrier: "demo", shipmentId: carrierShipmentId, status });
    const flow = ["collected_from_sender", "confirmed", "adopted_at_sorting_center", "dispatched_by_sender"];
    for (let round = 0; round < 10; round += 1) {
      for (const status of round % 2 === 0 ? flow : [...flow].reverse()) await arrive(status);
    }
    let row = await orderRow(order);
    // the furthest along the flow, not the last to arrive
    expect(row.status).toBe("INPOST_adopted_at_sorting_center");
    for (let i = 0; i < 3; i += 1) await arrive("delivered");
    expect(await arrive("out_for_delivery")).toBe("ignored");
    expect(
      await kit.app.services.shipments.statusArrived({
        carrier: "demo",
        shipmentId: "0",
        status: "delivered",
      }),
    ).toBe("unknown-shipment");
    row = await orderRow(order);
    expect(row.status).toBe("INPOST_delivered");
    const carrierEntries = (await historyOf(order)).filter((entry) => entry.status.startsWith("INPOST_"));
    expect(carrierEntries.map((entry) => entry.status).sort()).toEqual(
      [...flow, "delivered"].map((name) => `INPOST_${name}`).sort(),
    );
    expect(carrierEntries.find((entry) => entry.status === "INPOST_delivered")?.data).toEqual({
      title: "Dostarczona",
    });
    expect(isDelivered(await historyOf(order))).toBe(true);
    // the customer's order shows the carrier's Polish titles
    const lookup = await kit.app.inject({
      method: "GET",
      url: `/api/orders/lookup?orderNumber=${order.orderNumber}&email=${encodeURIComponent(order.email)}`,
    });
    if (lookup.statusCode === 200) {
      const titles = lookup
        .json()
        .statuses.map((entry: { data: { title?: string } | null }) => entry.data?.title);
      expect(titles).toContain("Dostarczona");
    }
  });

  it("moves a demo shipment by the staff button through the same path, to delivered", async () => {
    const order = await paidOrder();
    await ship([order]);
    await runJobs();
    let view = await shipmentOf(order);
    let presses = 0;
    while (view.demoNextStatus && presses < 20) {
      const reply = await asStaff("POST", `/api/shipments/orders/${order.id}/demo-next-status`);
      expect(reply.statusCode, reply.body).toBe(200);
      view = reply.json();
      presses += 1;
    }
    expect(view).toMatchObject({ status: "delivered", statusTitle: "Dostarczona", demoNextStatus: null });
    expect((await orderRow(order)).status).toBe("INPOST_delivered");
    const entries = await db()
      .select()
      .from(orderStatuses)
      .where(and(eq(orderStatuses.orderId, order.id), like(orderStatuses.status, "INPOST\\_%")));
    // the demo flow, each once (its first status came with the carrier's first answer)
    expect(entries.map((entry) => entry.status).sort()).toEqual(
      demoStatusFlow("locker")
        .map((name) => `INPOST_${name}`)
        .sort(),
    );
    expect((await kit.lastAudit("shipment.demo-status"))?.entityId).toBe(String(view._id));
  });
});

describe("canceling a shipment", () => {
  it("cancels at the carrier then in the shop; the order keeps its number until a new shipment's replaces it", async () => {
    const order = await paidOrder();
    expect((await asStaff("POST", `/api/shipments/orders/${order.id}/cancel`)).statusCode).toBe(404);
    await ship([order]);
    await runJobs();
    const first = await shipmentOf(order);
    const canceled = await asStaff("POST", `/api/shipments/orders/${order.id}/cancel`);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().canceledAt).not.toBeNull();
    expect((await orderRow(order)).shipmentNumber).toBe(first.trackingNumber);
    expect((await kit.lastAudit("shipment.cancel"))?.entityId).toBe(String(first._id));
    await ship([order]);
    await runJobs();
    const second = await shipmentOf(order);
    expect(second._id).not.toBe(first._id);
    expect((await orderRow(order)).shipmentNumber).toBe(second.trackingNumber);
    const rows = await db().select().from(shipments).where(eq(shipments.orderId, order.id));
    expect(rows).toHaveLength(2);
  });
});

describe("the status poll", () => {
  it("asks the carrier for each active shipment's status where no webhooks come; each status lands once", async () => {
    let status = "confirmed";
    let made = 0;
    const inpost: Carrier = {
      kind: "inpost",
      create: async () => {
        made += 1;
        return { id: `shipx-${made}-${Date.now()}`, status: "created", trackingNumber: null };
      },
      get: async (id) => ({ id, status, trackingNumber: "520000000000000000000001" }),
      label: () => carrier.label("0", "A6"),
      cancel: async () => {},
      statuses: async () => [{ name: "out_for_delivery", title: "Przekazano do doręczenia" }],
    };
    const { services } = kit.app;
    const serviceOf = (webhooks: boolean) =>
      createShipmentsService(db(), {
        carrier: inpost,
        queue: services.jobQueue,
        addShipmentNumber: services.orderStaff.addShipmentNumber,
        readOrders: services.orders.getManyById,
        webhooks,
        log: { warn: () => {}, error: () => {} },
      });
    const polling = serviceOf(false);
    const order = await paidOrder();
    const created = await polling.create(
      { _id: kit.moderator.id, email: kit.moderator.email },
      { orderIds: [order.id] },
    );
    if (!created.ok) throw new Error(created.code);
    const [shipment] = created.value.created;
    if (!shipment) throw new Error("no shipment");
    await polling.track(shipment._id, 0);
    // its job is done here (the app's own worker would run it with the demo carrier)
    await db().delete(jobs).where(trackJobOf(shipment._id));
    expect((await orderRow(order)).shipmentNumber).toBe("520000000000000000000001");
    status = "out_for_delivery";
    expect(await serviceOf(true).syncStatuses()).toBe(0);
    expect(await polling.syncStatuses()).toBe(1);
    expect(await polling.syncStatuses()).toBe(0);
    const entries = (await historyOf(order)).filter((entry) => entry.status === "INPOST_out_for_delivery");
    expect(entries.map((entry) => entry.data)).toEqual([{ title: "Przekazano do doręczenia" }]);
  });
});

describe("staff only", () => {
  itRefusesAllButStaff(
    kit,
    [
      ["POST", "/api/shipments", { orderIds: [1] }],
      ["POST", "/api/shipments/orders/1/cancel", undefined],
      ["POST", "/api/shipments/orders/1/demo-next-status", undefined],
    ],
    () => db().select().from(shipments),
  );

  it("gives labels, packing slips and an order's shipments to staff only", async () => {
    for (const url of [
      "/api/shipments/labels?id=1",
      "/api/shipments/packing-slips?id=1",
      "/api/shipments/orders/1",
    ]) {
      expect((await kit.call("anonymous", "GET", url)).statusCode).toBe(401);
      expect((await kit.call("user", "GET", url)).statusCode).toBe(403);
    }
  });
});
