import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { Db } from "../../db/client";
import { orderItems, orderStatuses, orders, products, productViews } from "../../db/schema";
import { countingDatabase } from "../../test/counting-database";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { testConfig } from "../../test/test-config";
import { daysAgo, insertCatalogFixtures } from "./catalog.fixtures";
import {
  createProductActivityService,
  loadViewerSalt,
  PRUNE_PROBABILITY,
  type ProductActivityService,
  viewerHash,
} from "./product-activity";

let database: TestDatabase;
let db: Db;
let fixtures: Awaited<ReturnType<typeof insertCatalogFixtures>>;
const start = new Date("2026-03-10T12:00:00.000Z");
let clock = start;
const minutesLater = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

function service(random = () => 1): ProductActivityService {
  return createProductActivityService(db, { salt: "test-salt", now: () => clock, random });
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  fixtures = await insertCatalogFixtures(db, start);
});

afterAll(async () => {
  await database?.destroy();
});

describe("viewer hash", () => {
  it("is a salted SHA-256 of the client's address only (issue 24); never the address itself", () => {
    const byClient = viewerHash("salt", { ip: "203.0.113.5" });
    expect(byClient).toMatch(/^[0-9a-f]{64}$/);
    expect(byClient).not.toContain("203.0.113.5");
    expect(viewerHash("other salt", { ip: "203.0.113.5" })).not.toBe(byClient);
    expect(viewerHash("salt", { ip: "203.0.113.6" })).not.toBe(byClient);
    expect(viewerHash("salt", {})).toBeNull();
  });

  it("keeps one salt per data folder", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "viewer-salt-"));
    try {
      const first = loadViewerSalt(dir);
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(loadViewerSalt(dir)).toBe(first);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("product views", () => {
  it("counts each viewer once per 15 minutes and distinct viewers in the last 15 minutes", async () => {
    const activity = service();
    const { blanket } = fixtures.products;
    const anna = { ip: "203.0.113.5" };
    const jan = { ip: "198.51.100.7" };

    clock = start;
    expect(await activity.recordView(blanket, anna)).toEqual({ ok: true, value: { recorded: true } });
    clock = minutesLater(5);
    expect(await activity.recordView(blanket, anna)).toEqual({ ok: true, value: { recorded: false } });
    expect(await activity.recordView(blanket, jan)).toEqual({ ok: true, value: { recorded: true } });
    expect(await activity.viewersLast15Minutes(blanket)).toBe(2);

    // 16 minutes after her first view Anna counts again as a new view, but still one viewer
    clock = minutesLater(16);
    expect(await activity.recordView(blanket, anna)).toEqual({ ok: true, value: { recorded: true } });
    expect(await activity.viewersLast15Minutes(blanket)).toBe(2);
    const rows = await db.select().from(productViews).where(eq(productViews.productId, blanket));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.viewerHash))).toBe(true);

    // 21 minutes: Jan's only view (at 5) is older than 15 minutes
    clock = minutesLater(21);
    expect(await activity.viewersLast15Minutes(blanket)).toBe(1);
    clock = minutesLater(40);
    expect(await activity.viewersLast15Minutes(blanket)).toBe(0);
    expect(await activity.viewersLast15Minutes(fixtures.products.simpleSale)).toBe(0);
  });

  it("refuses hidden and missing products and records nothing for an unidentifiable viewer", async () => {
    const activity = service();
    clock = start;
    expect(await activity.recordView(fixtures.products.hidden, { ip: "203.0.113.9" })).toMatchObject({
      ok: false,
      code: "not-found",
    });
    expect(await activity.recordView(2_000_000_000, { ip: "203.0.113.9" })).toMatchObject({
      ok: false,
      code: "not-found",
    });
    expect(await activity.recordView(fixtures.products.outOfStock, {})).toEqual({
      ok: true,
      value: { recorded: false },
    });
    const hiddenRows = await db
      .select()
      .from(productViews)
      .where(eq(productViews.productId, fixtures.products.hidden));
    expect(hiddenRows).toHaveLength(0);
  });

  it("prunes views older than a day, now and then while recording", async () => {
    const { simpleSale } = fixtures.products;
    clock = new Date(start.getTime() - 30 * 60 * 60_000);
    await service().recordView(simpleSale, { ip: "192.0.2.1" });
    clock = start;
    // a draw below the pruning share prunes while recording
    await service(() => PRUNE_PROBABILITY / 2).recordView(simpleSale, { ip: "192.0.2.2" });
    const rows = await db.select().from(productViews).where(eq(productViews.productId, simpleSale));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.viewedAt.toISOString()).toBe(start.toISOString());
  });
});

