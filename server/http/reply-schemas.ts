import { z } from "zod";
import { ENGLISH_TEXTS, type EnglishKind, type EnglishOf } from "../../domain/english-texts";
import type { ImageRef } from "../../domain/types";

// The parts the /api routes' reply schemas are made of (docs/decisions/060). Each area keeps the
// schemas of its own routes in <area>/<area>.replies.ts, typed against the shapes its handlers
// return; what is here is shared by several areas, or answered by the app itself (health).
export const id = z.number().int();
export const grosze = z.number().int();
export const isoDate = z.string();
export const optionalText = z.string().nullable();
export const processingTime = z.enum(["1-2", "3-6", "7-9", "10-14"]);

export const imageRef: z.ZodType<ImageRef> = z.object({
  url: z.string(),
  thumb_url: z.string(),
  name: z.string(),
  isNew: z.boolean(),
});

export const messageReply = z.object({ message: z.string(), messageKey: z.string().optional() });

export const healthReply = z.object({ status: z.enum(["ok", "unavailable"]), database: z.string() });

/** The English texts a staff record answers beside the Polish ones (domain/english-texts.ts). */
export function englishReply<K extends EnglishKind>(kind: K): z.ZodType<EnglishOf<K>> {
  return z.object(
    Object.fromEntries(ENGLISH_TEXTS[kind].map((key) => [key, z.string()])),
  ) as unknown as z.ZodType<EnglishOf<K>>;
}
