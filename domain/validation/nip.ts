// Polish tax id (NIP), SPEC §5 and INTEGRATIONS §6.

import { z } from "zod";
import { MSG } from "./messages";

const WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;

/** Digits of a NIP with dashes and spaces removed ("774-00-01-454" -> "7740001454"). */
export function normalizeNip(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/**
 * 10 digits after stripping dashes and spaces; sum of the first nine digits times the weights
 * 6,5,7,2,3,4,5,6,7, mod 11, must equal the last digit (remainder 10 is invalid).
 * "0000000000" passes the checksum but is rejected.
 */
export function isValidNip(value: string): boolean {
  const digits = normalizeNip(value);
  if (!/^\d{10}$/.test(digits) || digits === "0000000000") return false;
  const sum = WEIGHTS.reduce((acc, weight, index) => acc + weight * Number(digits[index]), 0);
  const control = sum % 11;
  return control !== 10 && control === Number(digits[9]);
}

/** Optional NIP: blank -> null, otherwise must be valid; output is the 10 digits. */
export const nipSchema = z.preprocess(
  (value) => (value == null || (typeof value === "string" && value.trim() === "") ? null : value),
  z
    .string({ error: MSG.nip })
    .trim()
    .refine(isValidNip, { error: MSG.nip })
    .transform(normalizeNip)
    .nullable(),
);
