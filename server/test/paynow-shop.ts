import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp } from "../app";
import { insertShopFixtures, orderBody, type ShopFixtures } from "../areas/orders/orders.fixtures";
import { createPaymentProvider, type PaynowOptions } from "../integrations/payments";
import { createTestDatabase, type TestDatabase } from "./database";
import { type FakePaynow, startFakePaynow } from "./fake-paynow";
import { testConfig } from "./test-config";

// A shop with PAYMENT_PROVIDER=paynow against a local fake Paynow v3 server (fake-paynow.ts),
// for the tests of the Paynow flow and of the notification's reply: an app on a fresh database with
// the order fixtures, a way to place an order of the plain product and to deliver a notification.

export interface PaynowShop {
  database: TestDatabase;
  app: FastifyInstance;
  paynow: FakePaynow;
  shop: ShopFixtures;
  /** a guest order of one plain product (40.00 + 9.99 delivery), paid through Paynow */
  placeOrder(): Promise<LightMyRequestResponse>;
  /** POSTs a notification (its exact body and headers) to /api/payments/paynow/notifications */
  deliver(notification: {
    rawBody: string;
    headers: Record<string, string>;
  }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** `options`: the Paynow adapter's (e.g. a short timeoutMs), its defaults unless given. */
export async function startPaynowShop(options: PaynowOptions = {}): Promise<PaynowShop> {
  const database = await createTestDatabase();
  const paynow = await startFakePaynow();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "paynow-shop-"));
  const config = testConfig({
    DATA_DIR: dataDir,
    PAYMENT_PROVIDER: "paynow",
    PAYNOW_API_URL: paynow.url,
    PAYNOW_API_KEY: paynow.apiKey,
    PAYNOW_SIGNATURE_KEY: paynow.signatureKey,
    PUBLIC_URL: "https://shop.example",
  });
  const app = await buildApp(config, database, {
    web: false,
    logger: false,
    paymentProvider: createPaymentProvider(config, options),
  });
  const shop = await insertShopFixtures(database.db);
  return {
    database,
    app,
    paynow,
    shop,
    placeOrder: () =>
      app.inject({
        method: "POST",
        url: "/api/orders",
        payload: orderBody({
          cart: [{ productId: shop.plain.id, quantity: 1, variantKeys: {}, variantId: null }],
          priceGrosze: 4_999,
        }),
      }),
    deliver: (notification) =>
      app.inject({
        method: "POST",
        url: "/api/payments/paynow/notifications",
        payload: notification.rawBody,
        headers: { "content-type": "application/json", ...notification.headers },
      }),
    async close() {
      await app.close();
      await paynow.close();
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
