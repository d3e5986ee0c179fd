import { z } from "zod";
import { creatorFormValuesSchema, gameSchema } from "../../../../domain/validation/creators";
import { imageUrlOf } from "./form-values";

// The creator and game forms as posted: the picker's JSON reduced to the image URL first.

const withImageUrl = (input: unknown) =>
  typeof input === "object" && input !== null
    ? { ...input, image: imageUrlOf((input as Record<string, unknown>).image) }
    : input;

export const creatorFormSchema = z.preprocess(withImageUrl, creatorFormValuesSchema);
export const gameFormSchema = z.preprocess(withImageUrl, gameSchema);
