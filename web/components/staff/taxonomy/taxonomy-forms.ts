// The staff taxonomy forms (categories, product fields, header slides) as zod schemas over the
// posted form values: each turns the flat form (strings, the ImagePicker's JSON) into the API
// payload and validates it with the shared domain schema. The browser (useFormValidation) and the
// route actions use the same schemas, so both report the same field errors under the input names.

import { z } from "zod";
import type { ImageRef } from "../../../../domain/types";
import {
  categorySchema,
  categoryUpdateSchema,
  headerSlideSchema,
  productFieldSchema,
} from "../../../../domain/validation/catalog";

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** "12" → 12, "" → null, anything else as typed (the schema reports it). */
function idOrNull(value: unknown): unknown {
  const raw = text(value).trim();
  if (raw === "") return null;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

/** "3" → 3, "" → undefined (the service decides), anything else as typed. */
function numberOrUndefined(value: unknown): unknown {
  const raw = text(value).trim();
  if (raw === "") return undefined;
  const parsed = Number(raw.replace(",", "."));
  return Number.isNaN(parsed) ? raw : parsed;
}

/** The first image an ImagePicker posted (a JSON array of ImageRef), or null. */
export function pickedImage(value: unknown): ImageRef | null {
  try {
    const parsed: unknown = JSON.parse(text(value) || "[]");
    const first = Array.isArray(parsed) ? parsed[0] : null;
    return first && typeof first === "object" && typeof first.url === "string" ? (first as ImageRef) : null;
  } catch {
    return null;
  }
}

/** An image URL as an ImagePicker value (the picker's default). */
export function imageRefsOf(url: string | null | undefined): ImageRef[] {
  if (!url) return [];
  const name = url.split("/").pop() ?? "";
  return [{ url, thumb_url: url, name, isNew: false }];
}

// ---------------------------------------------------------------- categories

/** Add a category: title and parent (a select: "" = first level). */
export const categoryFormSchema = z.preprocess((input) => {
  const values = (input ?? {}) as Record<string, unknown>;
  return { title: values.title, titleEn: text(values.titleEn), parent: idOrNull(values.parent) };
}, categorySchema);

/** Rename a category (inline). */
export const categoryRenameFormSchema = z.preprocess(
  (input) => {
    const values = (input ?? {}) as Record<string, unknown>;
    return { title: values.title ?? "", titleEn: text(values.titleEn) };
  },
  categoryUpdateSchema.required({ title: true }),
);

// ---------------------------------------------------------------- product fields

export interface OptionRow {
  /** the option's id; "" for a new one */
  _id: string;
  title: string;
  description: string;
  titleEn: string;
  descriptionEn: string;
  /** the image (from the picker or typed as a URL) */
  image: string;
}

export const BLANK_OPTION: OptionRow = {
  _id: "",
  title: "",
  description: "",
  titleEn: "",
  descriptionEn: "",
  image: "",
};

const TEXTS = ["title", "description", "titleEn", "descriptionEn"] as const;

/** A row with nothing typed or picked (the "new option" row). */
export const isBlankRow = (row: OptionRow) =>
  !row._id && !row.image && TEXTS.every((name) => !row[name].trim());

/**
 * The option rows of a posted field form (`options.<i>._id|title|description|image|imageUrl`), in
 * index order. The picker's image wins over the typed URL.
 */
export function optionRowsOf(values: Record<string, unknown>): OptionRow[] {
  const rows = new Map<number, Record<string, unknown>>();
  for (const [name, value] of Object.entries(values)) {
    const match = /^options\.(\d+)\.(\w+)$/.exec(name);
    if (!match) continue;
    const index = Number(match[1]);
    const row = rows.get(index) ?? {};
    row[match[2] ?? ""] = value;
    rows.set(index, row);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row]) => ({
      _id: text(row._id).trim(),
      title: text(row.title),
      description: text(row.description),
      titleEn: text(row.titleEn),
      descriptionEn: text(row.descriptionEn),
      image: pickedImage(row.image)?.url ?? text(row.imageUrl).trim(),
    }));
}

/** The rows as the payload's options; a trailing blank row (the "new option" row) is left out. */
function optionsPayload(rows: OptionRow[]) {
  const kept = [...rows];
  while (kept.length > 0 && isBlankRow(kept[kept.length - 1] as OptionRow)) kept.pop();
  return kept.map((row) => ({
    ...(row._id ? { _id: idOrNull(row._id) } : {}),
    title: row.title,
    description: row.description,
    titleEn: row.titleEn,
    descriptionEn: row.descriptionEn,
    image: row.image,
  }));
}

/** Add or edit a product field: title, type, description, changePrice (checkbox) and the option rows. */
export const fieldFormSchema = z.preprocess((input) => {
  const values = (input ?? {}) as Record<string, unknown>;
  return {
    title: values.title,
    type: text(values.type) || "radio",
    description: text(values.description),
    titleEn: text(values.titleEn),
    descriptionEn: text(values.descriptionEn),
    changePrice: values.changePrice === true || values.changePrice === "on",
    options: optionsPayload(optionRowsOf(values)),
  };
}, productFieldSchema);

// ---------------------------------------------------------------- header slides

/** Add or edit a header slide: the picked image, title, description, link and order. */
export const slideFormSchema = z.preprocess((input) => {
  const values = (input ?? {}) as Record<string, unknown>;
  const image = pickedImage(values.image);
  return {
    title: values.title,
    description: text(values.description),
    titleEn: text(values.titleEn),
    descriptionEn: text(values.descriptionEn),
    link: text(values.link),
    image: image ? { url: image.url } : undefined,
    order: numberOrUndefined(values.order),
  };
}, headerSlideSchema);
