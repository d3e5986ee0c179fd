import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cheapestVariant, effectivePriceGrosze } from "../../../domain/pricing";
import { searchTerms } from "../../../domain/search";
import { PRODUCT_PAGE_SIZE, parseProductQuery } from "../../../domain/validation/product-query";
import { priceHistory, products, productVariants } from "../../db/schema";
import { type LargeCatalog, largeCatalogRules } from "../../db/seed/large-catalog";
import type { TestDatabase } from "../../test/database";
import { recordFigure } from "../../test/figures";
import { productListOrder, productListWhere } from "./catalog.search";
import { LARGE_CATALOG_PRODUCTS, type LargeCatalogTestbed } from "./large-catalog.testbed";

// Every filter and sort of the product list reaches products through an index on 10,000 products
// (docs/decisions/022-list-indexes.md): EXPLAIN ANALYZE of the list's own statements, built by the
// same builders as catalog.service searchProducts (its count, and its page of ids). The chosen
// indexes and the execution times are recorded as figures; times are never asserted.

const PRODUCTS = LARGE_CATALOG_PRODUCTS;
let database: TestDatabase;
let catalog: LargeCatalog;

/** The list's two statements for a query string, as catalog.service searchProducts builds them. */
function listStatements(queryString: string): { count: SQL; page: SQL } {
  const query = parseProductQuery(queryString);
  const terms = query.szukaj === "" ? [] : searchTerms(query.szukaj);
  const where = productListWhere(query, terms) ?? sql`true`;
  const order = sql.join(productListOrder(query, terms), sql`, `);
  return {
    count: sql`select count(*)::int as total from ${products} where ${where}`,
    page: sql`select ${products.id} as id from ${products} where ${where}
      order by ${order} limit ${PRODUCT_PAGE_SIZE} offset ${(Math.max(1, query.strona) - 1) * PRODUCT_PAGE_SIZE}`,
  };
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

interface Plan {
  /** every index the plan reads */
  indexes: string[];
  /** how each reference to products is read: "Seq Scan", "Index Only Scan using …", "Bitmap Heap Scan" */
  productAccess: string[];
  ms: number;
}

function walk(node: PlanNode, visit: (node: PlanNode) => void) {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

async function explain(statement: SQL): Promise<Plan> {
  const { rows } = await database.db.execute<{ "QUERY PLAN": unknown }>(
    sql`explain (analyze, format json) ${statement}`,
  );
  const raw = rows[0]?.["QUERY PLAN"];
  const [result] = (typeof raw === "string" ? JSON.parse(raw) : raw) as [
    { Plan: PlanNode; "Execution Time": number },
  ];
  const indexes = new Set<string>();
  const productAccess: string[] = [];
  walk(result.Plan, (node) => {
    if (node["Index Name"]) indexes.add(node["Index Name"]);
    if (node["Relation Name"] === "products") {
      const index = node["Index Name"];
      productAccess.push(index ? `${node["Node Type"]} using ${index}` : node["Node Type"]);
    }
  });
  return { indexes: [...indexes], productAccess, ms: result["Execution Time"] };
}

const describePlan = (plan: Plan) =>
  `${plan.productAccess.join(" + ")} [${plan.indexes.join(", ")}] ${plan.ms.toFixed(1)} ms`;

/** A leaf category of the generated tree (about 1/18 + 1/54 of the products) and a top-level one. */
const LEAF = () => String(catalog.categoryIds[2]);
const TOP = () => String(catalog.categoryIds[0]);

interface Case {
  query: string;
  /** the index the page of ids must be read through */
  page?: string;
  /** the index the count must be read through (selective filters) */
  count?: string;
  /**
   * the count may join products by scanning them: for a category (about 7 % of the products) the
   * planner weighs one pass over products against a probe per member, and PostgreSQL's statistics
   * tip it either way from run to run (both ~8 ms); the category's rows still come from its index
   */
  countMayScanProducts?: true;
}

const CASES: Case[] = [
  // the orders: the page is the first rows of an index (the count of ~all products may scan)
  { query: "", page: "products_visible_updated_idx" },
  { query: "sortujTyp=desc", page: "products_visible_updated_idx" },
  { query: "sortujWg=title", page: "products_title_sort_idx" },
  { query: "sortujWg=title&sortujTyp=desc", page: "products_title_sort_idx" },
  { query: "sortujWg=price", page: "products_visible_list_price_idx" },
  { query: "sortujWg=price&sortujTyp=desc", page: "products_visible_list_price_idx" },
  // the filters: the page and the count read only the matching products
  // (its page in the default order: the planner may walk products_visible_updated_idx instead)
  { query: "minCena=50&maxCena=55", count: "products_visible_list_price_idx" },
  {
    query: "minCena=50&maxCena=55&sortujWg=price&sortujTyp=desc",
    page: "products_visible_list_price_idx",
    count: "products_visible_list_price_idx",
  },
  { query: "nowosci=tak", page: "products_new_idx", count: "products_new_idx" },
  { query: "wyprzedaz=tak", page: "products_sale_idx", count: "products_sale_idx" },
  { query: "premium=tak", page: "products_premium_idx", count: "products_premium_idx" },
  { query: "wyprawki=tak", page: "products_layette_idx", count: "products_layette_idx" },
  { query: "zestawy=tak", page: "products_set_idx", count: "products_set_idx" },
  { query: "premium=tak&sortujWg=price", count: "products_premium_idx" },
  // (its page: the first visible products in order, each looked up in product_categories, or
  // the category's products from product_categories_category_idx, whichever is cheaper)
  { query: "kategoria=LEAF", count: "product_categories_category_idx", countMayScanProducts: true },
  // filters together: any of their indexes, never the whole table
  { query: "kategoria=LEAF&premium=tak&minCena=50&maxCena=150" },
  // search: a product number (no typo keys), a word in 1 % of the titles, two words (3 %), a typo
  { query: "szukaj=1234", page: "products_search_doc_idx", count: "products_search_doc_idx" },
  { query: "szukaj=limitowana", page: "products_search_keys_idx", count: "products_search_keys_idx" },
  { query: "szukaj=kocyk zolty", count: "products_search_doc_idx" },
  { query: "szukaj=kocyl zolty", count: "products_search_keys_idx" },
  // a kind of product, in a sixth of the titles (~1,700 products), and a typo of one: both indexes, their
  // bitmaps joined (BitmapOr), in the page and the count; never every row's typo keys tested, which the
  // planner chose while it costed a page read out of order at 4 times the next one (the shop sets 1.1:
  // server/db/client.ts RANDOM_PAGE_COST)
  { query: "szukaj=przytulanka", page: "products_search_doc_idx", count: "products_search_keys_idx" },
  { query: "szukaj=kocyk", page: "products_search_keys_idx", count: "products_search_doc_idx" },
  { query: "szukaj=kocyl", page: "products_search_keys_idx", count: "products_search_keys_idx" },
];

/** Recorded, not asserted: a deep page and a large category read most of an index. */
const RECORDED_ONLY = ["strona=200", "kategoria=TOP"];

const withIds = (query: string) => query.replace("LEAF", LEAF()).replace("TOP", TOP());

/** Every product's list price by domain/pricing (the thumbnail price), from its rows. */
async function domainListPrices(ids?: number[]): Promise<Map<number, number>> {
  const productRows = await database.db
    .select({
      id: products.id,
      priceGrosze: products.priceGrosze,
      promotionalPriceGrosze: products.promotionalPriceGrosze,
    })
    .from(products)
    .where(ids ? inArray(products.id, ids) : undefined);
  const variantRows = await database.db
    .select({
      productId: productVariants.productId,
      priceGrosze: productVariants.priceGrosze,
      promotionalPriceGrosze: productVariants.promotionalPriceGrosze,
      fields: productVariants.fields,
      quantity: productVariants.quantity,
    })
    .from(productVariants)
    .where(ids ? inArray(productVariants.productId, ids) : undefined);
  const variantsOf = new Map<number, (typeof variantRows)[number][]>();
  for (const variant of variantRows) {
    variantsOf.set(variant.productId, [...(variantsOf.get(variant.productId) ?? []), variant]);
  }
  return new Map(
    productRows.map((row) => [
      row.id,
      effectivePriceGrosze(cheapestVariant(variantsOf.get(row.id) ?? []) ?? row),
    ]),
  );
}

async function storedListPrices(ids: number[]): Promise<Map<number, number>> {
  const rows = await database.db
    .select({ id: products.id, listPriceGrosze: products.listPriceGrosze })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row.listPriceGrosze]));
}

