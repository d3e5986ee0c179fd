import sharp from "sharp";
import { type MediaStorage, readMedia } from "../media/media-storage";
import { VARIANTS } from "./image-processing";

// Pictures written before a width joined the variants (the 800 px `-large` file of issue 8) lack
// that file, while every page's srcset names it (web/lib/responsive-image.ts): a phone would ask for
// a file that is not there. At start-up (the job gallery.backfill-variants) each missing variant is
// made once from the picture's main 1200 px file, as an upload would have written it
// (docs/decisions/024), on the disk or in the bucket (docs/decisions/081). Pictures that have all
// their files cost one listing.

/** A gallery upload's main file: `<name>-<8 hex>.webp` (its variants add a suffix after the hex). */
const GALLERY_MAIN = /-[0-9a-f]{8}\.webp$/;
/** A demo picture's variant file (the main file is `<base>.webp`, without one of these suffixes). */
const VARIANT_FILE = new RegExp(
  `(?:${VARIANTS.filter((v) => v.suffix)
    .map((v) => v.suffix)
    .join("|")})\\.webp$`,
);

export interface BackfillResult {
  written: number;
  failed: number;
}

async function keysUnder(storage: MediaStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of storage.list(prefix)) keys.push(entry.key);
  return keys;
}

/** Writes every missing variant of the gallery's uploads and of the demo pictures from their main files. */
export async function backfillImageVariants(storage: MediaStorage): Promise<BackfillResult> {
  const result: BackfillResult = { written: 0, failed: 0 };
  const keys = [...(await keysUnder(storage, "gallery/")), ...(await keysUnder(storage, "demo/"))];
  const present = new Set(keys);
  const mains = keys.filter((key) =>
    key.startsWith("gallery/") ? GALLERY_MAIN.test(key) : key.endsWith(".webp") && !VARIANT_FILE.test(key),
  );
  for (const main of mains) {
    const base = main.slice(0, -".webp".length);
    let data: Buffer | null | undefined;
    for (const variant of VARIANTS) {
      const key = `${base}${variant.suffix}.webp`;
      if (variant.suffix === "" || present.has(key)) continue;
      try {
        data ??= await readMedia(storage, main);
        if (!data) throw new Error("the main file is gone");
        const resized = await sharp(data)
          .resize({ width: variant.width, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
        // written whole or not at all (a temporary name on a disk, one PUT in a bucket)
        await storage.put(key, resized, "image/webp");
        result.written += 1;
      } catch {
        // an unreadable main file stays as it was: its page shows the other widths
        result.failed += 1;
      }
    }
  }
  return result;
}
