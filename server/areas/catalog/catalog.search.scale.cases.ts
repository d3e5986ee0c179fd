import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PRODUCT_PAGE_SIZE,
  type ProductListPage,
  parseProductQuery,
} from "../../../domain/validation/product-query";
import { buildApp } from "../../app";
import { largeCatalogRules } from "../../db/seed/large-catalog";
import { type CountingDatabase, countingDatabase } from "../../test/counting-database";
import type { TestDatabase } from "../../test/database";
import { testConfig } from "../../test/test-config";
import { createCatalogService } from "./catalog.service";
import { LARGE_CATALOG_PRODUCTS, type LargeCatalogTestbed } from "./large-catalog.testbed";

// A catalog of 10,000 products (server/db/seed/large-catalog.ts): the list endpoint still answers
// from the database in one statement (the count, and the page's products with their relations),
// whatever the filters and the order.
// Timings are never asserted (docs/decisions/006-test-runners.md).

const PRODUCTS = LARGE_CATALOG_PRODUCTS;
let database: TestDatabase;
let app: FastifyInstance;
let dataDir: string;
let topCategory: number;
let counting: CountingDatabase;

async function list(query: string): Promise<{ page: ProductListPage; queries: string[] }> {
  counting.log.clear();
  const res = await app.inject({ method: "GET", url: `/api/shops/products?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return { page: res.json<ProductListPage>(), queries: [...counting.log.statements] };
}

/** The list endpoint on the large catalog (reads only). */
export function listAtScaleTests(testbed: () => LargeCatalogTestbed): void {
  beforeAll(async () => {
    ({ database } = testbed());
    topCategory = testbed().catalog.categoryIds[0] as number;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "catalog-scale-test-"));
    counting = countingDatabase(database);
    app = await buildApp(testConfig({ DATA_DIR: dataDir }), counting.database, {
      web: false,
      logger: false,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe("a catalog of 10,000 products", () => {
    it("lists one page with the total and the page's relations in one statement", async () => {
      const { page, queries } = await list("strona=3");
      let visible = 0;
      for (let i = 1; i <= PRODUCTS; i++) if (!largeCatalogRules.hidden(i)) visible++;
      expect(page).toMatchObject({ total: visible, page: 3, pageSize: PRODUCT_PAGE_SIZE });
      expect(page.items).toHaveLength(PRODUCT_PAGE_SIZE);
      // the count and the page with its images, categories, variants and price history: one statement
      expect(queries).toHaveLength(1);
      expect(queries[0]).toMatch(/select count\(\*\)/);
      // the relations are read for the page's products only: the page's ids, then the products by id
      expect(queries[0]).toMatch(
        /unnest\(array\(\s*select .* limit \$\d+ offset \$\d+\s*\)\) with ordinality/s,
      );
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
      const query = template.replace("KOCYKI", String(topCategory));
      const { page, queries } = await list(query);
      expect(page.total).toBeGreaterThan(PRODUCT_PAGE_SIZE);
      expect(page.items).toHaveLength(PRODUCT_PAGE_SIZE);
      expect(queries).toHaveLength(1);
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
      // what the search must find, counted without it: the visible "Kocyk żółty …" products
      const expected = await database.db.execute<{ count: number }>(
        sql`select count(*)::integer as count from products where not is_hidden and title like 'Kocyk żółty %'`,
      );
      const yellowBlankets = Number(expected.rows[0]?.count);
      expect(yellowBlankets).toBeGreaterThan(PRODUCT_PAGE_SIZE);
      for (const text of ["Żółty kocyk", "zolte kocyki", "kocyl zolty"]) {
        const { page } = await list(`szukaj=${encodeURIComponent(text)}`);
        expect(page.total, text).toBe(yellowBlankets);
        for (const item of page.items) expect(item.title, text).toMatch(/^Kocyk żółty w .+ nr \d+$/);
      }
    });

    it("answers a page with nothing in one statement", async () => {
      const { page, queries } = await list("szukaj=traktor");
      expect(page).toMatchObject({ items: [], total: 0, page: 1 });
      expect(queries).toHaveLength(1);
    });

    it("gives the page the same products as the service", async () => {
      const catalog = createCatalogService(database.db);
      const direct = await catalog.searchProducts(
        parseProductQuery("szukaj=poduszka&sortujWg=price&strona=2"),
      );
      const { page } = await list("szukaj=poduszka&sortujWg=price&strona=2");
      expect(page.items.map((item) => item._id)).toEqual(direct.items.map((item) => item._id));
    });
  });
}
