import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { parcelPoints, products } from "../../db/schema";
import { seedIfEmpty } from "../../db/seed";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { testConfig } from "../../test/test-config";

// The demo lockers are seeded whenever the points table is empty and SEED_DEMO is on, also in
// a shop that already has a catalogue (the demo shop itself is then not seeded).

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parcel-seed-test-"));
let database: TestDatabase;

async function pointCount(): Promise<number> {
  return (await database.db.select({ n: count() }).from(parcelPoints))[0]?.n ?? 0;
}

beforeEach(async () => {
  database = await createTestDatabase();
  await database.db
    .insert(products)
    .values({ title: "Własny produkt", slug: "Wlasny_produkt", priceGrosze: 1000 });
});
afterEach(async () => {
  await database.destroy();
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("seeding the demo parcel lockers", () => {
  it("fills an empty points table of a shop that already has products, once", async () => {
    const config = testConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    expect(await seedIfEmpty(database, config, { images: false })).toBe(false);
    const seeded = await pointCount();
    expect(seeded).toBeGreaterThanOrEqual(60);
    const [productRow] = await database.db.select({ n: count() }).from(products);
    expect(productRow?.n).toBe(1);
    await seedIfEmpty(database, config, { images: false });
    expect(await pointCount()).toBe(seeded);
  });

  it("leaves the points alone with SEED_DEMO=false", async () => {
    const config = testConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", SEED_DEMO: "false" });
    await seedIfEmpty(database, config, { images: false });
    expect(await pointCount()).toBe(0);
  });
});
