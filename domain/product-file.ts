// The product import/export file (issue 30, docs/decisions/077): one line per product, every field
// of the product form in its own column; the variants in one cell, a line per variant. Categories
// are named by their path ("Dla dzieci/Kocyki", as the category list shows it), images by their gallery path ("produkty/kocyk.jpg",
// or the address when the image is not in the gallery), product fields and their options by title.
// Pure: the server gives the dictionary (the catalog's names) and reads/writes the database.
// A row is text as a spreadsheet shows it: prices "12,34", flags "tak"/"nie", lists one per line.
// The English title and description have their columns (issue 30); the English slug is made from
// the English title on save, as the slug from the title, so neither slug is a column.

import { IDENTITY_KEYS, SAFETY_TEXT_KEYS } from "./gpsr";
import { groszeToDecimalString, parsePriceToGrosze } from "./money";
import { variantKey } from "./pricing";
import type { Id, ImageRef } from "./types";
import { PRODUCT_FORM_FLAGS, type ProductPayload, productSchema } from "./validation/catalog";
import { type FieldError, fieldErrors } from "./validation/errors";
import { MSG } from "./validation/messages";
import { csvCell, splitCsv } from "./warehouse";

export const PRODUCT_FILE_COLUMNS = [
  "sku",
  "title",
  "description",
  "titleEn",
  "descriptionEn",
  "tags",
  "price",
  "promotionalPrice",
  "quantity",
  "vatRate",
  ...PRODUCT_FORM_FLAGS,
  "categories",
  "images",
  "fields",
  "variants",
  "slides",
  "slidesTitle",
  "slidesDescription",
  "processingTime",
  "parcelSize",
  ...IDENTITY_KEYS.filter((key) => key !== "sku"),
  ...SAFETY_TEXT_KEYS,
  "manufacturerOutsideEu",
] as const;

export type ProductFileColumn = (typeof PRODUCT_FILE_COLUMNS)[number];
export type ProductFileRow = Record<ProductFileColumn, string>;

/** Columns holding an amount (an XLSX number cell; "12,34" in CSV). */
export const PRICE_COLUMNS: ReadonlySet<ProductFileColumn> = new Set(["price", "promotionalPrice"]);

const FLAGS = PRODUCT_FORM_FLAGS;
const IDENTITY_TEXT = ["seoTitle", "seoDescription"] as const;
const IDENTITY_NUMBERS = ["weightGrams", "lengthMm", "widthMm", "heightMm"] as const;
const SAFETY_TEXT = SAFETY_TEXT_KEYS;

/** The catalog's names the file uses instead of ids. */
export interface ProductFileDictionary {
  /** category id -> its path ("Parent/Child", domain/types.ts Category.path) */
  categoryPaths: ReadonlyMap<Id, string>;
  fields: readonly { id: Id; title: string; options: readonly { id: Id; title: string }[] }[];
  /** gallery images: path ("folder/name") and the image */
  gallery: readonly { path: string; image: ImageRef }[];
}

const VARIANT_PARTS = " | ";
const OPTION_SEPARATOR = ", ";
const OPTION_OF = ": ";

/** What a row is made from: the product form's payload (the API's Product fits). */
export type ProductFileSource = Omit<ProductPayload, "variants" | "vatRate"> & {
  vatRate: number;
  variants: readonly Omit<ProductPayload["variants"][number], "_id">[];
};

const yesNo = (value: boolean) => (value ? "tak" : "nie");
const amount = (grosze: number) => groszeToDecimalString(grosze).replace(".", ",");
const lines = (items: readonly string[]) => items.join("\n");
const numberText = (value: number | null) => (value === null ? "" : String(value));

function imagePath(image: ImageRef, dictionary: ProductFileDictionary): string {
  return dictionary.gallery.find((entry) => entry.image.url === image.url)?.path ?? image.url;
}

