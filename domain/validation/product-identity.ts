// The product's identity, SEO and safety (GPSR) fields (issue 30, docs/decisions/073): one schema
// each, parts of productSchema (domain/validation/catalog.ts), so the staff form and the API check
// them alike. The form's typed numbers become numbers in identityFormToPayload.

import { z } from "zod";
import { EMPTY_IDENTITY, EMPTY_SAFETY } from "../gpsr";
import { isValidGtin, normalizeGtin } from "../gtin";
import { blankAsNull, optionalText, textSchema } from "./common";
import { MSG } from "./messages";

export const SKU_MAX = 64;
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 160;
export const SAFETY_TEXT_MAX = 2_000;
const NAME_MAX = 200;
const ADDRESS_MAX = 500;
const CONTACT_MAX = 254;
/** 1 tonne and 10 metres: far above anything sewn, low enough to catch a typo of units */
const GRAMS_MAX = 1_000_000;
const MM_MAX = 10_000;

const whole = (max: number) =>
  blankAsNull(
    z
      .number({ error: MSG.number })
      .int({ error: MSG.integer })
      .min(1, { error: MSG.minValue })
      .max(max, { error: MSG.maxValue }),
  ).default(null);

/** Plain text with its line breaks kept (CR LF from a form becomes LF), trimmed at the ends. */
const plainText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value),
    optionalText(max),
  );

/** An e-mail address or an http(s) web address; blank allowed. */
const contactSchema = optionalText(CONTACT_MAX).refine(
  (value) =>
    value === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) || /^https?:\/\/[^\s/$.?#]\S*$/i.test(value),
  { error: MSG.contact },
);

export const productIdentitySchema = z
  .object({
    sku: blankAsNull(
      textSchema({ error: MSG.invalid })
        .trim()
        .max(SKU_MAX, { error: MSG.maxLength })
        .regex(/^[^\p{Cc}]*$/u, { error: MSG.invalid }),
    ).default(null),
    gtin: blankAsNull(
      textSchema({ error: MSG.invalid })
        .max(40, { error: MSG.gtin })
        .transform(normalizeGtin)
        .refine(isValidGtin, { error: MSG.gtin }),
    ).default(null),
    weightGrams: whole(GRAMS_MAX),
    lengthMm: whole(MM_MAX),
    widthMm: whole(MM_MAX),
    heightMm: whole(MM_MAX),
    seoTitle: optionalText(SEO_TITLE_MAX),
    seoDescription: plainText(SEO_DESCRIPTION_MAX),
  })
  .default(EMPTY_IDENTITY);

export const productSafetySchema = z
  .object({
    manufacturerName: optionalText(NAME_MAX),
    manufacturerAddress: plainText(ADDRESS_MAX),
    manufacturerContact: contactSchema,
    manufacturerOutsideEu: z.boolean({ error: MSG.invalid }).default(false),
    euRepName: optionalText(NAME_MAX),
    euRepAddress: plainText(ADDRESS_MAX),
    euRepContact: contactSchema,
    identifier: optionalText(NAME_MAX),
    warnings: plainText(SAFETY_TEXT_MAX),
    care: plainText(SAFETY_TEXT_MAX),
  })
  .default(EMPTY_SAFETY);

/** A typed whole number ("1 200", "350"); blank -> null; anything else left for the schema to refuse. */
function wholeInput(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const compact = value.replace(/\s/g, "");
  if (compact === "") return null;
  const number = Number(compact.replace(",", "."));
  return Number.isFinite(number) ? number : value;
}

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;

/** The form's identity and safety groups (text as typed, the checkbox as "on") -> the payload's. */
export function identityFormToPayload(values: Record<string, unknown>): Record<string, unknown> {
  const identity = record(values.identity);
  const safety = record(values.safety);
  return {
    ...(identity
      ? {
          identity: {
            ...identity,
            weightGrams: wholeInput(identity.weightGrams),
            lengthMm: wholeInput(identity.lengthMm),
            widthMm: wholeInput(identity.widthMm),
            heightMm: wholeInput(identity.heightMm),
          },
        }
      : {}),
    ...(safety
      ? {
          safety: {
            ...safety,
            manufacturerOutsideEu:
              safety.manufacturerOutsideEu === true || safety.manufacturerOutsideEu === "on",
          },
        }
      : {}),
  };
}
