import { and, count, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { csvRecords, PRODUCT_FILE_COLUMNS, rowCells } from "../../../domain/product-file";
import { csvCell } from "../../../domain/warehouse";
import { auditLog, priceHistory, products } from "../../db/schema";
import { seedDemoShop } from "../../db/seed";
import { readXlsxFile } from "../../lib/read-xlsx";
import { kitForFile } from "../../test/kit-for-file";
import { callsAs, itRefusesAllButStaff, startStaffApi } from "../../test/staff-api";
import type { ImportPreview } from "./product-import.service";

// The product import and export (issue 30, docs/decisions/077) on the demo catalog as seeded (each
// demo product has its SKU): the export imported again changes nothing (CSV and
// XLSX); one bad line changes nothing and is named; a price change writes the price history and an
// audit entry; a CSV with a BOM, `;` and quoted fields holding line breaks; a stale preview; staff only.
// Half the products have English texts, so the round trips cover the English columns.

const kit = kitForFile(async () => {
  const api = await startStaffApi();
  await seedDemoShop(api.database.db, api.app.services.config, { images: false });
  // English texts on every other product (issue 30): the round trips carry their columns too
  await api.database.db
    .update(products)
    .set({
      titleEn: sql`'Product ' || ${products.id}`,
      slugEn: sql`'Product_' || ${products.id}`,
      descriptionEn: "<p>Made by hand; <strong>soft</strong></p>",
    })
    .where(sql`${products.id} % 2 = 0`);
  return api;
}, 60_000);
const asModerator = callsAs(kit, "moderator");
const db = () => kit.database.db;

const PREVIEW = "/api/staff/products/import/preview";
const APPLY = "/api/staff/products/import/apply";

async function exported(format: "csv" | "xlsx") {
  const res = await asModerator("GET", `/api/staff/products/export.${format}`);
  expect(res.statusCode).toBe(200);
  return res;
}

/** POST a file (and a fingerprint) as multipart, as the staff page's form does. */
async function upload(url: string, file: Buffer | string, name: string, fingerprint?: string) {
  const form = new FormData();
  if (fingerprint !== undefined) form.append("fingerprint", fingerprint);
  form.append("file", new Blob([typeof file === "string" ? file : new Uint8Array(file)]), name);
  const request = new Request(`http://localhost${url}`, { method: "POST", body: form });
  return kit.app.inject({
    method: "POST",
    url,
    headers: { ...kit.headersOf("moderator"), "content-type": request.headers.get("content-type") ?? "" },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

async function preview(file: Buffer | string, name = "produkty.csv"): Promise<ImportPreview> {
  const res = await upload(PREVIEW, file, name);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportPreview>();
}

/** The exported CSV with `edit` applied to the cells of the line whose SKU is `sku`. */
function editCsv(
  csv: string,
  sku: string,
  edit: Partial<Record<(typeof PRODUCT_FILE_COLUMNS)[number], string>>,
) {
  const records = csvRecords(csv);
  const skuAt = PRODUCT_FILE_COLUMNS.indexOf("sku");
  const lines = records.map(({ cells }) => {
    if (cells[skuAt] !== sku) return cells;
    const row = Object.fromEntries(PRODUCT_FILE_COLUMNS.map((column, i) => [column, cells[i] ?? ""]));
    return rowCells({ ...row, ...edit } as Parameters<typeof rowCells>[0]);
  });
  return `\uFEFF${lines.map((cells) => `${cells.map(csvCell).join(";")}\r\n`).join("")}`;
}

const productCount = async () => (await db().select({ n: count() }).from(products))[0]?.n ?? 0;
const importAudits = async () =>
  (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.entity, "product")))[0]?.n ?? 0;

describe("product export and import", () => {
  it("imports the demo catalog's CSV export as it is: every line unchanged, nothing written", async () => {
    const res = await exported("csv");
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.body.startsWith("\uFEFFsku;title;")).toBe(true);
    const seen = await preview(res.body);
    const total = await productCount();
    expect(total).toBeGreaterThan(5);
    expect(seen.counts).toEqual({ create: 0, change: 0, unchanged: total, error: 0 });
    const audits = await importAudits();
    const applied = await upload(APPLY, res.body, "produkty.csv", seen.fingerprint);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ created: 0, changed: 0 });
    expect(await importAudits()).toBe(audits);
  });

  it("round-trips the XLSX export: prices are number cells, and importing it changes nothing", async () => {
    const res = await exported("xlsx");
    const bytes = res.rawPayload;
    const { rows } = readXlsxFile(new Uint8Array(bytes));
    expect(rows[0]?.cells.slice(0, 2)).toEqual(["sku", "title"]);
    expect(typeof rows[1]?.cells[PRODUCT_FILE_COLUMNS.indexOf("price")]).toBe("number");
    const seen = await preview(bytes, "produkty.xlsx");
    expect(seen.counts).toMatchObject({ create: 0, change: 0, error: 0, unchanged: rows.length - 1 });
  });

  it("changes the English title through the file: the English slug follows it", async () => {
    const csv = (await exported("csv")).body;
    const [product] = await db().select().from(products).where(sql`${products.titleEn} <> ''`).limit(1);
    if (!product) throw new Error("no product with an English title");
    expect(csv).toContain(product.titleEn);
    const edited = editCsv(csv, product.sku ?? "", { titleEn: "Cosy blanket" });
    const seen = await preview(edited);
    expect(seen.lines.find((line) => line.action === "change")).toMatchObject({
      productId: product.id,
      changed: ["titleEn"],
    });
    const applied = await upload(APPLY, edited, "produkty.csv", seen.fingerprint);
    expect(applied.json()).toEqual({ created: 0, changed: 1 });
    const [after] = await db().select().from(products).where(eq(products.id, product.id));
    expect(after).toMatchObject({
      titleEn: "Cosy blanket",
      slugEn: "Cosy_blanket",
      descriptionEn: product.descriptionEn,
    });
  });

  it("refuses a file with one bad line, naming its line and column, and changes nothing", async () => {
    const csv = (await exported("csv")).body;
    const [first, second] = await db().select().from(products).orderBy(products.id).limit(2);
    if (!first || !second) throw new Error("no demo products");
    const edited = editCsv(editCsv(csv, first.sku ?? "", { price: "999,00" }), second.sku ?? "", {
      price: "dużo",
    });
    const seen = await preview(edited);
    expect(seen.counts).toMatchObject({ change: 1, error: 1 });
    const bad = seen.lines.find((line) => line.action === "error");
    // the line in the file where the record starts (descriptions before it span several lines)
    const line = csvRecords(edited).find((record) => record.cells[0] === second.sku)?.line;
    expect(line).toBeGreaterThan(2);
    expect(bad).toMatchObject({ line, sku: second.sku, errors: [{ column: "price" }] });
    const applied = await upload(APPLY, edited, "produkty.csv", seen.fingerprint);
    expect(applied.statusCode).toBe(409);
    expect(applied.json().code).toBe("product-import/has-errors");
    const [after] = await db().select().from(products).where(eq(products.id, first.id));
    expect(after?.priceGrosze).toBe(first.priceGrosze);
  });

  it("changes a price through the product form's write: the price history and an audit entry", async () => {
    const csv = (await exported("csv")).body;
    const [product] = await db()
      .select()
      .from(products)
      .where(isNull(products.promotionalPriceGrosze))
      .orderBy(products.id)
      .limit(1);
    if (!product) throw new Error("no demo product");
    const newPrice = product.priceGrosze + 1_234;
    const edited = editCsv(csv, product.sku ?? "", {
      price: `${Math.floor(newPrice / 100)},${String(newPrice % 100).padStart(2, "0")}`,
    });
    const seen = await preview(edited);
    expect(seen.counts).toMatchObject({ change: 1, create: 0, error: 0 });
    expect(seen.lines.find((line) => line.action === "change")).toMatchObject({
      productId: product.id,
      changed: ["price"],
    });
    const applied = await upload(APPLY, edited, "produkty.csv", seen.fingerprint);
    expect(applied.json()).toEqual({ created: 0, changed: 1 });
    const history = await db()
      .select()
      .from(priceHistory)
      .where(and(eq(priceHistory.productId, product.id), isNull(priceHistory.variantId)));
    expect(history.map((row) => row.priceGrosze)).toContain(newPrice);
    expect((await kit.lastAudit("product.update"))?.entityId).toBe(String(product.id));
    // the same file again: now unchanged; and a preview older than a change is refused
    const again = await preview(edited);
    expect(again.counts.change).toBe(0);
    await db()
      .update(products)
      .set({ updatedAt: new Date(Date.now() + 1000) })
      .where(eq(products.id, product.id));
    const stale = await upload(APPLY, edited, "produkty.csv", again.fingerprint);
    expect(stale.json().code).toBe("product-import/stale-preview");
  });

  it("reads a CSV with a BOM, `;` and quoted fields holding line breaks; a line without SKU is an error", async () => {
    const header = ["sku", "title", "price", "warnings", "tags"].join(";");
    const csv = [
      `\uFEFF${header}`,
      `NOWY-1;"Kocyk ""Miś""; bawełna";"49,90";"Nie dla dzieci poniżej 3 lat\r\nPrać w 30°C";miś, kocyk`,
      `;Bez SKU;10,00;;`,
      "",
    ].join("\r\n");
    const seen = await preview(csv);
    expect(seen.lines).toMatchObject([
      { line: 2, action: "create", sku: "NOWY-1", title: 'Kocyk "Miś"; bawełna' },
      { line: 4, action: "error", errors: [{ column: "sku", error: { key: "validation.required" } }] },
    ]);
    const refused = await upload(APPLY, csv, "nowe.csv", seen.fingerprint);
    expect(refused.statusCode).toBe(409);
    const good = csv
      .split("\r\n")
      .filter((line) => !line.startsWith(";Bez"))
      .join("\r\n");
    const ok = await preview(good);
    const applied = await upload(APPLY, good, "nowe.csv", ok.fingerprint);
    expect(applied.json()).toEqual({ created: 1, changed: 0 });
    const [created] = await db().select().from(products).where(eq(products.sku, "NOWY-1"));
    expect(created).toMatchObject({
      title: 'Kocyk "Miś"; bawełna',
      priceGrosze: 4990,
      tags: ["miś", "kocyk"],
    });
    expect(created?.safetyWarnings).toBe("Nie dla dzieci poniżej 3 lat\nPrać w 30°C");
  });

  it("leaves a product in the trash out of the export, and refuses a line naming its SKU (ADR 076)", async () => {
    const csv = (await exported("csv")).body;
    const [first] = await db().select().from(products).orderBy(products.id).limit(1);
    if (!first?.sku) throw new Error("no demo products");
    await db().update(products).set({ deletedAt: new Date() }).where(eq(products.id, first.id));
    try {
      expect((await exported("csv")).body).not.toMatch(new RegExp(`^${first.sku};`, "m"));
      const seen = await preview(csv);
      const line = seen.lines.find((candidate) => candidate.sku === first.sku);
      expect(line).toMatchObject({ action: "error", errors: [{ column: "sku" }] });
    } finally {
      await db().update(products).set({ deletedAt: null }).where(eq(products.id, first.id));
    }
  });

  it("refuses a file that is neither CSV nor XLSX with product columns", async () => {
    const res = await upload(PREVIEW, "a;b\r\n1;2\r\n", "x.csv");
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("product-import/unreadable");
  });

  itRefusesAllButStaff(
    kit,
    [
      ["GET" as "POST", "/api/staff/products/export.csv", undefined],
      ["GET" as "POST", "/api/staff/products/export.xlsx", undefined],
      ["POST", PREVIEW, {}],
      ["POST", APPLY, {}],
    ],
    productCount,
  );
});
