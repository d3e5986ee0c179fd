import { randomBytes } from "node:crypto";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import type { FieldError } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import type { Config } from "../../config";
import type { Db, Tx } from "../../db/client";
import { afterSaleCases, afterSalePhotos } from "../../db/schema";
import { fail, ok, type Result } from "../../lib/result";
import type { UploadFile } from "../gallery/gallery.service";
import { processImage } from "../gallery/image-processing";
import type { MediaStorage } from "../media/media-storage";

// Complaint photos (issue 27, docs/decisions/066). Each file is checked like a gallery upload
// (image-processing.ts: the size limit, the content sniffed, the pixel cap) and re-encoded to WebP —
// a full picture and a thumbnail — which writes no metadata, so no EXIF, no GPS position of the
// customer is kept. The files are PRIVATE (create-media-storage.ts createComplaintPhotoStorage: the
// photos folder of DATA_DIR, or the media bucket under a prefix no /media address can name), in a
// folder per case, served only through the API to staff and the case's own customer. One
// after_sale_photos row per photo (`path`: "{caseId}/{random}", without the suffix), written in the
// complaint's transaction; the caller removes the files written if that transaction fails, so a
// failed complaint leaves no file and no row behind.

/** The widths kept: the picture staff open (details of a seam stay visible) and the desk's thumbnail. */
export const PHOTO_VARIANTS = [
  { suffix: "", width: 1600 },
  { suffix: "-thumb", width: 300 },
] as const;

export type PhotoSize = "full" | "thumb";

/** A photo that passed the checks, re-encoded: what is written to disk. */
export interface CheckedPhoto {
  name: string;
  full: Buffer;
  thumb: Buffer;
}

/** A photo as the returns desk lists it: the URLs of the serving route. */
export interface CasePhoto {
  id: number;
  url: string;
  thumbUrl: string;
}

export const casePhotoUrl = (caseId: number, photoId: number, size: PhotoSize = "full") =>
  `/api/after-sale/cases/${caseId}/photos/${photoId}${size === "thumb" ? "?size=thumb" : ""}`;

/**
 * Every file checked and re-encoded, or the refusals as field errors `photos.{index}` naming the
 * file (too large, not an image, too many pixels).
 */
export async function checkPhotos(
  files: readonly UploadFile[],
  media: Config["media"],
): Promise<Result<CheckedPhoto[]>> {
  const maxMb = Math.round((media.maxUploadBytes / 1024 / 1024) * 10) / 10;
  const maxMegapixels = Math.round(media.maxInputPixels / 1_000_000);
  const checked: CheckedPhoto[] = [];
  const errors: Record<string, FieldError> = {};
  for (const [index, file] of files.entries()) {
    const name = path.basename(file.filename || "zdjecie").slice(0, 200);
    if (file.truncated || file.data.length > media.maxUploadBytes) {
      errors[`photos.${index}`] = { key: MSG.afterSalePhotoTooLarge, params: { name, max: maxMb } };
      continue;
    }
    const processed = await processImage(file.data, { maxInputPixels: media.maxInputPixels }, PHOTO_VARIANTS);
    if (!processed.ok) {
      errors[`photos.${index}`] =
        processed.failure.reason === "too-many-pixels"
          ? { key: MSG.afterSalePhotoTooManyPixels, params: { name, max: maxMegapixels } }
          : { key: MSG.afterSalePhotoNotAnImage, params: { name } };
      continue;
    }
    const [full, thumb] = processed.image.variants;
    if (!full || !thumb) throw new Error("photo variants missing");
    checked.push({ name, full: full.data, thumb: thumb.data });
  }
  return Object.keys(errors).length > 0 ? fail("validation", errors) : ok(checked);
}

/** A case's photos in the order they were sent (the returns desk's case page). */
export async function casePhotos(db: Db, caseId: number): Promise<CasePhoto[]> {
  const rows = await db
    .select({ id: afterSalePhotos.id })
    .from(afterSalePhotos)
    .where(eq(afterSalePhotos.caseId, caseId))
    .orderBy(asc(afterSalePhotos.position), asc(afterSalePhotos.id));
  return rows.map((row) => ({
    id: row.id,
    url: casePhotoUrl(caseId, row.id),
    thumbUrl: casePhotoUrl(caseId, row.id, "thumb"),
  }));
}

/** A complaint's photos on their way into its transaction (PhotoStore.upload). */
export interface PhotoUpload {
  store(tx: Tx, caseId: number): Promise<void>;
  discard(): Promise<void>;
}

export function createPhotoStore(db: Db, storage: MediaStorage) {
  /** A row's file of the given size: "{caseId}/{random}" → "{caseId}/{random}-thumb.webp". */
  const keyOf = (stored: string, size: PhotoSize) => `${stored}${size === "thumb" ? "-thumb" : ""}.webp`;

  return {
    /**
     * The checked photos of one complaint: `store` writes their files and rows in the case's
     * transaction; `discard` removes the files it wrote when that transaction failed.
     */
    upload(photos: readonly CheckedPhoto[]): PhotoUpload {
      const written: string[] = [];
      return {
        async store(tx, caseId) {
          for (const [position, photo] of photos.entries()) {
            const stored = `${caseId}/${randomBytes(12).toString("hex")}`;
            for (const [size, data] of [
              ["full", photo.full],
              ["thumb", photo.thumb],
            ] as const) {
              written.push(keyOf(stored, size));
              await storage.put(keyOf(stored, size), data, "image/webp");
            }
            await tx.insert(afterSalePhotos).values({ caseId, path: stored, position });
          }
        },
        async discard() {
          if (written.length > 0) await storage.delete(written).catch(() => undefined);
        },
      };
    },

    /** Where a case's photo is and whose order it belongs to (read only once the reader may); null when none. */
    async locate(
      caseId: number,
      photoId: number,
      size: PhotoSize,
    ): Promise<{ orderId: number; file: string } | null> {
      const [row] = await db
        .select({ path: afterSalePhotos.path, orderId: afterSaleCases.orderId })
        .from(afterSalePhotos)
        .innerJoin(afterSaleCases, eq(afterSaleCases.id, afterSalePhotos.caseId))
        .where(and(eq(afterSalePhotos.id, photoId), eq(afterSalePhotos.caseId, caseId)));
      return row ? { orderId: row.orderId, file: keyOf(row.path, size) } : null;
    },

    /** A located photo's bytes; null when its file is gone. */
    async bytes(file: string): Promise<Buffer | null> {
      const found = await storage.get(file);
      if (found.kind !== "object") return null;
      const chunks: Buffer[] = [];
      for await (const chunk of found.body) chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks);
    },
  };
}

export type PhotoStore = ReturnType<typeof createPhotoStore>;