function variantLine(
  variant: ProductFileSource["variants"][number],
  dictionary: ProductFileDictionary,
): string {
  const options = Object.entries(variant.fields)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([fieldId, optionId]) => {
      const field = dictionary.fields.find((candidate) => candidate.id === Number(fieldId));
      const option = field?.options.find((candidate) => candidate.id === optionId);
      return `${field?.title ?? fieldId}${OPTION_OF}${option?.title ?? optionId}`;
    });
  const promotion = variant.promotionalPriceGrosze === null ? "" : amount(variant.promotionalPriceGrosze);
  return [
    options.join(OPTION_SEPARATOR),
    amount(variant.priceGrosze),
    promotion,
    String(variant.quantity),
  ].join(VARIANT_PARTS);
}

/** A product as a file row. */
export function productToRow(product: ProductFileSource, dictionary: ProductFileDictionary): ProductFileRow {
  const row = {
    sku: product.identity.sku ?? "",
    title: product.title,
    description: product.description,
    titleEn: product.titleEn,
    descriptionEn: product.descriptionEn,
    tags: product.tags.join(", "),
    price: amount(product.priceGrosze),
    promotionalPrice: product.promotionalPriceGrosze === null ? "" : amount(product.promotionalPriceGrosze),
    quantity: String(product.quantity),
    vatRate: String(product.vatRate),
    categories: lines(product.categories.map((id) => dictionary.categoryPaths.get(id) ?? String(id))),
    images: lines(product.images.map((image) => imagePath(image, dictionary))),
    fields: lines(
      product.fields.map((id) => dictionary.fields.find((field) => field.id === id)?.title ?? String(id)),
    ),
    variants: lines(product.variants.map((variant) => variantLine(variant, dictionary))),
    slides: product.slides.join(", "),
    slidesTitle: product.slidesTitle,
    slidesDescription: product.slidesDescription,
    processingTime: product.processingTime,
    parcelSize: product.parcelSize,
    gtin: product.identity.gtin ?? "",
    manufacturerOutsideEu: yesNo(product.safety.manufacturerOutsideEu),
  } as ProductFileRow;
  for (const flag of FLAGS) row[flag] = yesNo(product[flag]);
  for (const key of IDENTITY_TEXT) row[key] = product.identity[key];
  for (const key of IDENTITY_NUMBERS) row[key] = numberText(product.identity[key]);
  for (const key of SAFETY_TEXT) row[key] = product.safety[key];
  return row;
}

/** A line's problem: the column it is in and the message key (translated like the form's). */
export interface ProductFileError {
  column: ProductFileColumn | "";
  error: FieldError;
}

const invalid = (column: ProductFileColumn): ProductFileError => ({ column, error: { key: MSG.invalid } });

function flagValue(text: string): boolean | string {
  const value = text.trim().toLowerCase();
  if (["tak", "1", "true", "yes", "x"].includes(value)) return true;
  if (["nie", "0", "false", "no", ""].includes(value)) return false;
  return text;
}

/** "12,34" → grosze; blank → null; anything else stays text for the schema to refuse. */
function priceValue(text: string): number | null | string {
  if (text.trim() === "") return null;
  return parsePriceToGrosze(text.replace(/\s/g, "")) ?? text;
}

function numberValue(text: string): number | null | string {
  const compact = text.replace(/\s/g, "");
  if (compact === "") return null;
  const number = Number(compact.replace(",", "."));
  return Number.isFinite(number) ? number : text;
}

const listOf = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== "");

function lookupAll<T>(
  names: string[],
  find: (name: string) => T | undefined,
  column: ProductFileColumn,
  errors: ProductFileError[],
): T[] {
  const found: T[] = [];
  for (const name of names) {
    const value = find(name);
    if (value === undefined) {
      errors.push(invalid(column));
      return [];
    }
    found.push(value);
  }
  return found;
}

/** The column a schema path ("identity.sku", "variants.2.priceGrosze") comes from. */
function columnOf(path: string): ProductFileColumn | "" {
  const [head = "", second = ""] = path.split(".");
  if (head === "identity" || head === "safety") {
    return second === "sku" ||
      second === "gtin" ||
      (PRODUCT_FILE_COLUMNS as readonly string[]).includes(second)
      ? (second as ProductFileColumn)
      : "";
  }
  if (head === "priceGrosze") return "price";
  if (head === "promotionalPriceGrosze") return "promotionalPrice";
  return (PRODUCT_FILE_COLUMNS as readonly string[]).includes(head) ? (head as ProductFileColumn) : "";
}

