import { and, asc, count, eq, inArray, isNull, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Product } from "../../../domain/types";
import type { BulkOperation } from "../../../domain/validation/product-bulk";
import { auditLog, priceHistory, productCategories, products } from "../../db/schema";
import { kitForFile } from "../../test/kit-for-file";
import { callsAs, itRefusesAllButStaff, type StaffWrite, startCatalogStaffApi } from "../../test/staff-api";
import type { BulkPreview } from "./product-bulk.service";

// Bulk edits of the staff product list (issue 30, docs/decisions/074): a thousand products in one
// transaction with their price history and Omnibus figure right after, all or nothing on a refusal,
// a stale preview refused, flags, categories and hiding, the audit entry of each product, staff only.

const kit = kitForFile(startCatalogStaffApi);
const asModerator = callsAs(kit, "moderator");
const db = () => kit.database.db;

const PREVIEW = "/api/staff/products/bulk/preview";
const APPLY = "/api/staff/products/bulk/apply";

const lower10 = (target: "price" | "promotional" = "price"): BulkOperation => ({
  kind: "price",
  target,
  direction: "down",
  mode: "percent",
  value: 10,
  rounding: "99",
});

/** Products inserted by one statement (not one API call each), titled `${prefix} 0001`… */
async function insertMany(prefix: string, n: number, values: Partial<typeof products.$inferInsert> = {}) {
  const rows = await db()
    .insert(products)
    .values(
      Array.from({ length: n }, (_, i) => ({
        title: `${prefix} ${String(i + 1).padStart(4, "0")}`,
        slug: `${prefix.toLowerCase()}-${i + 1}`,
        priceGrosze: 10_000,
        ...values,
      })),
    )
    .returning({ id: products.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

async function preview(body: unknown): Promise<BulkPreview> {
  const res = await asModerator("POST", PREVIEW, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BulkPreview>();
}

async function previewAndApply(body: { selection: unknown; operation: BulkOperation }) {
  const seen = await preview(body);
  return { seen, applied: await asModerator("POST", APPLY, { ...body, fingerprint: seen.fingerprint }) };
}

const pricesOf = (ids: number[]) =>
  db()
    .select({ id: products.id, price: products.priceGrosze, promotional: products.promotionalPriceGrosze })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id));

const bulkAuditCount = async (ids: number[]) =>
  (
    await db()
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "product.bulk"),
          inArray(
            auditLog.entityId,
            ids.map((id) => String(id)),
          ),
        ),
      )
  )[0]?.n;

describe("bulk edits: who may call them", () => {
  const body = { selection: { ids: [1] }, operation: lower10() };
  const calls: StaffWrite[] = [
    ["POST", PREVIEW, body],
    ["POST", APPLY, { ...body, fingerprint: "0".repeat(64) }],
  ];
  itRefusesAllButStaff(kit, calls, () => db().select().from(products).orderBy(products.id));
});