/** The plans and the stored list price (its last tests change prices: register these after the read-only checks). */
export function listPlanTests(testbed: () => LargeCatalogTestbed): void {
  beforeAll(() => {
    ({ database, catalog } = testbed());
  });

  describe("the product list's plans on 10,000 products", () => {
    it.each(CASES)(
      "?$query: products are read through an index",
      async ({ query, page, count, countMayScanProducts }) => {
        const statements = listStatements(withIds(query));
        const pagePlan = await explain(statements.page);
        const countPlan = await explain(statements.count);
        const pageHeld =
          !pagePlan.productAccess.includes("Seq Scan") &&
          (page === undefined || pagePlan.indexes.includes(page));
        const countScans = !countMayScanProducts && countPlan.productAccess.includes("Seq Scan");
        const countHeld = count === undefined || (!countScans && countPlan.indexes.includes(count));
        recordFigure({
          suite: "list indexes",
          tried: `?${query || "(default)"} on ${PRODUCTS} products`,
          result: `page: ${describePlan(pagePlan)}; count: ${describePlan(countPlan)}`,
          held: pageHeld && countHeld,
        });
        expect(pagePlan.productAccess).not.toContain("Seq Scan");
        if (page) expect(pagePlan.indexes).toContain(page);
        if (count) {
          if (!countMayScanProducts) expect(countPlan.productAccess).not.toContain("Seq Scan");
          expect(countPlan.indexes).toContain(count);
        }
      },
    );

    it("records, without asserting, the plans of a deep page, a large category and word searches", async () => {
      for (const query of RECORDED_ONLY) {
        const statements = listStatements(withIds(query));
        const pagePlan = await explain(statements.page);
        const countPlan = await explain(statements.count);
        recordFigure({
          suite: "list indexes",
          tried: `?${query} on ${PRODUCTS} products (not asserted)`,
          result: `page: ${describePlan(pagePlan)}; count: ${describePlan(countPlan)}`,
          held: true,
        });
        expect(pagePlan.productAccess.length).toBeGreaterThan(0);
      }
    });
  });
  describe("the stored list price", () => {
    it("equals domain/pricing's thumbnail price for every product, with and without variants", async () => {
      const expected = await domainListPrices();
      const stored = await storedListPrices([...expected.keys()]);
      expect(expected.size).toBe(PRODUCTS);
      const wrong = [...expected].filter(([id, price]) => stored.get(id) !== price);
      expect(wrong).toEqual([]);
    });

    it("filters and sorts the list as domain/pricing prices the products", async () => {
      const expected = await domainListPrices();
      const hidden = new Set(
        (await database.db.select({ id: products.id }).from(products).where(eq(products.isHidden, true))).map(
          (row) => row.id,
        ),
      );
      const inRange = [...expected]
        .filter(([id, price]) => !hidden.has(id) && price >= 5000 && price <= 15000)
        .sort(([idA, a], [idB, b]) => a - b || idA - idB);
      for (const direction of ["asc", "desc"] as const) {
        const statements = listStatements(
          `minCena=50&maxCena=150&sortujWg=price&sortujTyp=${direction}&strona=2`,
        );
        const total = (await database.db.execute<{ total: number }>(statements.count)).rows[0]?.total;
        const page = (await database.db.execute<{ id: number }>(statements.page)).rows.map((row) =>
          Number(row.id),
        );
        const ordered = direction === "asc" ? inRange : [...inRange].reverse();
        expect(Number(total)).toBe(inRange.length);
        expect(page).toEqual(ordered.slice(PRODUCT_PAGE_SIZE, 2 * PRODUCT_PAGE_SIZE).map(([id]) => id));
      }
    });

    it("follows every price change of a product or its variants (triggers), price history still written", async () => {
      const { first } = catalog.productIds;
      // product numbers (i) from the generator: 5 and 10 have variants, 1 and 2 do not
      const withVariants = first + 4;
      const other = first + 9;
      const plain = first;
      const plain2 = first + 1;
      expect(largeCatalogRules.hasVariants(5) && largeCatalogRules.hasVariants(10)).toBe(true);
      const historyBefore = await database.db.$count(priceHistory);
      const variants = await database.db
        .select({ id: productVariants.id, priceGrosze: productVariants.priceGrosze })
        .from(productVariants)
        .where(eq(productVariants.productId, withVariants))
        .orderBy(asc(productVariants.position));
      const [cheapest, second] = variants;
      if (!cheapest || !second) throw new Error("the generated product has no variants");

      // a cheaper promotion on one variant, then the cheapest variant removed, then one added
      await database.db
        .update(productVariants)
        .set({ promotionalPriceGrosze: 1234 })
        .where(eq(productVariants.id, second.id));
      expect((await storedListPrices([withVariants])).get(withVariants)).toBe(1234);
      await database.db.delete(productVariants).where(eq(productVariants.id, second.id));
      await database.db.insert(productVariants).values({
        productId: withVariants,
        fields: { "0": 999_999 },
        variantKey: "999999",
        priceGrosze: 2222,
        quantity: 1,
      });
      // a variant moved to another product: both products are recomputed
      await database.db
        .update(productVariants)
        .set({ productId: other, variantKey: "moved" })
        .where(eq(productVariants.id, cheapest.id));
      // a product without variants: a promotion, and a "promotion" equal to the price (none)
      await database.db.update(products).set({ promotionalPriceGrosze: 1111 }).where(eq(products.id, plain));
      await database.db
        .update(products)
        .set({ promotionalPriceGrosze: sql`${products.priceGrosze}` })
        .where(eq(products.id, plain2));
      // nobody can write a wrong value by hand
      await database.db.update(products).set({ listPriceGrosze: 1 }).where(eq(products.id, other));

      const ids = [withVariants, other, plain, plain2];
      const expected = await domainListPrices(ids);
      expect(await storedListPrices(ids)).toEqual(expected);
      expect(expected.get(withVariants)).toBe(2222);
      expect(expected.get(plain)).toBe(1111);
      // 0004's history: +1 the variant's promotion, −2 that variant's rows deleted with it, +1 the new
      // variant, +1 the product's promotion (a move, a promotion equal to the price and the
      // hand-written list price change no effective price)
      expect(await database.db.$count(priceHistory)).toBe(historyBefore + 1 - 2 + 1 + 1);
    });
  });
}
