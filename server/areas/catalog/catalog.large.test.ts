import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { seedLargeCatalog } from "../../db/seed/large-catalog";
import { createTestDatabase } from "../../test/database";
import { listPlanTests } from "./catalog.indexes.cases";
import { listAtScaleTests } from "./catalog.search.scale.cases";
import { LARGE_CATALOG_PRODUCTS, type LargeCatalogTestbed } from "./large-catalog.testbed";

// The product list on 10,000 generated products (server/db/seed/large-catalog.ts), seeded once for
// two sets of checks (seeding is most of their time, on PostgreSQL ~30 s): the list endpoint at
// scale (catalog.search.scale.cases.ts, reads only) and the statements' plans and the stored list
// price (catalog.indexes.cases.ts, whose last tests change prices, so it runs second).

let testbed: LargeCatalogTestbed | undefined;

beforeAll(async () => {
  const database = await createTestDatabase();
  const catalog = await seedLargeCatalog(database.db, {
    products: LARGE_CATALOG_PRODUCTS,
    images: [1, 2, 3].map((n) => ({ url: `/media/p${n}.webp`, thumbUrl: `/media/p${n}-thumb.webp` })),
  });
  testbed = { database, catalog };
  // what autovacuum does on a live database: fresh statistics and the visibility map
  await database.db.execute(sql`vacuum analyze`);
}, 240_000);

afterAll(async () => {
  await testbed?.database.destroy();
});

function seeded(): LargeCatalogTestbed {
  if (!testbed) throw new Error("the large catalog was not seeded (catalog.large.test.ts beforeAll)");
  return testbed;
}

listAtScaleTests(seeded);
listPlanTests(seeded);
