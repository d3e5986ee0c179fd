import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import { loadConfig } from "../../server/config";
import { type Database, openDatabase } from "../../server/db/client";
import { seedIfEmpty } from "../../server/db/seed";
import { seedLargeCatalog } from "../../server/db/seed/large-catalog";
import { seedOrderHistory } from "../../server/db/seed/order-history";

// A fresh shop for one measurement: a new DATA_DIR (PGlite in DATA_DIR/db) or a new database on the
// given PostgreSQL server, migrated, with the demo shop (images on, so pages show images) and a large
// generated catalog on top. Stock of the products the order scenario buys is raised so that no order
// of the run fails for lack of units.

export interface PreparedShop {
  dataDir: string;
  /** null on PGlite */
  databaseUrl: string | null;
  kind: "pglite" | "postgres";
  data: BenchData;
  seedMs: number;
  /** deletes the data folder and drops the database */
  destroy(): Promise<void>;
}

/** What the scenarios address: ids and slugs read back from the seeded database. */
export interface BenchData {
  productCount: number;
  categoryIds: number[];
  /** visible products (canonical URL parts) */
  products: { id: number; slug: string }[];
  /** visible products without variants, in stock with plenty of units: the order scenario buys them */
  orderable: number[];
  /** words of visible products' titles, for varied searches */
  searchWords: string[];
}

/** Units given to each orderable product: far more than any run orders. */
export const ORDER_STOCK = 10_000_000;
const ORDERABLE_PRODUCTS = 40;

async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

async function readBenchData(database: Database, productCount: number, categoryIds: number[]) {
  const db = database.db;
  const rows = (query: SQL) => db.execute(query).then((r) => r.rows as Record<string, unknown>[]);
  const products = await rows(
    sql`select id, slug from products where not is_hidden order by md5(id::text) limit 2000`,
  );
  const orderable = await rows(sql`
    select p.id from products p
    where not p.is_hidden and p.quantity > 0
      and not exists (select 1 from product_variants v where v.product_id = p.id)
    order by p.id desc limit ${ORDERABLE_PRODUCTS}`);
  const titles = await rows(
    sql`select title from products where not is_hidden order by md5(id::text) limit 500`,
  );
  const words = new Set<string>();
  for (const row of titles) {
    for (const word of String(row.title)
      .toLowerCase()
      .split(/[^\p{L}]+/u))
      if (word.length >= 4) words.add(word);
  }
  return {
    productCount,
    categoryIds,
    products: products.map((row) => ({ id: Number(row.id), slug: String(row.slug) })),
    orderable: orderable.map((row) => Number(row.id)),
    searchWords: [...words].slice(0, 200),
  };
}

export async function prepareShop(options: {
  /** a PostgreSQL server URL (a new database is created on it), or null for PGlite */
  serverUrl: string | null;
  products: number;
  /** past orders written before the run (server/db/seed/order-history.ts) */
  orders: number;
}): Promise<PreparedShop> {
  const started = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
  const created = options.serverUrl ? await createPostgresDatabase(options.serverUrl) : null;
  const databaseUrl = created?.url ?? null;
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? undefined, LOG_LEVEL: "warn" });
  const database = await openDatabase({ databaseUrl, dbDir: config.dbDir });
  let data: BenchData;
  try {
    await database.migrate();
    await seedIfEmpty(database, config, { images: true });
    const images = await database.db
      .execute(sql`select url, thumb_url from product_images order by id limit 60`)
      .then((r) =>
        (r.rows as { url: string; thumb_url: string }[]).map((i) => ({ url: i.url, thumbUrl: i.thumb_url })),
      );
    const large = await seedLargeCatalog(database.db, { products: options.products, images });
    const count = await database.db.execute(sql`select count(*)::int as n from products`);
    data = await readBenchData(database, Number((count.rows[0] as { n: number }).n), large.categoryIds);
    if (data.orderable.length === 0) throw new Error("no visible product without variants in stock to order");
    await database.db.execute(
      sql`update products set quantity = ${ORDER_STOCK} where id in (${sql.join(
        data.orderable.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    await seedOrderHistory(database.db, { orders: options.orders });
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
  return {
    dataDir,
    databaseUrl,
    kind: databaseUrl ? "postgres" : "pglite",
    data,
    seedMs: Math.round(performance.now() - started),
    async destroy() {
      await created?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
