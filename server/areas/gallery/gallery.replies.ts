import { z } from "zod";
import { id, isoDate, optionalText } from "../../http/reply-schemas";
import { ERROR_CODES, type ErrorCode } from "../../lib/result";
import type { GalleryImage, GalleryListing, UploadOutcome } from "./gallery.service";

// What the gallery routes answer on success (docs/decisions/060), typed against the gallery
// service; gallery.replies.test.ts checks real replies against them.

const size = z.number().int().nullable();

export const galleryImageReply: z.ZodType<GalleryImage> = z.object({
  _id: id,
  folder: z.string(),
  name: z.string(),
  url: z.string(),
  thumb_url: z.string(),
  width: size,
  height: size,
  sizeBytes: size,
  mimeType: optionalText,
  createdAt: isoDate,
});

export const galleryListReply: z.ZodType<GalleryListing> = z.object({
  images: z.array(galleryImageReply),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  folders: z.array(z.string()),
});

const errorCode = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

/** One file's outcome: the stored image, or why it was refused (a failure code and its parameters). */
const uploadOutcome: z.ZodType<UploadOutcome> = z.discriminatedUnion("ok", [
  z.object({ name: z.string(), ok: z.literal(true), image: galleryImageReply }),
  z.object({
    name: z.string(),
    ok: z.literal(false),
    code: errorCode,
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
]);

/** POST /gallery/upload (201): one outcome per file, in the order sent. */
export const galleryUploadReply = z.object({ results: z.array(uploadOutcome) });

/** DELETE /gallery: the image removed. */
export const galleryRemovedReply = z.object({ removed: galleryImageReply });
