// Staff forms and payloads of the design-creator side (SPEC §1, §7 /creators, /creators/categories,
// /games): creators with an optional category, their categories, and games.

import { z } from "zod";
import { TITLE_MAX } from "../constants";
import {
  blankAsNull,
  idSchema,
  linkSchema,
  optionalText,
  requiredString,
  stockQuantitySchema,
} from "./common";

const DESCRIPTION_MAX = 5_000;

/** Game create/update (`POST /games`, `PUT /games/{id}`). */
export const gameSchema = z.object({
  title: requiredString({ max: TITLE_MAX }),
  description: optionalText(DESCRIPTION_MAX),
  image: blankAsNull(linkSchema).default(null),
  link: blankAsNull(linkSchema).default(null),
});
export type GamePayload = z.output<typeof gameSchema>;

/** Creator create/update (`POST /creators`, `PUT /creators/{id}`). */
export const creatorSchema = gameSchema.extend({
  category: blankAsNull(idSchema).default(null),
});
export type CreatorPayload = z.output<typeof creatorSchema>;

/** Creator category create/update (`POST /creators/categories`, `PUT /creators/categories/{id}`). */
export const creatorCategorySchema = z.object({
  title: requiredString({ max: TITLE_MAX }),
  order: stockQuantitySchema.default(0),
});
export type CreatorCategoryPayload = z.output<typeof creatorCategorySchema>;

/** A form's text value as a whole number when it is one ("3" -> 3), else unchanged. */
function numeric(value: unknown): unknown {
  return typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
}

/** The creator form as posted (category and order as text). */
export const creatorFormValuesSchema = z.preprocess(
  (values) =>
    typeof values === "object" && values !== null
      ? { ...values, category: numeric((values as Record<string, unknown>).category) }
      : values,
  creatorSchema,
);

/** The creator category form as posted. */
export const creatorCategoryFormValuesSchema = z.preprocess(
  (values) =>
    typeof values === "object" && values !== null
      ? {
          ...values,
          order: numeric((values as Record<string, unknown>).order ?? "0") || 0,
        }
      : values,
  creatorCategorySchema,
);
