import { and, count, desc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { parseStockCsv } from "../../../domain/warehouse";
import { auditLog, orderItems, orders, products, productVariants } from "../../db/schema";
import { startApi } from "../../test/api";
import { kitForFile } from "../../test/kit-for-file";
import { bearer, createSignedInUser } from "../accounts/accounts.fixtures";
import { INVOICE_DATA, RECIPIENT } from "../orders/orders.fixtures";
import { insertCatalogFixtures } from "./catalog.fixtures";
import type { WarehouseRow } from "./warehouse.service";

// The warehouse (issue 6): every product without variants and every variant with its stock level,
// bulk changes in one transaction with one audit entry per changed row, the stock CSV round trip,
// bad CSV lines refused with nothing written, and the role matrix.

const kit = kitForFile(() => startApi({ name: "warehouse-test" }));

let staff: string;
let customer: string;
let fx: Awaited<ReturnType<typeof insertCatalogFixtures>>;

beforeAll(async () => {
  staff = (await createSignedInUser(kit.database.db, { roles: ["shop-moderator", "user"] })).token;
  customer = (await createSignedInUser(kit.database.db, { roles: ["user"] })).token;
  fx = await insertCatalogFixtures(kit.database.db, new Date());
});

async function rows(query = ""): Promise<WarehouseRow[]> {
  const res = await kit.app.inject({
    method: "GET",
    url: `/api/shops/warehouse${query}`,
    headers: bearer(staff),
  });
  expect(res.statusCode).toBe(200);
  return res.json<WarehouseRow[]>();
}

const quantityOf = async (productId: number, variantId: number | null) =>
  (await rows()).find((row) => row.productId === productId && row.variantId === variantId)?.quantity;

async function stockAudits() {
  const [row] = await kit.database.db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.entity, "stock"));
  return row?.n ?? 0;
}

describe("the warehouse list", () => {
  it("has one row per variant (labelled by option titles) and per product without variants, with levels", async () => {
    const all = await rows();
    const blanket = all.filter((row) => row.productId === fx.products.blanket);
    expect(blanket.map((row) => row.variantId).sort()).toEqual(Object.values(fx.variants).sort());
    expect(blanket.find((row) => row.variantId === fx.variants.sPink)).toMatchObject({
      variant: "S / Różowy",
      quantity: 0,
      level: 0,
    });
    expect(all.find((row) => row.productId === fx.products.simpleSale)).toMatchObject({
      variantId: null,
      variant: "",
      quantity: 3,
      level: 1,
    });
    // hidden products are in the warehouse too
    expect(all.some((row) => row.productId === fx.products.hidden && row.isHidden)).toBe(true);
  });

  it("filters low stock and searches", async () => {
    const low = await rows("?niski=tak");
    expect(low.length).toBeGreaterThan(0);
    expect(low.every((row) => row.quantity <= 5)).toBe(true);
    const found = await rows("?szukaj=poduszka");
    expect(found.map((row) => row.productId)).toEqual([fx.products.simpleSale]);
  });
});

/** The search the list did in memory before it searched in SQL: every word in "title variant" or the id. */
function matchedBefore(row: WarehouseRow, search: string): boolean {
  const fold = (text: string) =>
    text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/ł/g, "l")
      .replace(/Ł/g, "L")
      .toLowerCase();
  return fold(search)
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => fold(`${row.title} ${row.variant}`).includes(term) || String(row.productId) === term);
}

describe("the warehouse search, in SQL", () => {
  it("finds the rows the in-memory search found, in the same order: title, variant label, id", async () => {
    const all = await rows();
    const searches = [
      "kocyk",
      "KOCYK róż",
      "rozowy",
      "s różowy",
      "biały m",
      " wariantami   biały ",
      "rożek",
      "rozek",
      "/",
      String(fx.products.simpleSale),
      `${fx.products.blanket} s`,
      "brak",
      "50%",
    ];
    for (const search of searches) {
      const expected = all.filter((row) => matchedBefore(row, search));
      const found = await rows(`?szukaj=${encodeURIComponent(search)}`);
      expect(found, search).toEqual(expected);
    }
    expect((await rows("?szukaj=r%C3%B3%C5%BCowy")).map((row) => row.variant)).toEqual(
      all.filter((row) => row.variant.includes("Różowy")).map((row) => row.variant),
    );
    // the variant labels are searched: the pink variants are found by their option alone
    expect((await rows("?szukaj=rozowy")).filter((row) => row.variant !== "")).not.toHaveLength(0);
    const lowPink = await rows("?szukaj=rozowy&niski=tak");
    expect(lowPink).toEqual(all.filter((row) => matchedBefore(row, "rozowy") && row.quantity <= 5));
  });
});

