// Shared zod building blocks. Messages are i18n keys (see messages.ts).

import { z } from "zod";
import { TEXT_MAX } from "../constants";
import { MSG } from "./messages";

/** Error for a wrong type: "required" when the value is missing, else "invalid". */
export const requiredOrInvalid = (issue: { input?: unknown }): string =>
  issue.input === undefined || issue.input === null ? MSG.required : MSG.invalid;

/** Blank ("", whitespace, null, undefined) -> null, anything else unchanged. */
export function blankToNull(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === "string" && value.trim() === "") return null;
  return value;
}

/** True when the text holds no U+0000: PostgreSQL text cannot store it (the query would fail). */
export function hasNoNul(value: string): boolean {
  return !value.includes("\u0000");
}

/**
 * z.string() for anything that may reach the database: refuses U+0000 ("invalid") instead of
 * letting PostgreSQL fail on it, and anything longer than TEXT_MAX ("maxLength"; fields add their
 * own lower bound). Every text field of a form, body or query builds on this.
 */
export function textSchema(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).max(TEXT_MAX, { error: MSG.maxLength }).refine(hasNoNul, { error: MSG.invalid });
}

/** A trimmed, non-empty string, optionally with length bounds (errors: required, minLength, maxLength). */
export function requiredString(options: { min?: number; max?: number } = {}) {
  let schema = textSchema({ error: requiredOrInvalid }).trim().min(1, { error: MSG.required });
  if (options.min !== undefined && options.min > 1)
    schema = schema.min(options.min, { error: MSG.minLength });
  if (options.max !== undefined) schema = schema.max(options.max, { error: MSG.maxLength });
  return schema;
}

/** A trimmed string that may be empty or missing (-> ""). */
export function optionalText(max?: number) {
  const schema = textSchema({ error: MSG.invalid }).trim();
  return (max === undefined ? schema : schema.max(max, { error: MSG.maxLength }))
    .optional()
    .transform((v) => v ?? "");
}

/** Makes a schema optional: blank input -> null, otherwise validated by `schema`. */
export function blankAsNull<S extends z.ZodType>(schema: S) {
  return z.preprocess(blankToNull, schema.nullable());
}

/** E-mail: trimmed, lower-cased, required and valid. */
export const emailSchema = z
  .string({ error: requiredOrInvalid })
  .trim()
  .toLowerCase()
  .min(1, { error: MSG.required })
  .max(254, { error: MSG.maxLength })
  .regex(z.regexes.email, { error: MSG.email });

/** Positive integer id. */
export const idSchema = z
  .number({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.number) })
  .int({ error: MSG.integer })
  .positive({ error: MSG.invalid });

/** Positive integer id that may arrive as text (route params, selects, query strings). */
export const idFromTextSchema = z.preprocess(
  (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  idSchema,
);

/** An id that may arrive as text, blank (or missing) for none: null (a form's "no variant"). */
export const optionalIdFromTextSchema = z.preprocess(
  (value) => (value === "" || value == null ? null : value),
  idFromTextSchema.nullable(),
);

/** The `:id` of a URL (route params): a positive 32-bit integer, from its digits. */
export const urlIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** Non-negative integer number of grosze. */
export const groszeSchema = z
  .number({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.number) })
  .int({ error: MSG.integer })
  .min(0, { error: MSG.minValue });

/** Non-negative whole stock quantity. */
export const stockQuantitySchema = z
  .number({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.number) })
  .int({ error: MSG.integer })
  .min(0, { error: MSG.minValue });

const ABSOLUTE_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const SITE_PATH = /^\/(?!\/)[^\s]*$/;

/** Absolute http(s) URL or a site path starting with "/" (images, banner links). */
export const linkSchema = textSchema({ error: requiredOrInvalid })
  .trim()
  .min(1, { error: MSG.required })
  .refine((value) => ABSOLUTE_URL.test(value) || SITE_PATH.test(value), { error: MSG.url });

/** ISO date ("2025-05-31") or date-time string that Date can parse. */
export const dateStringSchema = z
  .string({ error: requiredOrInvalid })
  .trim()
  .min(1, { error: MSG.required })
  .max(40, { error: MSG.invalid })
  .refine(isValidDateString, { error: MSG.invalid });

/** "YYYY-MM-DD" that exists in the calendar, or an ISO date-time starting with one. */
export function isValidDateString(value: string): boolean {
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(value)?.[1];
  if (!day || Number.isNaN(Date.parse(value))) return false;
  const parsed = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}
