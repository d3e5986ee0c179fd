import { createHash } from "node:crypto";
import { inArray, isNotNull, sql } from "drizzle-orm";
import type { EnglishOf } from "../../../domain/english-texts";
import {
  changedColumns,
  csvRecords,
  PRODUCT_FILE_COLUMNS,
  type ProductFileColumn,
  productToRow,
  rowsFromCells,
  rowToPayload,
  sheetRecords,
  variantKeyOf,
} from "../../../domain/product-file";
import type { Id, Product } from "../../../domain/types";
import type { ProductPayload } from "../../../domain/validation/catalog";
import type { FieldError } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import type { Db, Tx } from "../../db/client";
import { products } from "../../db/schema";
import { readXlsxFile } from "../../lib/read-xlsx";
import { fail, ok, type Result } from "../../lib/result";
import { sanitizeHtml } from "../../lib/sanitize-html";
import type { AuditActor } from "../audit/audit";
import { inTransaction, recordChange, refuse } from "../audit/audited-write";
import type { CatalogService } from "./catalog.service";
import { skuTaken, writeProduct } from "./product-admin.service";
import type { ProductExportService } from "./product-export.service";

// The product import (issue 30, docs/decisions/077). The preview reads the uploaded CSV or XLSX
// file, checks every line with the product form's schema and matches it by SKU: a new SKU is
// created, a known one changed (the columns that differ are named) or left unchanged; a line with
// errors is named with its line number and columns. It writes nothing and answers a fingerprint of
// the file's lines and of the named products' states. Apply reads the file again, refuses when any
// line has errors or the fingerprint differs (the file or the catalog changed since the preview),
// and writes every created or changed product in ONE transaction through the product form's write
// (product-admin.service.ts writeProduct: references and SKU checked, price history by the database
// triggers as for a single edit), one audit entry per product.

/** The largest file accepted (a few thousand products with long descriptions). */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;
/** The most product lines in one file. */
export const IMPORT_MAX_LINES = 5_000;
/** Products read by one statement when the file's SKUs are matched. */
const MATCH_PAGE = 500;

export interface ImportFile {
  filename: string;
  data: Buffer;
  truncated: boolean;
}

export type ImportAction = "create" | "change" | "unchanged" | "error";

export interface ImportLineError {
  column: ProductFileColumn | "";
  error: FieldError;
}

export interface ImportLine {
  /** the line in the file (the header is line 1) */
  line: number;
  sku: string;
  title: string;
  action: ImportAction;
  productId: Id | null;
  /** the columns a change changes */
  changed: ProductFileColumn[];
  errors: ImportLineError[];
}

export interface ImportPreview {
  lines: ImportLine[];
  counts: Record<ImportAction, number>;
  fingerprint: string;
}

export interface ImportApplied {
  created: number;
  changed: number;
}

interface Planned {
  line: ImportLine;
  payload: ProductPayload | null;
  existing: (Product & EnglishOf<"product">) | null;
}

const unreadable = () => fail("product-import/unreadable");

/** The file's records: XLSX by its zip signature, else UTF-8 CSV. */
function fileRecords(file: ImportFile): Result<{ line: number; cells: string[] }[]> {
  if (file.truncated || file.data.length === 0 || file.data.length > IMPORT_MAX_BYTES) return unreadable();
  if (file.data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    try {
      return ok(sheetRecords(readXlsxFile(new Uint8Array(file.data)).rows));
    } catch {
      return unreadable();
    }
  }
  const text = new TextDecoder("utf-8", { fatal: false }).decode(file.data);
  if (text.includes("\u0000")) return unreadable();
  return ok(csvRecords(text));
}

/** The named products' ids, SKUs and last changes (in a transaction: locked), as one hash. */
async function productsState(tx: Db | Tx, skus: readonly string[], lock: boolean): Promise<string> {
  if (skus.length === 0) return "";
  const query = tx
    .select({ id: products.id, sku: products.sku, updatedAt: sql<string>`${products.updatedAt}::text` })
    .from(products)
    .where(inArray(products.sku, [...skus]))
    .orderBy(products.id)
    .$dynamic();
  const rows = await (lock ? query.for("update") : query);
  return createHash("sha256").update(JSON.stringify(rows)).digest("hex");
}

