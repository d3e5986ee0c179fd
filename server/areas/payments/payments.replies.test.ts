import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { createPaymentProvider } from "../../integrations/payments";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { type FakePaynow, startFakePaynow } from "../../test/fake-paynow";
import { expectDeclaredReply } from "../../test/reply-check";
import { testConfig } from "../../test/test-config";
import { insertShopFixtures, orderBody } from "../orders/orders.fixtures";

// POST /api/payments/:provider/notifications answers what its declaration says: Paynow expects 202
// for an accepted notification (INTEGRATIONS.md §1), and the shop sends nothing else, so the route
// declares an empty body. The demo bank's notifications take the same handler.

let database: TestDatabase;
let app: FastifyInstance;
let paynow: FakePaynow;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  paynow = await startFakePaynow();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "payments-replies-"));
  const config = testConfig({
    DATA_DIR: dataDir,
    PAYMENT_PROVIDER: "paynow",
    PAYNOW_API_URL: paynow.url,
    PAYNOW_API_KEY: paynow.apiKey,
    PAYNOW_SIGNATURE_KEY: paynow.signatureKey,
    PUBLIC_URL: "https://shop.example",
  });
  app = await buildApp(config, database, {
    web: false,
    logger: false,
    paymentProvider: createPaymentProvider(config),
  });
});

afterAll(async () => {
  await app?.close();
  await paynow?.close();
  await database?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("payments replies", () => {
  it("a Paynow notification is accepted with 202 and an empty body", async () => {
    const shop = await insertShopFixtures(database.db);
    const placed = await app.inject({
      method: "POST",
      url: "/api/orders",
      payload: orderBody({
        cart: [{ productId: shop.plain.id, quantity: 1, variantKeys: {}, variantId: null }],
        priceGrosze: 4_999,
      }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [paymentId = ""] = [...paynow.payments.keys()];
    const notification = paynow.notification(paymentId, "CONFIRMED");
    const response = await app.inject({
      method: "POST",
      url: "/api/payments/paynow/notifications",
      payload: notification.rawBody,
      headers: { "content-type": "application/json", ...notification.headers },
    });
    expectDeclaredReply(app, "POST /api/payments/:provider/notifications", response);
  });
});
