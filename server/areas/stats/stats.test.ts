import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders } from "../../db/schema";
import { startApi } from "../../test/api";
import { kitForFile } from "../../test/kit-for-file";
import { bearer, createSignedInUser } from "../accounts/accounts.fixtures";
import { INVOICE_DATA, insertShopFixtures, RECIPIENT } from "../orders/orders.fixtures";

// GET /api/shops/stats on fixture orders with known dates around the Warsaw day boundaries:
// exact revenue per day, orders by status, top products, average order value and conversion.

const kit = kitForFile(() => startApi({ name: "stats" }));

let moderator: string;
let customer: string;
let p1: number;
let p2: number;

let counter = 0;
async function order(input: {
  createdAt: string;
  paid: boolean;
  status: string;
  priceGrosze: number;
  items: { productId: number; quantity: number; unitPriceGrosze: number; title: string }[];
}) {
  counter += 1;
  const [row] = await kit.database.db
    .insert(orders)
    .values({
      orderNumber: `STAT-${counter}-${Date.now()}`,
      email: "stat@example.com",
      status: input.status,
      priceGrosze: input.priceGrosze,
      totalProductsGrosze: input.priceGrosze,
      deliveryMethod: "parcel-locker",
      deliveryTitle: "Paczkomat InPost",
      deliveryPriceGrosze: 0,
      recipient: RECIPIENT,
      invoiceData: INVOICE_DATA,
      createdAt: new Date(input.createdAt),
      paidAt: input.paid ? new Date(input.createdAt) : null,
    })
    .returning({ id: orders.id });
  if (!row) throw new Error("order insert failed");
  await kit.database.db.insert(orderItems).values(
    input.items.map((item, position) => ({
      orderId: row.id,
      productId: item.productId,
      productTitle: item.title,
      unitPriceGrosze: item.unitPriceGrosze,
      quantity: item.quantity,
      position,
    })),
  );
}

beforeAll(async () => {
  const shop = await insertShopFixtures(kit.database.db);
  p1 = shop.plain.id;
  p2 = shop.variantProduct.id;
  moderator = (await createSignedInUser(kit.database.db, { roles: ["shop-moderator", "user"] })).token;
  customer = (await createSignedInUser(kit.database.db)).token;
  const P1 = { productId: p1, title: "Kocyk" };
  const P2 = { productId: p2, title: "Śpiworek" };
  // March 2026 in Warsaw is UTC+1 (summer time starts on 29 March)
  await order({
    createdAt: "2026-03-01T10:00:00Z",
    paid: true,
    status: "PAYMENT_CONFIRMED",
    priceGrosze: 10_000,
    items: [
      { ...P1, quantity: 2, unitPriceGrosze: 3_000 },
      { ...P2, quantity: 1, unitPriceGrosze: 4_000 },
    ],
  });
  // 00:30 on 1 March in Warsaw
  await order({
    createdAt: "2026-02-28T23:30:00Z",
    paid: true,
    status: "SHIPMENT_NUMBER_ADDED",
    priceGrosze: 5_000,
    items: [{ ...P1, quantity: 1, unitPriceGrosze: 5_000 }],
  });
  // 23:59 on 3 March in Warsaw
  await order({
    createdAt: "2026-03-03T22:59:00Z",
    paid: true,
    status: "PARCEL_DELIVERED",
    priceGrosze: 2_999,
    items: [{ ...P2, quantity: 1, unitPriceGrosze: 2_999 }],
  });
  await order({
    createdAt: "2026-03-02T12:00:00Z",
    paid: false,
    status: "PAYMENT_NEW",
    priceGrosze: 7_000,
    items: [{ ...P1, quantity: 5, unitPriceGrosze: 1_400 }],
  });
  await order({
    createdAt: "2026-03-02T13:00:00Z",
    paid: false,
    status: "CANCELED",
    priceGrosze: 4_000,
    items: [{ ...P1, quantity: 1, unitPriceGrosze: 4_000 }],
  });
  // outside the period: 00:00 on 4 March and 23:59 on 28 February in Warsaw
  for (const createdAt of ["2026-03-03T23:00:00Z", "2026-02-28T22:59:00Z"]) {
    await order({
      createdAt,
      paid: true,
      status: "PAYMENT_CONFIRMED",
      priceGrosze: 50_000,
      items: [{ ...P2, quantity: 9, unitPriceGrosze: 5_000 }],
    });
  }
});

