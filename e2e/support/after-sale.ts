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
