import { buildApp } from "../../server/app";
import {
  insertWithdrawalCase,
  type PaidOrder,
  placePaidOrder,
} from "../../server/areas/after-sale/after-sale.fixtures";
import { insertShopFixtures } from "../../server/areas/orders/orders.fixtures";
import { openDatabase } from "../../server/db/client";
import { withStoredDemoSecret } from "../../server/integrations/payments/demo-secret";
import { NO_ORDER_LIMIT } from "../../server/test/rate-limits";
import { testConfig } from "../../server/test/test-config";
import { staffApi } from "./accounts";
import { type APIRequestContext, expect, type Page } from "./test";

// The returns desk's seed (issue 27): before the spec's shop starts, the shop's own code on its copied
// data folder places a guest order, pays it through the demo bank (with the folder's demo-bank key,
// so the running shop's bank accepts the refund), marks it delivered and writes a withdrawal case of
// it as the withdrawal function would (server/areas/after-sale/after-sale.fixtures.ts).

export interface SeededWithdrawal extends PaidOrder {
  caseId: number;
}

export async function seedWithdrawal(dataDir: string): Promise<SeededWithdrawal> {
  const config = withStoredDemoSecret(testConfig({ DATA_DIR: dataDir, SEED_DEMO: "false" }));
  const database = await openDatabase({ databaseUrl: null, dbDir: config.dbDir });
  try {
    const app = await buildApp(config, database, { web: false, logger: false, rateLimits: NO_ORDER_LIMIT });
    try {
      const { plain } = await insertShopFixtures(database.db);
      const order = await placePaidOrder(app, config, plain, { quantity: 2 });
      const { caseId } = await insertWithdrawalCase(database.db, order);
      return { ...order, caseId };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** Staff mark the order delivered through the API (what "Dostarczono" on the staff order page does). */
export async function markDelivered(
  playwright: { request: { newContext(options: object): Promise<APIRequestContext> } },
  orderNumber: string,
): Promise<number> {
  const staff = await staffApi(playwright);
  const found = await staff.get(`/api/orders?szukaj=${orderNumber}`);
  const [listed] = ((await found.json()) as { items: { _id: number }[] }).items;
  if (!listed) throw new Error("the order is not in the staff list");
  const delivered = await staff.put(`/api/orders/${listed._id}/add-status`, {
    data: { status: "PARCEL_DELIVERED" },
  });
  expect(delivered.status()).toBe(200);
  await staff.dispose();
  return listed._id;
}

/** A product's title as a pattern matching it anywhere (its characters taken literally). */
export const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

/** Step one → step two → confirmed: withdraws from `product` only (the others set to 0). */
export async function withdrawFrom(page: Page, keep: string[]) {
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Krok 1 z 2: oświadczenie" })).toBeVisible();
  for (const title of keep) {
    await main.getByRole("spinbutton", { name: literally(title) }).fill("0");
  }
  await main.getByRole("button", { name: "Dalej" }).click();
  await expect(main.getByRole("heading", { name: "Krok 2 z 2: sprawdź i potwierdź" })).toBeVisible();
}