describe("purchases in the last 30 days", () => {
  let orderCounter = 0;

  async function order(status: string, history: { status: string; at: Date }[], lines: [number, number][]) {
    orderCounter += 1;
    const address = {
      displayName: "Jan Kowalski",
      email: "jan@example.com",
      phone: "600100200",
      postCode: "00-001",
      city: "Warszawa",
      street: "Prosta 1",
    };
    const [row] = await db
      .insert(orders)
      .values({
        orderNumber: `TEST-${orderCounter}-${Date.now()}`,
        email: "jan@example.com",
        status,
        priceGrosze: 10_000,
        totalProductsGrosze: 10_000,
        deliveryMethod: "courier",
        deliveryTitle: "Kurier",
        deliveryPriceGrosze: 1_499,
        recipient: address,
        invoiceData: address,
      })
      .returning({ id: orders.id });
    if (!row) throw new Error("order not inserted");
    await db
      .insert(orderStatuses)
      .values(history.map((entry) => ({ orderId: row.id, status: entry.status, createdAt: entry.at })));
    await db.insert(orderItems).values(
      lines.map(([productId, quantity], position) => ({
        orderId: row.id,
        productId,
        productTitle: "Produkt",
        unitPriceGrosze: 1_000,
        quantity,
        position,
      })),
    );
  }

  it("is 0 without orders", async () => {
    clock = start;
    expect(await service().purchasesLast30Days(fixtures.products.blanket)).toBe(0);
  });

  it("sums the pieces of orders paid within 30 days, not older, unpaid or canceled ones", async () => {
    clock = start;
    const { blanket, simpleSale } = fixtures.products;
    const paid = (days: number) => [
      { status: "NEW", at: daysAgo(start, days) },
      { status: "PAYMENT_CONFIRMED", at: daysAgo(start, days) },
    ];
    // counted: 2 + 3 (+ simpleSale's line is another product)
    await order("PAYMENT_CONFIRMED", paid(2), [
      [blanket, 2],
      [simpleSale, 4],
    ]);
    await order(
      "IN_DELIVERY",
      [...paid(20), { status: "IN_DELIVERY", at: daysAgo(start, 19) }],
      [[blanket, 3]],
    );
    // not counted: paid 31 days ago, never paid, paid then canceled
    await order("PARCEL_DELIVERED", paid(31), [[blanket, 10]]);
    await order("PAYMENT_PENDING", [{ status: "PAYMENT_PENDING", at: daysAgo(start, 1) }], [[blanket, 7]]);
    await order("CANCELED", [...paid(3), { status: "CANCELED", at: daysAgo(start, 2) }], [[blanket, 5]]);
    // a confirmation recorded twice must not double the pieces
    await order(
      "PAYMENT_CONFIRMED",
      [...paid(4), { status: "PAYMENT_CONFIRMED", at: daysAgo(start, 4) }],
      [[simpleSale, 1]],
    );

    const activity = service();
    expect(await activity.purchasesLast30Days(blanket)).toBe(5);
    expect(await activity.purchasesLast30Days(simpleSale)).toBe(5);
    expect(await activity.purchasesLast30Days(fixtures.products.outOfStock)).toBe(0);
  });

  it("shows only figures worth showing", async () => {
    const { blanket, simpleSale, outOfStock } = fixtures.products;
    clock = start;
    const activity = service();
    await activity.recordView(outOfStock, { ip: "192.0.2.10" });
    expect(await activity.socialProof(outOfStock)).toEqual({ viewers: null, purchases: null });
    await activity.recordView(outOfStock, { ip: "192.0.2.11" });
    expect(await activity.socialProof(outOfStock)).toEqual({ viewers: 2, purchases: null });
    expect((await activity.socialProof(blanket)).purchases).toBe(5);
    expect((await activity.socialProof(simpleSale)).purchases).toBe(5);
    expect(await activity.socialProof(2_147_483_648)).toEqual({ viewers: null, purchases: null });
  });

  it("reads both figures in one statement (the product page's budget)", async () => {
    const counting = countingDatabase(database);
    const activity = createProductActivityService(counting.database.db, {
      salt: "test-salt",
      now: () => clock,
    });
    // (planned once per service: on PGlite a PREPARE before the first call, prepared-read.ts)
    await activity.socialProof(fixtures.products.simpleSale);
    counting.log.clear();
    expect((await activity.socialProof(fixtures.products.blanket)).purchases).toBe(5);
    expect(counting.log.statements).toHaveLength(1);
  });
});

describe("POST /api/shops/products/:id/views", () => {
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "product-activity-api-"));
    app = await buildApp(testConfig({ DATA_DIR: dataDir }), database, { web: false, logger: false });
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("records a view of a visible product once per viewer, 404 for a hidden one, 400 for a bad id", async () => {
    const { blanket, hidden } = fixtures.products;
    await db.delete(productViews).where(eq(productViews.productId, blanket));
    const headers = { "user-agent": "Playwright" };
    const remoteAddress = "203.0.113.77";
    const first = await app.inject({
      method: "POST",
      url: `/api/shops/products/${blanket}/views`,
      headers,
      remoteAddress,
    });
    expect(first.statusCode).toBe(204);
    const again = await app.inject({
      method: "POST",
      url: `/api/shops/products/${blanket}/views`,
      headers,
      remoteAddress,
    });
    expect(again.statusCode).toBe(204);
    const other = await app.inject({
      method: "POST",
      url: `/api/shops/products/${blanket}/views`,
      headers,
      remoteAddress: "203.0.113.78",
    });
    expect(other.statusCode).toBe(204);
    expect(await app.services.productActivity.viewersLast15Minutes(blanket)).toBe(2);
    const rows = await db.select().from(productViews).where(eq(productViews.productId, blanket));
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain("203.0.113.7");
    expect(fs.existsSync(path.join(dataDir, "viewer-salt"))).toBe(true);

    const hiddenView = await app.inject({
      method: "POST",
      url: `/api/shops/products/${hidden}/views`,
      headers,
    });
    expect(hiddenView.statusCode).toBe(404);
    const bad = await app.inject({ method: "POST", url: "/api/shops/products/abc/views", headers });
    expect(bad.statusCode).toBe(400);
    expect(await db.select().from(products).where(eq(products.id, hidden))).toHaveLength(1);
  });
});
