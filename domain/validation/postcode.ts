// Polish postal codes (SPEC §5): 2 digits, optional dash or space, 3 digits.

import { z } from "zod";
import { requiredOrInvalid } from "./common";
import { MSG } from "./messages";

const POST_CODE = /^(\d{2})[- ]?(\d{3})$/;

export function isValidPostCode(value: string): boolean {
  return POST_CODE.test(value.trim());
}

/** "00 950" / "00950" / " 00-950 " -> "00-950"; null when not valid. */
export function normalizePostCode(value: string): string | null {
  const match = POST_CODE.exec(value.trim());
  return match ? `${match[1]}-${match[2]}` : null;
}

/** Required postcode, trimmed and normalised to "NN-NNN". */
export const postCodeSchema = z
  .string({ error: requiredOrInvalid })
  .trim()
  .min(1, { error: MSG.required })
  .refine(isValidPostCode, { error: MSG.postCode })
  .transform((value) => normalizePostCode(value) ?? value);