describe("a bulk price change", () => {
  it("lowers 1,000 products by 10 % to x,99 in one transaction: prices, price history, Omnibus figure, audit", async () => {
    const ids = await insertMany("Masowy", 1000);
    const first = ids[0] as number;
    // the product API's answer before (cacheable: the change must clear it)
    expect((await kit.app.inject({ url: `/api/shops/products/${first}` })).json<Product>().priceGrosze).toBe(
      10_000,
    );

    const { seen, applied } = await previewAndApply({
      selection: { filter: { szukaj: "Masowy" } },
      operation: lower10(),
    });
    expect(seen).toMatchObject({ selected: 1000, changed: 1000, unchanged: 0, refused: 0 });
    expect(seen.rows[0]).toMatchObject({
      _id: first,
      before: { priceGrosze: 10_000, promotionalPriceGrosze: null, variants: [] },
      after: { priceGrosze: 8999, promotionalPriceGrosze: null, variants: [] },
      refusal: null,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ changed: 1000 });

    const prices = await pricesOf(ids);
    expect(new Set(prices.map((row) => row.price))).toEqual(new Set([8999]));
    const history = await db()
      .select({ price: priceHistory.priceGrosze })
      .from(priceHistory)
      .where(and(inArray(priceHistory.productId, ids), isNull(priceHistory.variantId)))
      .orderBy(asc(priceHistory.id));
    // the insert's row and the bulk's row, as for a single edit
    expect(history).toHaveLength(2000);
    expect(history.filter((row) => row.price === 8999)).toHaveLength(1000);
    const product = (await kit.app.inject({ url: `/api/shops/products/${first}` })).json<Product>();
    expect(product).toMatchObject({ priceGrosze: 8999, promotionalPriceGrosze: null, minPriceGrosze: 8999 });
    expect(await bulkAuditCount(ids)).toBe(1000);
    const [entry] = await kit.auditOf("product", first);
    expect(entry).toMatchObject({ action: "product.bulk", actorId: kit.moderator.id });
    expect(entry?.before).toMatchObject({ priceGrosze: 10_000, operation: { kind: "price", value: 10 } });
    expect(entry?.after).toMatchObject({ priceGrosze: 8999 });
  });

  it("puts products on sale: the promotional price from the price, the Omnibus figure the price before", async () => {
    const ids = await insertMany("Promocja", 2, { priceGrosze: 8999 });
    const { applied } = await previewAndApply({ selection: { ids }, operation: lower10("promotional") });
    expect(applied.statusCode, applied.body).toBe(200);
    const product = (await kit.app.inject({ url: `/api/shops/products/${ids[0]}` })).json<Product>();
    // 80,991 → 80,99
    expect(product).toMatchObject({ priceGrosze: 8999, promotionalPriceGrosze: 8099, minPriceGrosze: 8999 });
  });

  it("changes variants' prices with their product's", async () => {
    const blanket = kit.fx.products.blanket;
    const operation: BulkOperation = {
      kind: "price",
      target: "price",
      direction: "up",
      mode: "amount",
      value: 1000,
      rounding: "none",
    };
    const before = (await kit.app.inject({ url: `/api/shops/products/${blanket}` })).json<Product>();
    const { applied } = await previewAndApply({ selection: { ids: [blanket] }, operation });
    expect(applied.statusCode, applied.body).toBe(200);
    const after = (await kit.app.inject({ url: `/api/shops/products/${blanket}` })).json<Product>();
    expect(after.priceGrosze).toBe(before.priceGrosze + 1000);
    expect(after.variants.map((variant) => variant.priceGrosze)).toEqual(
      before.variants.map((variant) => variant.priceGrosze + 1000),
    );
  });

  it("leaves every product unchanged when one is refused", async () => {
    const [plain, onSale] = await insertMany("Odmowa", 2);
    await db()
      .update(products)
      .set({ promotionalPriceGrosze: 9500 })
      .where(eq(products.id, onSale as number));
    const body = { selection: { ids: [plain, onSale] }, operation: lower10() };
    const seen = await preview(body);
    expect(seen).toMatchObject({ selected: 2, changed: 1, refused: 1 });
    expect(seen.rows.find((row) => row._id === onSale)).toMatchObject({
      after: null,
      refusal: "promotional-not-below-price",
    });
    const applied = await asModerator("POST", APPLY, { ...body, fingerprint: seen.fingerprint });
    expect(applied.statusCode).toBe(409);
    expect(applied.json()).toMatchObject({
      code: "product-bulk/refused",
      details: { refused: [{ _id: onSale, reason: "promotional-not-below-price" }] },
    });
    expect(await pricesOf([plain as number, onSale as number])).toEqual([
      { id: plain, price: 10_000, promotional: null },
      { id: onSale, price: 10_000, promotional: 9500 },
    ]);
    expect(await bulkAuditCount([plain as number, onSale as number])).toBe(0);
  });

  it("refuses a stale preview: a price changed, or the filter selects another product since", async () => {
    const ids = await insertMany("Nieaktualny", 2);
    const byIds = { selection: { ids }, operation: lower10() };
    const seen = await preview(byIds);
    await db()
      .update(products)
      .set({ priceGrosze: 12_000 })
      .where(eq(products.id, ids[1] as number));
    const stale = await asModerator("POST", APPLY, { ...byIds, fingerprint: seen.fingerprint });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: "product-bulk/stale-preview",
      messageKey: "errors.product-bulk/stale-preview",
    });
    expect((await pricesOf(ids)).map((row) => row.price)).toEqual([10_000, 12_000]);

    const byFilter = { selection: { filter: { szukaj: "Nieaktualny" } }, operation: lower10() };
    const filtered = await preview(byFilter);
    await insertMany("Nieaktualny nowy", 1);
    const grown = await asModerator("POST", APPLY, { ...byFilter, fingerprint: filtered.fingerprint });
    expect(grown.json().code).toBe("product-bulk/stale-preview");
    expect(await bulkAuditCount(ids)).toBe(0);
  });

  it("refuses unknown ids and a malformed operation", async () => {
    const unknown = await asModerator("POST", PREVIEW, {
      selection: { ids: [999_999] },
      operation: lower10(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: "bulk/unknown-ids", details: { ids: [999_999] } });
    const badPercent = await asModerator("POST", PREVIEW, {
      selection: { ids: [1] },
      operation: { ...lower10(), value: 10.001 },
    });
    expect(badPercent.statusCode).toBe(400);
    const tooManyIds = await asModerator("POST", PREVIEW, {
      selection: { ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
      operation: lower10(),
    });
    expect(tooManyIds.statusCode).toBe(400);
  });
});