export function createProductImportService(
  db: Db,
  deps: { catalog: CatalogService; productExport: ProductExportService },
) {
  const { catalog, productExport } = deps;

  async function plan(
    file: ImportFile,
  ): Promise<Result<{ planned: Planned[]; skus: string[]; preview: ImportPreview }>> {
    const records = fileRecords(file);
    if (!records.ok) return records;
    const { header, rows } = rowsFromCells(records.value);
    if (!header.includes("sku") || !header.includes("title") || rows.length > IMPORT_MAX_LINES) {
      return unreadable();
    }
    const dictionary = await productExport.dictionary();
    const skus = [...new Set(rows.map(({ row }) => row.sku.trim()).filter((sku) => sku !== ""))];
    const known = skus.length
      ? await db
          .select({ id: products.id, sku: products.sku, trashed: isNotNull(products.deletedAt) })
          .from(products)
          .where(inArray(products.sku, skus))
      : [];
    // a product in the trash keeps its SKU until deleted for good (ADR 076): its line is refused
    const trashedSkus = new Set(known.filter(({ trashed }) => trashed).map(({ sku }) => sku ?? ""));
    const skuOf = new Map(known.map(({ id, sku }) => [id, sku ?? ""]));
    const bySku = new Map<string, Product & EnglishOf<"product">>();
    for (let start = 0; start < known.length; start += MATCH_PAGE) {
      const ids = known.slice(start, start + MATCH_PAGE).map(({ id }) => id);
      const page = await productExport.withEnglish(await catalog.productsByIds(ids));
      for (const product of page) bySku.set(skuOf.get(product._id) ?? "", product);
    }
    const seen = new Set<string>();
    const planned = rows.map(({ line, row }): Planned => {
      const sku = row.sku.trim();
      const existing = bySku.get(sku) ?? null;
      const base = { line, sku, title: row.title.trim(), productId: existing?._id ?? null, changed: [] };
      const read = rowToPayload(row, dictionary, existing);
      const errors: ImportLineError[] = read.ok ? [] : read.errors;
      if (sku !== "" && (seen.has(sku) || trashedSkus.has(sku)))
        errors.push({ column: "sku", error: { key: MSG.unique } });
      seen.add(sku);
      if (!read.ok || errors.length > 0) {
        return { line: { ...base, action: "error", errors }, payload: null, existing };
      }
      const payload = {
        ...read.payload,
        description: sanitizeHtml(read.payload.description),
        descriptionEn: sanitizeHtml(read.payload.descriptionEn),
      };
      if (!existing) return { line: { ...base, action: "create", errors: [] }, payload, existing };
      const changed = changedColumns(productToRow(existing, dictionary), productToRow(payload, dictionary));
      return {
        line: { ...base, action: changed.length > 0 ? "change" : "unchanged", changed, errors: [] },
        payload,
        existing,
      };
    });
    const lines = planned.map((item) => item.line);
    const counts = { create: 0, change: 0, unchanged: 0, error: 0 };
    for (const line of lines) counts[line.action] += 1;
    const state = await productsState(db, skus, false);
    const fingerprint = createHash("sha256")
      .update(JSON.stringify([state, rows.map(({ row }) => PRODUCT_FILE_COLUMNS.map((c) => row[c]))]))
      .update(JSON.stringify([...dictionary.categoryPaths, dictionary.fields, dictionary.gallery]))
      .digest("hex");
    return ok({ planned, skus, preview: { lines, counts, fingerprint: `${fingerprint}.${state}` } });
  }

  /** A change keeps the ids of the variants whose options stay (their price history with them). */
  function withVariantIds(payload: ProductPayload, existing: Product | null): ProductPayload {
    if (!existing) return payload;
    const ids = new Map(existing.variants.map((variant) => [variantKeyOf(variant), variant._id]));
    return {
      ...payload,
      variants: payload.variants.map((variant) => ({ ...variant, _id: ids.get(variantKeyOf(variant)) })),
    };
  }

  return {
    /** What importing the file would do, line by line; writes nothing. */
    async preview(file: ImportFile): Promise<Result<ImportPreview>> {
      const planned = await plan(file);
      return planned.ok ? ok(planned.value.preview) : planned;
    },

    /** The previewed import, all or nothing. */
    async apply(actor: AuditActor, file: ImportFile, fingerprint: string): Promise<Result<ImportApplied>> {
      const planned = await plan(file);
      if (!planned.ok) return planned;
      const { preview, skus } = planned.value;
      if (preview.fingerprint !== fingerprint) return fail("product-import/stale-preview");
      if (preview.counts.error > 0) return fail("product-import/has-errors");
      const state = fingerprint.slice(fingerprint.indexOf(".") + 1);
      return inTransaction(
        db,
        async (tx) => {
          if ((await productsState(tx, skus, true)) !== state) refuse(fail("product-import/stale-preview"));
          const done = { created: 0, changed: 0 };
          for (const { line, payload, existing } of planned.value.planned) {
            if (!payload || (line.action !== "create" && line.action !== "change")) continue;
            const written = await writeProduct(tx, existing?._id ?? null, withVariantIds(payload, existing));
            await recordChange(tx, actor, existing ? "product.update" : "product.create", {
              entityId: written.id,
              before: written.before,
              after: written.after,
            });
            if (existing) done.changed += 1;
            else done.created += 1;
          }
          return done;
        },
        skuTaken,
      );
    },
  };
}

export type ProductImportService = ReturnType<typeof createProductImportService>;
