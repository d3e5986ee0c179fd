import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { FastifyInstance } from "fastify";
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PRODUCT_PAGE_SIZE,
  type ProductListPage,
  parseProductQuery,
} from "../../../domain/validation/product-query";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import type { Database, Db } from "../../db/client";
import * as schema from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { insertCategoryTree } from "./catalog.fixtures";
import { createCatalogService } from "./catalog.service";

// A catalog of 10,000 products: the list endpoint still answers from the database with a fixed
// number of queries (a count, the page, the page's relations), whatever the filters and the order.
// Timings are never asserted (docs/decisions/006-test-runners.md).

const PRODUCTS = 10_000;
let database: TestDatabase;
let app: FastifyInstance;
let dataDir: string;
let kocykiCategory: number;
let statements: string[] = [];

/** The same database with a Drizzle logger that records every statement it sends. */
function countingDatabase(target: TestDatabase): Database {
  const logger = { logQuery: (query: string) => statements.push(query) };
  const client = (target.db as unknown as { $client: unknown }).$client;
  const db =
    target.kind === "pglite"
      ? (drizzlePglite(client as PGlite, { schema, logger }) as unknown as Db)
      : drizzleNodePg(client as Pool, { schema, logger });
  return { ...target, db };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const cats = await insertCategoryTree(db);
  kocykiCategory = cats.kocyki;
  // bulk insert in SQL: titles and descriptions from small word lists, every fifth product with
  // two variants, every product in one of three categories, every tenth out of stock
  await db.execute(sql`
    insert into products (title, slug, description, tags, quantity, price_grosze, promotional_price_grosze,
      is_new, is_sale, is_premium, is_layette, is_set, is_hidden, updated_at)
    select
      (array['Kocyk', 'Poduszka', 'Rożek', 'Śpiworek', 'Girlanda', 'Przytulanka'])[1 + i % 6] || ' '
        || (array['żółty', 'miętowy', 'różowy', 'szary', 'beżowy'])[1 + (i / 6) % 5] || ' nr ' || i,
      'produkt_' || i,
      '<p>Szyty ręcznie z bawełny. Wzór ' || (array['gwiazdki', 'groszki', 'kratka', 'paski'])[1 + i % 4] || '.</p>',
      array[(array['prezent', 'lato', 'zima', 'niemowlę'])[1 + i % 4]],
      case when i % 10 = 0 then 0 else 1 + i % 20 end,
      1000 + (i * 37) % 20000,
      case when i % 7 = 0 then 900 + (i * 37) % 20000 else null end,
      i % 3 = 0, i % 7 = 0, i % 11 = 0, i % 4 = 0, i % 13 = 0, i % 50 = 0,
      timestamptz '2026-01-01' + make_interval(mins => (i * 7919) % ${PRODUCTS})
    from generate_series(1, ${PRODUCTS}) as i`);
  await db.execute(sql`
    insert into product_variants (product_id, fields, variant_key, price_grosze, quantity, position)
    select p.id, jsonb_build_object('1', v), v::text, p.price_grosze + v * 500, v, v
    from products p cross join generate_series(1, 2) as v
    where substr(p.slug, 9)::integer % 5 = 0`);
  await db.execute(sql`
    insert into product_categories (product_id, category_id, position)
    select p.id, (array[${cats.kocyki}::integer, ${cats.rozki}::integer, ${cats.akcesoria}::integer])[
      1 + (substr(p.slug, 9)::integer / 6) % 3], 0
    from products p`);
  await db.execute(sql`
    insert into product_images (product_id, url, thumb_url, name, position)
    select p.id, '/media/p' || p.id || '.webp', '/media/p' || p.id || '-thumb.webp', 'p' || p.id, 0
    from products p`);
  await db.execute(sql`analyze`);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "catalog-scale-test-"));
  app = await buildApp(loadConfig({ DATA_DIR: dataDir }), countingDatabase(database), {
    web: false,
    logger: false,
  });
  await app.ready();
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function list(query: string): Promise<{ page: ProductListPage; queries: string[] }> {
  statements = [];
  const res = await app.inject({ method: "GET", url: `/api/shops/products?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return { page: res.json<ProductListPage>(), queries: statements };
}

describe("a catalog of 10,000 products", () => {
  it("lists one page with the total from a count, the page and its relations", async () => {
    const { page, queries } = await list("strona=3");
    const visible = PRODUCTS - PRODUCTS / 50;
    expect(page).toMatchObject({ total: visible, page: 3, pageSize: PRODUCT_PAGE_SIZE });
    expect(page.items).toHaveLength(PRODUCT_PAGE_SIZE);
    // count + page + images + categories + variants + price history
    expect(queries).toHaveLength(6);
    expect(queries[0]).toMatch(/^select count\(\*\)/);
    expect(queries[1]).toMatch(/limit \$\d+ offset \$\d+$/);
    // the relations are read for the page's products only
    for (const query of queries.slice(2)) expect(query).toMatch(/ in \(\$\d+, \$\d+, /);
  });

  it.each([
    "sortujWg=price&sortujTyp=desc",
    "sortujWg=title",
    "sortujWg=updated&sortujTyp=desc&strona=200",
    `kategoria=KOCYKI&premium=tak&minCena=50&maxCena=150`,
    "nowosci=tak&wyprawki=tak&wyprzedaz=tak",
    "szukaj=kocyk%20zolty",
    "szukaj=kocyl%20mietowy&sortujWg=price",
    "szukaj=rozki&kategoria=KOCYKI",
  ])("%s: the same fixed number of queries", async (template) => {
    const query = template.replace("KOCYKI", String(kocykiCategory));
    const { page, queries } = await list(query);
    expect(page.total).toBeGreaterThan(PRODUCT_PAGE_SIZE);
    expect(page.items).toHaveLength(PRODUCT_PAGE_SIZE);
    expect(queries).toHaveLength(6);
  });

  it("orders the whole catalog in the database: the first page of each order is the right one", async () => {
    const cheapest = (await list("sortujWg=price")).page.items.map((item) => item.thumbnail.priceGrosze);
    const dearest = (await list("sortujWg=price&sortujTyp=desc")).page.items.map(
      (item) => item.thumbnail.priceGrosze,
    );
    const prices = await database.db.execute<{ price: number }>(sql`
      select coalesce((select min(case when v.promotional_price_grosze is not null
          and v.promotional_price_grosze <> v.price_grosze then v.promotional_price_grosze else v.price_grosze end)
        from product_variants v where v.product_id = p.id),
        case when p.promotional_price_grosze is not null and p.promotional_price_grosze <> p.price_grosze
          then p.promotional_price_grosze else p.price_grosze end)::int as price
      from products p where not p.is_hidden order by 1`);
    const all = prices.rows.map((row) => Number(row.price));
    expect(cheapest).toEqual(all.slice(0, PRODUCT_PAGE_SIZE));
    expect(dearest).toEqual(all.slice(-PRODUCT_PAGE_SIZE).reverse());
  });

  it("searches the whole catalog (diacritics, endings, a typo)", async () => {
    for (const text of ["Żółty kocyk", "zolte kocyki", "kocyl zolty"]) {
      const { page } = await list(`szukaj=${encodeURIComponent(text)}`);
      // Kocyk (i % 6 = 0) żółty ((i / 6) % 5 = 0): i a multiple of 30 (333), but not of 150 (hidden)
      expect(page.total, text).toBe(333 - 66);
      for (const item of page.items) expect(item.title, text).toMatch(/^Kocyk żółty nr \d+$/);
    }
  });

  it("answers a page with nothing from the count alone", async () => {
    const { page, queries } = await list("szukaj=traktor");
    expect(page).toMatchObject({ items: [], total: 0, page: 1 });
    expect(queries).toHaveLength(1);
  });

  it("gives the page the same products as the service", async () => {
    const catalog = createCatalogService(database.db);
    const direct = await catalog.searchProducts(parseProductQuery("szukaj=poduszka&sortujWg=price&strona=2"));
    const { page } = await list("szukaj=poduszka&sortujWg=price&strona=2");
    expect(page.items.map((item) => item._id)).toEqual(direct.items.map((item) => item._id));
  });
});