function parseVariants(
  text: string,
  dictionary: ProductFileDictionary,
  errors: ProductFileError[],
): Record<string, unknown>[] {
  const variants: Record<string, unknown>[] = [];
  for (const line of listOf(text, /\r?\n/)) {
    const [options = "", price = "", promotion = "", quantity = "", ...rest] = line.split(
      VARIANT_PARTS.trim(),
    );
    if (rest.length > 0) {
      errors.push(invalid("variants"));
      return [];
    }
    const fields: Record<string, Id> = {};
    for (const pair of listOf(options, /,/)) {
      const at = pair.indexOf(OPTION_OF.trim());
      const field = dictionary.fields.find((candidate) => candidate.title === pair.slice(0, at).trim());
      const option = field?.options.find((candidate) => candidate.title === pair.slice(at + 1).trim());
      if (at < 0 || !field || !option) {
        errors.push(invalid("variants"));
        return [];
      }
      fields[String(field.id)] = option.id;
    }
    variants.push({
      fields,
      priceGrosze: priceValue(price),
      promotionalPriceGrosze: priceValue(promotion),
      quantity: numberValue(quantity),
    });
  }
  return variants;
}

/**
 * A file row → the product form's payload, checked by the form's schema; or the row's errors
 * (a missing SKU is one: the import matches products by SKU). Image names and "new" marks are kept
 * from `existing` (the product the SKU names), else taken from the gallery.
 */
export function rowToPayload(
  row: ProductFileRow,
  dictionary: ProductFileDictionary,
  existing: { images: readonly ImageRef[] } | null = null,
): { ok: true; payload: ProductPayload } | { ok: false; errors: ProductFileError[] } {
  const errors: ProductFileError[] = [];
  if (row.sku.trim() === "") errors.push({ column: "sku", error: { key: MSG.required } });
  const categoryIds = new Map([...dictionary.categoryPaths].map(([id, path]) => [path, id]));
  const categories = lookupAll(
    listOf(row.categories, /\r?\n/),
    (path) => categoryIds.get(path),
    "categories",
    errors,
  );
  const images = lookupAll(
    listOf(row.images, /\r?\n/),
    (path): ImageRef | undefined => {
      const own = existing?.images.find((image) => image.url === path);
      const entry = dictionary.gallery.find(
        (candidate) => candidate.path === path || candidate.image.url === path,
      );
      if (entry) return existing?.images.find((image) => image.url === entry.image.url) ?? entry.image;
      return own;
    },
    "images",
    errors,
  );
  const fields = lookupAll(
    listOf(row.fields, /\r?\n/),
    (title) => dictionary.fields.find((field) => field.title === title)?.id,
    "fields",
    errors,
  );
  const slides = lookupAll(
    listOf(row.slides, /[,\s]+/),
    (id) => (/^[1-9]\d{0,9}$/.test(id) ? Number(id) : undefined),
    "slides",
    errors,
  );
  const variants = parseVariants(row.variants, dictionary, errors);
  const raw = {
    title: row.title,
    description: row.description,
    titleEn: row.titleEn,
    descriptionEn: row.descriptionEn,
    tags: row.tags.split(","),
    images,
    categories,
    fields,
    variants,
    quantity: numberValue(row.quantity) ?? 0,
    priceGrosze: priceValue(row.price) ?? row.price,
    promotionalPriceGrosze: priceValue(row.promotionalPrice),
    vatRate: numberValue(row.vatRate) ?? undefined,
    ...Object.fromEntries(FLAGS.map((flag) => [flag, flagValue(row[flag])])),
    slides,
    slidesTitle: row.slidesTitle,
    slidesDescription: row.slidesDescription,
    processingTime: row.processingTime.trim() || undefined,
    parcelSize: row.parcelSize.trim() || undefined,
    identity: {
      sku: row.sku,
      gtin: row.gtin,
      ...Object.fromEntries(IDENTITY_NUMBERS.map((key) => [key, numberValue(row[key])])),
      ...Object.fromEntries(IDENTITY_TEXT.map((key) => [key, row[key]])),
    },
    safety: {
      ...Object.fromEntries(SAFETY_TEXT.map((key) => [key, row[key]])),
      manufacturerOutsideEu: flagValue(row.manufacturerOutsideEu),
    },
  };
  const parsed = productSchema.safeParse(raw);
  if (!parsed.success) {
    for (const [path, error] of Object.entries(fieldErrors(parsed.error))) {
      errors.push({ column: columnOf(path), error });
    }
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, payload: parsed.data };
}

