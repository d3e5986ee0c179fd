import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, orderStatuses, orders, shipments } from "../../db/schema";
import { createServices } from "../../services";
import { type FakeShipx, startFakeShipx } from "../../test/fake-shipx";
import { kitForFile } from "../../test/kit-for-file";
import { NO_ORDER_LIMIT } from "../../test/rate-limits";
import { callsAs, startStaffApi } from "../../test/staff-api";
import { type PaidOrder, placePaidOrder, runRefundJobs } from "../after-sale/after-sale.fixtures";
import { insertShopFixtures, type ShopFixtures } from "../orders/orders.fixtures";

// Shipments through InPost ShipX (issue 29), in process on PGlite and, with DATABASE_URL, on PostgreSQL,
// against the local ShipX simulator (server/test/fake-shipx.ts) named by the INPOST_* settings: created
// once (a 429 first, two instances running the jobs), the tracking number polled until it exists and
// put onto the order with one shipment e-mail; webhooks replayed and out of order change the history
// once per status; a webhook for a shipment the shop does not know is ignored and logged, without the
// URL's secret.

const SECRET = "shipx-webhook-secret-0123456789";
const logLines: string[] = [];
const fake = kitForFile<FakeShipx>(() => startFakeShipx());
const kit = kitForFile(() =>
  startStaffApi({
    rateLimits: NO_ORDER_LIMIT,
    env: { ...fake.env(), INPOST_WEBHOOK_SECRET: SECRET, LOG_LEVEL: "info" },
    app: { logger: true, logStream: { write: (line: string) => logLines.push(line) } },
  }),
);
const asStaff = callsAs(kit, "moderator");
const db = () => kit.database.db;
const runJobs = () => runRefundJobs(db(), kit.app.services.jobQueue, kit.app.services.jobHandlers);
let shop: ShopFixtures | null = null;

async function paidOrder(): Promise<PaidOrder> {
  shop ??= await insertShopFixtures(db(), { plainQuantity: 1_000 });
  return placePaidOrder(kit.app, kit.config, shop.plain, { quantity: 1, delivered: false });
}

async function shipmentRow(order: PaidOrder) {
  const [row] = await db().select().from(shipments).where(eq(shipments.orderId, order.id));
  if (!row) throw new Error("no shipment");
  return row;
}

function webhook(body: unknown, token: string | null = SECRET) {
  return kit.app.inject({
    method: "POST",
    url: `/api/shipments/shipx/webhook${token === null ? "" : `?token=${token}`}`,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(body),
  });
}

describe("shipments through ShipX", () => {
  it("creates once after a 429, polls the tracking number, puts it on the order with one e-mail", async () => {
    expect(kit.config.shipping.carrier).toBe("inpost");
    const order = await paidOrder();
    fake.failNext(1, { status: 429, retryAfterSeconds: 1 });
    const created = await asStaff("POST", "/api/shipments", { orderIds: [order.id] });
    expect(created.statusCode, created.body).toBe(201);
    await runJobs();

    const atShipx = [...fake.shipments.values()].filter(
      (shipment) => shipment.reference === order.orderNumber,
    );
    expect(atShipx).toHaveLength(1);
    const sent = atShipx[0];
    expect(sent?.trackingNumber).toMatch(/^\d{24}$/);
    expect(sent?.targetPoint).toBeTruthy();
    const posts = fake.requests.filter((request) => request.method === "POST");
    expect(posts.map((request) => request.status)).toEqual([429, 201]);

    const row = await shipmentRow(order);
    expect(row).toMatchObject({ carrierKind: "inpost", carrierShipmentId: sent?.id, lastError: null });
    expect(row.trackingNumber).toBe(sent?.trackingNumber);
    const [orderRow] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(orderRow?.shipmentNumber).toBe(sent?.trackingNumber);
    const emails = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, order.email), eq(mailOutbox.template, "order-shipped")));
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain(`sledzenie-przesylek?number=${sent?.trackingNumber}`);
  });

  it("two instances running the jobs at once create the shipment at ShipX once", async () => {
    const order = await paidOrder();
    expect((await asStaff("POST", "/api/shipments", { orderIds: [order.id] })).statusCode).toBe(201);
    const second = createServices(db(), kit.config, { log: { warn: () => {}, error: () => {} } });
    await Promise.all([runJobs(), runRefundJobs(db(), second.jobQueue, second.jobHandlers)]);
    const atShipx = [...fake.shipments.values()].filter(
      (shipment) => shipment.reference === order.orderNumber,
    );
    expect(atShipx).toHaveLength(1);
    expect((await shipmentRow(order)).trackingNumber).toBe(atShipx[0]?.trackingNumber);
    const added = await db()
      .select()
      .from(orderStatuses)
      .where(and(eq(orderStatuses.orderId, order.id), eq(orderStatuses.status, "SHIPMENT_NUMBER_ADDED")));
    expect(added).toHaveLength(1);
  });
});

describe("ShipX webhooks", () => {
  it("replayed 10 times and out of order change the history once per status; delivered ends the order", async () => {
    const order = await paidOrder();
    await asStaff("POST", "/api/shipments", { orderIds: [order.id] });
    await runJobs();
    const { carrierShipmentId } = await shipmentRow(order);
    if (!carrierShipmentId) throw new Error("not created");
    const flow = [
      "dispatched_by_sender",
      "collected_from_sender",
      "adopted_at_sorting_center",
      "out_for_delivery",
    ];
    const bodies = flow.map((status) => fake.webhookBody(fake.advance(carrierShipmentId, status).id));
    for (let round = 0; round < 10; round += 1) {
      for (const body of round % 2 === 0 ? [...bodies].reverse() : bodies) {
        const reply = await webhook(body);
        expect(reply.statusCode, reply.body).toBe(202);
      }
    }
    fake.advance(carrierShipmentId, "delivered");
    for (let i = 0; i < 10; i += 1) await webhook(fake.webhookBody(carrierShipmentId));

    const history = await db()
      .select()
      .from(orderStatuses)
      .where(and(eq(orderStatuses.orderId, order.id), like(orderStatuses.status, "INPOST\\_%")));
    const names = history.map((entry) => entry.status);
    for (const status of [...flow, "delivered"]) {
      expect(names.filter((name) => name === `INPOST_${status}`)).toHaveLength(1);
    }
    const [orderRow] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(orderRow?.status).toBe("INPOST_delivered");
  });

  it("refuses a webhook without the URL's secret, and ignores (and logs) one for an unknown shipment", async () => {
    const body = {
      action: "shipment_status_changed",
      payload: { shipment_id: 99_999_999, status: "delivered" },
    };
    expect((await webhook(body, null)).statusCode).toBe(404);
    expect((await webhook(body, "wrong-secret-0123456789abcdef")).statusCode).toBe(404);
    expect((await webhook({ payload: { status: "delivered" } })).statusCode).toBe(400);
    const lines = logLines.length;
    const ignored = await webhook(body);
    expect(ignored.statusCode).toBe(202);
    const logged = logLines.slice(lines).join("");
    expect(logged).toContain("ShipX webhook ignored");
    expect(logged).toContain("99999999");
    // the request lines name the URL with its token redacted (server/lib/redact.ts)
    expect(logLines.join("")).toContain("/api/shipments/shipx/webhook?token=[redacted]");
    expect(logLines.join("")).not.toContain(SECRET);
  });
});