describe("bulk flags, categories and visibility", () => {
  it("sets a flag, hides, adds and removes a category; one audit entry per changed product", async () => {
    const ids = await insertMany("Flagi", 3);
    const [a, b, c] = ids as [number, number, number];
    await db().update(products).set({ isSale: true }).where(eq(products.id, a));

    const sale = await previewAndApply({
      selection: { ids },
      operation: { kind: "flag", flag: "isSale", value: true },
    });
    expect(sale.seen).toMatchObject({ changed: 2, unchanged: 1 });
    expect(sale.applied.json()).toEqual({ changed: 2 });
    expect((await kit.auditOf("product", b))[0]).toMatchObject({
      action: "product.bulk",
      before: { value: false, operation: { kind: "flag", flag: "isSale" } },
      after: { value: true },
    });
    expect(await kit.auditOf("product", a)).toHaveLength(0);

    const hide = await previewAndApply({
      selection: { ids: [c] },
      operation: { kind: "flag", flag: "isHidden", value: true },
    });
    expect(hide.applied.statusCode).toBe(200);
    expect((await kit.app.inject({ url: `/api/shops/products/${c}` })).statusCode).toBe(404);

    const category = kit.fx.categories.zabawki;
    const add = await previewAndApply({
      selection: { filter: { szukaj: "Flagi" } },
      operation: { kind: "category", action: "add", categoryId: category },
    });
    expect(add.applied.json()).toEqual({ changed: 3 });
    const linked = () =>
      db()
        .select({ id: productCategories.productId })
        .from(productCategories)
        .innerJoin(products, eq(products.id, productCategories.productId))
        .where(and(eq(productCategories.categoryId, category), like(products.title, "Flagi%")))
        .orderBy(asc(productCategories.productId));
    expect((await linked()).map((row) => row.id)).toEqual(ids);
    const flags = await db()
      .select()
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id));
    expect(flags.map((row) => [row.isSale, row.isHidden])).toEqual([
      [true, false],
      [true, false],
      [true, true],
    ]);

    const remove = await previewAndApply({
      selection: { ids: [a] },
      operation: { kind: "category", action: "remove", categoryId: category },
    });
    expect(remove.applied.json()).toEqual({ changed: 1 });
    expect((await linked()).map((row) => row.id)).toEqual([b, c]);

    const unknownCategory = await asModerator("POST", PREVIEW, {
      selection: { ids },
      operation: { kind: "category", action: "add", categoryId: 999_999 },
    });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().fields["operation.categoryId"]).toBeDefined();
  });
});
