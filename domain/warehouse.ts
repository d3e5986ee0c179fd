// Warehouse rules (issue 6): the stock level of a row (the availability levels of SPEC §4) and the
// stock CSV — `productId;variantId;title;variant;quantity`, UTF-8 with a BOM and `;` separators so
// Excel with Polish settings opens it as columns. Pure: the service reads and writes the database.

import { type AvailabilityLevel, availabilityLevel } from "./availability";
import { AVAILABILITY_MEDIUM_ABOVE } from "./constants";
import type { Id } from "./types";

export interface StockRow {
  productId: Id;
  /** null: the product itself (no variants) */
  variantId: Id | null;
  title: string;
  /** option titles of the variant ("S / Biały"), "" for a product */
  variant: string;
  quantity: number;
}

/** 0 unavailable, 1 low, 2 medium, 3 high (domain/availability.ts). */
export function stockLevel(quantity: number): AvailabilityLevel {
  return availabilityLevel(quantity);
}

/** Low stock = unavailable or the low level: what the "only low stock" filter keeps. */
export function isLowStock(quantity: number): boolean {
  return stockLevel(quantity) <= 1;
}

/** The most units a low-stock row has (`isLowStock(n)` is `n <= LOW_STOCK_MAX`): the filter in SQL. */
export const LOW_STOCK_MAX = AVAILABILITY_MEDIUM_ABOVE;

/** The download's file name. */
export const STOCK_CSV_FILENAME = "magazyn.csv";

export const STOCK_CSV_HEADER = ["productId", "variantId", "title", "variant", "quantity"] as const;
const BOM = "\uFEFF";
const SEPARATOR = ";";

/**
 * A text cell a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+`, `-`, `@`, or a leading tab
 * or CR) gets an apostrophe in front, so Excel and LibreOffice show it as text (OWASP "CSV
 * injection"). Only titles and variant names are text; the import ignores those columns.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One CSV cell: a formula neutralised, quoted when it holds `"`, `;` or a line break. */
export function csvCell(value: string | number | null): string {
  const text = value === null ? "" : typeof value === "string" ? neutraliseFormula(value) : String(value);
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The export: BOM, header, one CRLF-terminated line per row. */
export function formatStockCsv(rows: readonly StockRow[]): string {
  const lines = [
    STOCK_CSV_HEADER.join(SEPARATOR),
    ...rows.map((row) =>
      [row.productId, row.variantId, row.title, row.variant, row.quantity].map(csvCell).join(SEPARATOR),
    ),
  ];
  return `${BOM}${lines.map((line) => `${line}\r\n`).join("")}`;
}

/** Splits CSV text into records of cells (quotes with "" escapes; CRLF, LF or CR line ends). */
export function splitCsv(text: string, separator = SEPARATOR): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const endRecord = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0]?.trim() === "")) records.push({ line: recordLine, cells });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i] as string;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line += 1;
        cell += char;
      }
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = "";
    } else if (char === "\r" || char === "\n") {
      if (char === "\r" && source[i + 1] === "\n") i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else cell += char;
  }
  if (cell !== "" || cells.length > 0) endRecord();
  return records;
}

/** columns/productId/variantId/quantity: malformed; unknownProduct/unknownVariant: no such record. */
export type StockCsvProblem =
  | "columns"
  | "productId"
  | "variantId"
  | "quantity"
  | "duplicate"
  | "unknownProduct"
  | "unknownVariant";

export interface StockCsvError {
  line: number;
  problem: StockCsvProblem;
}

export interface StockCsvEntry {
  line: number;
  productId: Id;
  variantId: Id | null;
  quantity: number;
}

const ID = /^[1-9]\d{0,9}$/;
const QUANTITY = /^\d{1,9}$/;
const MAX_INT = 2_147_483_647;

/**
 * Reads an imported stock CSV: the header line is optional (recognised by its first cell), the
 * title and variant columns are ignored. Every line is checked; any error → no entries.
 */
export function parseStockCsv(
  text: string,
): { ok: true; entries: StockCsvEntry[] } | { ok: false; errors: StockCsvError[] } {
  const errors: StockCsvError[] = [];
  const entries: StockCsvEntry[] = [];
  const seen = new Set<string>();
  const records = splitCsv(text);
  const [first] = records;
  const body = first && first.cells[0]?.trim().toLowerCase() === "productid" ? records.slice(1) : records;
  for (const { line, cells } of body) {
    if (cells.length !== STOCK_CSV_HEADER.length) {
      errors.push({ line, problem: "columns" });
      continue;
    }
    const [productText = "", variantText = "", , , quantityText = ""] = cells.map((cell) => cell.trim());
    if (!ID.test(productText) || Number(productText) > MAX_INT) {
      errors.push({ line, problem: "productId" });
      continue;
    }
    if (variantText !== "" && (!ID.test(variantText) || Number(variantText) > MAX_INT)) {
      errors.push({ line, problem: "variantId" });
      continue;
    }
    if (!QUANTITY.test(quantityText) || Number(quantityText) > MAX_INT) {
      errors.push({ line, problem: "quantity" });
      continue;
    }
    const entry = {
      line,
      productId: Number(productText),
      variantId: variantText === "" ? null : Number(variantText),
      quantity: Number(quantityText),
    };
    const key = `${entry.productId}:${entry.variantId ?? ""}`;
    if (seen.has(key)) {
      errors.push({ line, problem: "duplicate" });
      continue;
    }
    seen.add(key);
    entries.push(entry);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, entries };
}