const get = (query: string, token?: string) =>
  kit.app.inject({ url: `/api/shops/stats?${query}`, headers: token ? bearer(token) : {} });

describe("GET /api/shops/stats", () => {
  it("refuses anonymous callers (401) and customers (403)", async () => {
    expect((await get("from=2026-03-01&to=2026-03-03")).statusCode).toBe(401);
    const refused = await get("from=2026-03-01&to=2026-03-03", customer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Required moderator role");
  });

  it("gives the exact figures of the orders placed in the period (Warsaw days)", async () => {
    const response = await get("from=2026-03-01&to=2026-03-03", moderator);
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json();
    expect(stats.daily).toEqual([
      { day: "2026-03-01", revenueGrosze: 15_000, paidOrders: 2 },
      { day: "2026-03-02", revenueGrosze: 0, paidOrders: 0 },
      { day: "2026-03-03", revenueGrosze: 2_999, paidOrders: 1 },
    ]);
    expect(stats.byStatus).toEqual([
      { status: "CANCELED", orders: 1 },
      { status: "PARCEL_DELIVERED", orders: 1 },
      { status: "PAYMENT_CONFIRMED", orders: 1 },
      { status: "PAYMENT_NEW", orders: 1 },
      { status: "SHIPMENT_NUMBER_ADDED", orders: 1 },
    ]);
    expect(stats.topProducts).toEqual([
      { productId: p1, title: "Kocyk", units: 3, revenueGrosze: 11_000 },
      { productId: p2, title: "Śpiworek", units: 2, revenueGrosze: 6_999 },
    ]);
    expect(stats).toMatchObject({
      from: "2026-03-01",
      to: "2026-03-03",
      startedOrders: 5,
      paidOrders: 3,
      revenueGrosze: 17_999,
      averageOrderGrosze: 6_000,
      conversion: 0.6,
    });
  });

  it("gives zeros for a period without orders", async () => {
    const stats = (await get("from=2025-01-01&to=2025-01-02", moderator)).json();
    expect(stats).toMatchObject({
      daily: [
        { day: "2025-01-01", revenueGrosze: 0, paidOrders: 0 },
        { day: "2025-01-02", revenueGrosze: 0, paidOrders: 0 },
      ],
      byStatus: [],
      topProducts: [],
      startedOrders: 0,
      paidOrders: 0,
      revenueGrosze: 0,
      averageOrderGrosze: 0,
      conversion: 0,
    });
  });

  it("refuses a bad period with field errors", async () => {
    const reversed = await get("from=2026-03-05&to=2026-03-01", moderator);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fields.to.key).toBe("validation.dateRange");
    const missing = await get("from=2026-02-30", moderator);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(["from", "to"]);
    const tooLong = await get("from=2024-01-01&to=2026-01-01", moderator);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.from.key).toBe("validation.maxValue");
  });
});

describe("GET /api/orders by the day placed", () => {
  it("lists the orders placed between od and do (Warsaw days, both included)", async () => {
    const list = async (query: string) =>
      (await kit.app.inject({ url: `/api/orders?${query}`, headers: bearer(moderator) })).json() as {
        total: number;
        items: { priceGrosze: number }[];
      };
    expect((await list("od=2026-03-01&do=2026-03-03&szukaj=STAT-")).total).toBe(5);
    expect((await list("od=2026-03-04&do=2026-03-04&szukaj=STAT-")).total).toBe(1);
    expect((await list("do=2026-02-28&szukaj=STAT-")).total).toBe(1);
    const onDay = await list("od=2026-03-02&do=2026-03-02&status=CANCELED");
    expect(onDay.items.map((item) => item.priceGrosze)).toEqual([4_000]);
    const bad = await kit.app.inject({ url: "/api/orders?od=2026-02-30", headers: bearer(moderator) });
    expect(bad.statusCode).toBe(400);
  });
});
