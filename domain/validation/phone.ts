// Polish phone numbers (SPEC §5): optional +48 or 0048 prefix, then 9 digits written
// 2-3-2-2 (optionally with brackets around the first two, e.g. "(22) 123 45 67") or 3-3-3,
// with optional space or dash separators, or 9 plain digits.

import { z } from "zod";
import { requiredOrInvalid } from "./common";
import { MSG } from "./messages";

const PHONE =
  /^(?:(?:\+|00)48[ -]?)?(?:(?:\(\d{2}\)|\d{2})[ -]?\d{3}[ -]?\d{2}[ -]?\d{2}|\d{3}[ -]?\d{3}[ -]?\d{3})$/;

export function isValidPolishPhone(value: string): boolean {
  return PHONE.test(value.trim());
}

/** "+48" followed by the 9 digits, or null when the number is not valid. */
export function normalizePolishPhone(value: string): string | null {
  if (!isValidPolishPhone(value)) return null;
  const digits = value.replace(/\D/g, "");
  return `+48${digits.slice(-9)}`;
}

/** Required phone, trimmed (kept as typed otherwise). */
export const phoneSchema = z
  .string({ error: requiredOrInvalid })
  .trim()
  .min(1, { error: MSG.required })
  .refine(isValidPolishPhone, { error: MSG.phone });

/** Optional phone: blank -> null. */
export const optionalPhoneSchema = z.preprocess(
  (value) => (value == null || (typeof value === "string" && value.trim() === "") ? null : value),
  z.string({ error: MSG.phone }).trim().refine(isValidPolishPhone, { error: MSG.phone }).nullable(),
);