describe("bulk changes", () => {
  it("saves the changed rows in one transaction, one audit entry per changed row", async () => {
    const before = await stockAudits();
    const res = await kit.app.inject({
      method: "PUT",
      url: "/api/shops/warehouse",
      headers: bearer(staff),
      payload: [
        { productId: fx.products.blanket, variantId: fx.variants.sPink, quantity: 12 },
        { productId: fx.products.simpleSale, variantId: null, quantity: 3 }, // unchanged
        { productId: fx.products.outOfStock, quantity: 4 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changed: 2 });
    expect(await quantityOf(fx.products.blanket, fx.variants.sPink)).toBe(12);
    expect(await quantityOf(fx.products.outOfStock, null)).toBe(4);
    expect(await stockAudits()).toBe(before + 2);
    const [audit] = await kit.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "stock"),
          eq(auditLog.entityId, `${fx.products.blanket}:${fx.variants.sPink}`),
        ),
      );
    expect(audit?.before).toMatchObject({ quantity: 0 });
    expect(audit?.after).toMatchObject({ quantity: 12 });
  });

  it("records each changed row as stock.update: the row's ids and title, the quantity before and after", async () => {
    const [product] = await kit.database.db
      .select({ title: products.title, quantity: products.quantity })
      .from(products)
      .where(eq(products.id, fx.products.simpleSale));
    const [variant] = await kit.database.db
      .select({ quantity: productVariants.quantity })
      .from(productVariants)
      .where(eq(productVariants.id, fx.variants.mWhite));
    const [blanket] = await kit.database.db
      .select({ title: products.title })
      .from(products)
      .where(eq(products.id, fx.products.blanket));
    const res = await kit.app.inject({
      method: "PUT",
      url: "/api/shops/warehouse",
      headers: bearer(staff),
      payload: [
        { productId: fx.products.simpleSale, variantId: null, quantity: (product?.quantity ?? 0) + 7 },
        {
          productId: fx.products.blanket,
          variantId: fx.variants.mWhite,
          quantity: (variant?.quantity ?? 0) + 2,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = await kit.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "stock.update"),
          inArray(auditLog.entityId, [
            String(fx.products.simpleSale),
            `${fx.products.blanket}:${fx.variants.mWhite}`,
          ]),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(2);
    const row = (
      variantId: number | null,
      productId: number,
      title: string | undefined,
      quantity: number,
    ) => ({
      productId,
      variantId,
      title,
      quantity,
    });
    expect(
      entries.reverse().map(({ entity, entityId, before, after }) => ({ entity, entityId, before, after })),
    ).toEqual([
      {
        entity: "stock",
        entityId: String(fx.products.simpleSale),
        before: row(null, fx.products.simpleSale, product?.title, product?.quantity ?? 0),
        after: row(null, fx.products.simpleSale, product?.title, (product?.quantity ?? 0) + 7),
      },
      {
        entity: "stock",
        entityId: `${fx.products.blanket}:${fx.variants.mWhite}`,
        before: row(fx.variants.mWhite, fx.products.blanket, blanket?.title, variant?.quantity ?? 0),
        after: row(fx.variants.mWhite, fx.products.blanket, blanket?.title, (variant?.quantity ?? 0) + 2),
      },
    ]);
    // the other tests count on the fixtures' stock
    await kit.database.db
      .update(products)
      .set({ quantity: product?.quantity ?? 0 })
      .where(eq(products.id, fx.products.simpleSale));
    await kit.database.db
      .update(productVariants)
      .set({ quantity: variant?.quantity ?? 0 })
      .where(eq(productVariants.id, fx.variants.mWhite));
  });

  it("refuses unknown ids, a variant of another product, negative or fractional numbers: nothing written", async () => {
    const before = await stockAudits();
    const attempts = [
      [
        { productId: fx.products.simpleSale, quantity: 9 },
        { productId: 999_999, quantity: 1 },
      ],
      [
        { productId: fx.products.simpleSale, quantity: 9 },
        { productId: fx.products.outOfStock, variantId: fx.variants.mPink, quantity: 1 },
      ],
      [{ productId: fx.products.simpleSale, quantity: -1 }],
      [{ productId: fx.products.simpleSale, quantity: 1.5 }],
      [
        { productId: fx.products.simpleSale, quantity: 1 },
        { productId: fx.products.simpleSale, quantity: 2 },
      ],
    ];
    for (const payload of attempts) {
      const res = await kit.app.inject({
        method: "PUT",
        url: "/api/shops/warehouse",
        headers: bearer(staff),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).not.toHaveLength(0);
    }
    expect(await quantityOf(fx.products.simpleSale, null)).toBe(3);
    expect(await stockAudits()).toBe(before);
  });
});

describe("changes made since the screen was loaded (ADR 038)", () => {
  const put = (payload: object) =>
    kit.app.inject({ method: "PUT", url: "/api/shops/warehouse", headers: bearer(staff), payload });

  it("refuses a save whose row an order changed meanwhile, naming it, and writes nothing", async () => {
    const loadedProduct = (await quantityOf(fx.products.hidden, null)) as number;
    const loadedVariant = (await quantityOf(fx.products.blanket, fx.variants.mWhite)) as number;
    // an order takes 1 unit after the screen was loaded
    await kit.database.db
      .update(products)
      .set({ quantity: loadedProduct - 1 })
      .where(eq(products.id, fx.products.hidden));
    const before = await stockAudits();
    const stale = await put([
      { productId: fx.products.hidden, quantity: loadedProduct + 10, loadedQuantity: loadedProduct },
      {
        productId: fx.products.blanket,
        variantId: fx.variants.mWhite,
        quantity: loadedVariant + 5,
        loadedQuantity: loadedVariant,
      },
    ]);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({
      code: "warehouse/stale-rows",
      messageKey: "errors.warehouse/stale-rows",
      details: {
        rows: [
          {
            productId: fx.products.hidden,
            variantId: null,
            name: "Ukryty produkt",
            loaded: loadedProduct,
            current: loadedProduct - 1,
          },
        ],
      },
    });
    expect(stale.json().details.params.rows).toContain("Ukryty produkt");
    // nothing written: neither the stale row nor the other one
    expect(await quantityOf(fx.products.hidden, null)).toBe(loadedProduct - 1);
    expect(await quantityOf(fx.products.blanket, fx.variants.mWhite)).toBe(loadedVariant);
    expect(await stockAudits()).toBe(before);
    // saved again from the fresh figures, it is applied
    const fresh = await put([
      { productId: fx.products.hidden, quantity: loadedProduct + 10, loadedQuantity: loadedProduct - 1 },
    ]);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await quantityOf(fx.products.hidden, null)).toBe(loadedProduct + 10);
  });

  it("shows the units unpaid orders hold per row (paid and released orders not counted)", async () => {
    const order = (orderNumber: string, extra: Partial<typeof orders.$inferInsert>) => ({
      orderNumber,
      email: "anna@example.com",
      priceGrosze: 1_000,
      totalProductsGrosze: 1_000,
      deliveryMethod: "courier" as const,
      deliveryTitle: "Kurier",
      deliveryPriceGrosze: 0,
      recipient: RECIPIENT,
      invoiceData: INVOICE_DATA,
      ...extra,
    });
    const placed = await kit.database.db
      .insert(orders)
      .values([
        order("WH-UNPAID", {}),
        order("WH-PAID", { paidAt: new Date() }),
        order("WH-RELEASED", { stockReserved: false }),
      ])
      .returning({ id: orders.id });
    const line = (orderId: number, variantId: number | null, quantity: number) => ({
      orderId,
      productId: variantId === null ? fx.products.simpleSale : fx.products.blanket,
      variantId,
      productTitle: "x",
      unitPriceGrosze: 100,
      quantity,
    });
    const [unpaid, paid, released] = placed.map((row) => row.id) as [number, number, number];
    await kit.database.db
      .insert(orderItems)
      .values([
        line(unpaid, null, 2),
        line(unpaid, fx.variants.sWhite, 1),
        line(paid, null, 5),
        line(released, null, 7),
      ]);
    const all = await rows();
    expect(all.find((row) => row.productId === fx.products.simpleSale)?.heldByUnpaid).toBe(2);
    expect(all.find((row) => row.variantId === fx.variants.sWhite)?.heldByUnpaid).toBe(1);
    expect(all.find((row) => row.variantId === fx.variants.mWhite)?.heldByUnpaid).toBe(0);
  });
});

describe("stock CSV", () => {
  it("exports every row and imports it back (round trip), applying only the changes", async () => {
    const res = await kit.app.inject({
      method: "GET",
      url: "/api/shops/warehouse.csv",
      headers: bearer(staff),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain("attachment");
    const csv = res.body;
    expect(csv.startsWith("\uFEFFproductId;variantId;title;variant;quantity\r\n")).toBe(true);
    const parsed = parseStockCsv(csv);
    expect(parsed.ok && parsed.entries.length).toBe((await rows()).length);

    const unchanged = await kit.app.inject({
      method: "POST",
      url: "/api/shops/warehouse/import",
      headers: { ...bearer(staff), "content-type": "text/csv" },
      payload: csv,
    });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json()).toMatchObject({ changed: 0 });

    const edited = csv.replace(
      new RegExp(`^${fx.products.simpleSale};;(.*);3\\r$`, "m"),
      `${fx.products.simpleSale};;$1;21\r`,
    );
    expect(edited).not.toBe(csv);
    const imported = await kit.app.inject({
      method: "POST",
      url: "/api/shops/warehouse/import",
      headers: { ...bearer(staff), "content-type": "text/csv; charset=utf-8" },
      payload: edited,
    });
    expect(imported.json()).toMatchObject({ changed: 1 });
    expect(await quantityOf(fx.products.simpleSale, null)).toBe(21);
  });

  it("refuses a file with bad lines, listing each line, and writes nothing", async () => {
    const before = await stockAudits();
    const csv = [
      "productId;variantId;title;variant;quantity",
      `${fx.products.outOfStock};;ok;;7`,
      `${fx.products.simpleSale};;x;;-3`,
      `${fx.products.simpleSale};;x;;2.5`,
    ].join("\r\n");
    const res = await kit.app.inject({
      method: "POST",
      url: "/api/shops/warehouse/import",
      headers: { ...bearer(staff), "content-type": "text/csv" },
      payload: csv,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.lines).toEqual([
      { line: 3, problem: "quantity" },
      { line: 4, problem: "quantity" },
    ]);
    const unknown = await kit.app.inject({
      method: "POST",
      url: "/api/shops/warehouse/import",
      headers: { ...bearer(staff), "content-type": "text/csv" },
      payload: `${fx.products.outOfStock};;ok;;7\n999999;;x;;1\n${fx.products.outOfStock};${fx.variants.sWhite};x;;1\n`,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.lines).toEqual([
      { line: 2, problem: "unknownProduct" },
      { line: 3, problem: "unknownVariant" },
    ]);
    const [product] = await kit.database.db
      .select()
      .from(products)
      .where(eq(products.id, fx.products.outOfStock));
    expect(product?.quantity).toBe(4);
    expect(await stockAudits()).toBe(before);
    const [variant] = await kit.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.id, fx.variants.sWhite));
    expect(variant?.quantity).toBe(2);
  });
});

describe("a product in the trash (ADR 076)", () => {
  it("is out of the list and the CSV, and a CSV line naming it is refused with nothing written", async () => {
    const [trashed] = await kit.database.db
      .insert(products)
      .values({ title: "W koszu", slug: "w_koszu", priceGrosze: 1000, quantity: 5, deletedAt: new Date() })
      .returning({ id: products.id });
    if (!trashed) throw new Error("no product");
    expect((await rows()).some((row) => row.productId === trashed.id)).toBe(false);
    const csv = await kit.app.inject({
      method: "GET",
      url: "/api/shops/warehouse.csv",
      headers: bearer(staff),
    });
    expect(csv.body).not.toMatch(new RegExp(`^${trashed.id};`, "m"));
    const before = await stockAudits();
    const res = await kit.app.inject({
      method: "POST",
      url: "/api/shops/warehouse/import",
      headers: { ...bearer(staff), "content-type": "text/csv" },
      payload: `productId;variantId;title;variant;quantity\r\n${trashed.id};;W koszu;;9\r\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.lines).toEqual([{ line: 2, problem: "unknownProduct" }]);
    const [after] = await kit.database.db.select().from(products).where(eq(products.id, trashed.id));
    expect(after?.quantity).toBe(5);
    expect(await stockAudits()).toBe(before);
  });
});

describe("roles", () => {
  it("refuses anonymous visitors (401) and customers (403) on every warehouse endpoint", async () => {
    const endpoints = [
      { method: "GET" as const, url: "/api/shops/warehouse" },
      {
        method: "PUT" as const,
        url: "/api/shops/warehouse",
        payload: [{ productId: fx.products.simpleSale, quantity: 0 }],
      },
      { method: "GET" as const, url: "/api/shops/warehouse.csv" },
      {
        method: "POST" as const,
        url: "/api/shops/warehouse/import",
        payload: `${fx.products.simpleSale};;x;;0`,
        headers: { "content-type": "text/csv" },
      },
    ];
    for (const endpoint of endpoints) {
      expect((await kit.app.inject(endpoint)).statusCode, endpoint.url).toBe(401);
      const res = await kit.app.inject({
        ...endpoint,
        headers: { ...endpoint.headers, ...bearer(customer) },
      });
      expect(res.statusCode, endpoint.url).toBe(403);
    }
    expect(await quantityOf(fx.products.simpleSale, null)).not.toBe(0);
  });
});
