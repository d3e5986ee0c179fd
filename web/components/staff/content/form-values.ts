import { z } from "zod";
import type { ImageRef } from "../../../../domain/types";
import { blogArticleSchema, staticPageSchema } from "../../../../domain/validation/catalog";
import { parseJsonArrayField } from "../../../lib/staff-forms";

// The content forms as posted (every value a string; the ImagePicker's JSON; tags typed with
// commas; related products from a multi-select) turned into the API payloads, so the browser and
// the action validate with the same zod schema and report errors under the same field names.

type Values = Record<string, unknown>;

/** The first image of an ImagePicker field (JSON array), or null. */
export function firstImage(value: unknown): Record<string, unknown> | null {
  const list = parseJsonArrayField(typeof value === "string" ? value : null);
  const first = list[0];
  return typeof first === "object" && first !== null ? (first as Record<string, unknown>) : null;
}

/** An image URL as the ImagePicker's value (one image, or none). */
export function imageRefsOfUrl(url: string | null | undefined): ImageRef[] {
  return url ? [{ url, thumb_url: url, name: url.split("/").at(-1) ?? "", isNew: false }] : [];
}

/** An ImagePicker field reduced to its first image's URL ("" when none). */
export function imageUrlOf(value: unknown): string {
  const url = firstImage(value)?.url;
  return typeof url === "string" ? url : "";
}

const asObject = (values: unknown): Values | null =>
  typeof values === "object" && values !== null ? (values as Values) : null;

/** "szycie, #kocyk" -> ["szycie", "#kocyk"] (the schema trims and drops "#"). */
export function tagsOf(value: unknown): unknown {
  if (Array.isArray(value)) return value;
  return typeof value === "string" ? value.split(",") : value;
}

/** Product ids from a multi-select (several values) or one value. */
export function idsOf(value: unknown): unknown {
  const list = Array.isArray(value) ? value : value === undefined || value === "" ? [] : [value];
  return list.map((item) => (typeof item === "string" && /^\d+$/.test(item) ? Number(item) : item));
}

export const pageFormValuesSchema = z.preprocess((input) => {
  const values = asObject(input);
  return values ? { ...values, image: imageUrlOf(values.image) } : input;
}, staticPageSchema);

export const blogFormValuesSchema = z.preprocess((input) => {
  const values = asObject(input);
  if (!values) return input;
  return {
    ...values,
    tags: tagsOf(values.tags),
    image: firstImage(values.image),
    slides: idsOf(values.slides),
  };
}, blogArticleSchema);

/** The posted form as plain values: text fields, the named checkboxes as booleans, every value of `multi`. */
export function postedValues(
  form: FormData,
  options: { booleans?: readonly string[]; multi?: readonly string[] } = {},
): Values {
  const values: Values = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && !(name in values)) values[name] = value;
  }
  for (const name of options.booleans ?? []) values[name] = form.has(name);
  for (const name of options.multi ?? []) values[name] = form.getAll(name).map(String);
  return values;
}

/** The text values to put back in a refused form (strings only; lists joined as they were typed). */
export function typedValues(values: Values): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === "string") kept[name] = value;
    else if (typeof value === "boolean") kept[name] = value ? "on" : "";
    else if (Array.isArray(value)) kept[name] = value.join(",");
  }
  return kept;
}

/** typedValues with the ImagePicker's JSON reduced to its image's URL (forms that store one image URL). */
export const typedWithImageUrl = (values: Values) =>
  typedValues({ ...values, image: imageUrlOf(values.image) });