/** The columns whose text differs between two rows (the preview's "changed fields"). */
export function changedColumns(before: ProductFileRow, after: ProductFileRow): ProductFileColumn[] {
  return PRODUCT_FILE_COLUMNS.filter((column) => before[column] !== after[column]);
}

/** The key of a variant's options, to keep a variant's id (and its price history) across an import. */
export const variantKeyOf = (variant: { fields: Record<string, Id> }) => variantKey(variant.fields);

/**
 * A sheet's cells → rows by the header line's column names (any order, unknown columns ignored, a
 * missing column blank); `line` is the 1-based line in the file. A text a spreadsheet would run as
 * a formula was written with an apostrophe in front (domain/warehouse.ts csvCell): it comes off.
 */
export function rowsFromCells(records: readonly { line: number; cells: readonly string[] }[]): {
  header: ProductFileColumn[];
  rows: { line: number; row: ProductFileRow }[];
} {
  const [first, ...body] = records;
  const names = (first?.cells ?? []).map((cell) => cell.trim());
  const header = PRODUCT_FILE_COLUMNS.filter((column) => names.includes(column));
  const rows = body.map(({ line, cells }) => {
    const row = Object.fromEntries(PRODUCT_FILE_COLUMNS.map((column) => [column, ""])) as ProductFileRow;
    names.forEach((name, index) => {
      if ((PRODUCT_FILE_COLUMNS as readonly string[]).includes(name)) {
        const text = cells[index] ?? "";
        row[name as ProductFileColumn] = /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
      }
    });
    return { line, row };
  });
  return { header, rows };
}

/** A row as the file's cells, in the columns' order. */
export const rowCells = (row: ProductFileRow): string[] => PRODUCT_FILE_COLUMNS.map((column) => row[column]);

/** The download's file names. */
export const PRODUCT_FILE_NAME = { csv: "produkty.csv", xlsx: "produkty.xlsx" } as const;

/** The CSV file: UTF-8 with a BOM, `;` separators, CRLF lines (Excel and LibreOffice with Polish settings). */
export function productCsv(rows: readonly ProductFileRow[]): string {
  const lines = [PRODUCT_FILE_COLUMNS.join(";"), ...rows.map((row) => rowCells(row).map(csvCell).join(";"))];
  return `\uFEFF${lines.map((line) => `${line}\r\n`).join("")}`;
}

/** A CSV file's records (the BOM dropped; `;`, or `,` when the header line has no `;`). */
export function csvRecords(text: string): { line: number; cells: string[] }[] {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  return splitCsv(text, firstLine.includes(";") || !firstLine.includes(",") ? ";" : ",");
}

/**
 * A sheet's cells as the file's text: a number in a price column is an amount ("12,34"), any other
 * number its digits (a spreadsheet may turn "23" into 23).
 */
export function sheetRecords(
  rows: readonly { line: number; cells: readonly (string | number)[] }[],
): { line: number; cells: string[] }[] {
  const header = (rows[0]?.cells ?? []).map((cell) => String(cell).trim());
  return rows.map(({ line, cells }) => ({
    line,
    cells: cells.map((cell, index) => {
      if (typeof cell === "string") return cell;
      const column = header[index] as ProductFileColumn;
      return PRICE_COLUMNS.has(column) && Number.isFinite(cell)
        ? amount(Math.round(cell * 100))
        : String(cell);
    }),
  }));
}
