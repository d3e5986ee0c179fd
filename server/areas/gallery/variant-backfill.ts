import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { VARIANTS } from "./image-processing";

// Pictures written before a width joined the variants (the 800 px `-large` file of issue 8) lack
// that file, while every page's srcset names it (web/lib/responsive-image.ts): a phone would ask for
// a file that is not there. At start-up (server/main.ts, in the background) each missing variant is
// made once from the picture's main 1200 px file, as an upload would have written it
// (docs/decisions/024). Pictures that have all their files cost one directory listing.

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

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await fs.readdir(directory, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** The main files of the gallery's uploads and of the demo pictures under `mediaDir`. */
async function mainFiles(mediaDir: string): Promise<string[]> {
  const gallery = (await filesUnder(path.join(mediaDir, "gallery"))).filter((file) =>
    GALLERY_MAIN.test(file),
  );
  const demo = (await filesUnder(path.join(mediaDir, "demo"))).filter(
    (file) => file.endsWith(".webp") && !VARIANT_FILE.test(file),
  );
  return [...gallery, ...demo];
}

/** Writes every missing variant of the pictures under `mediaDir` from their main files. */
export async function backfillImageVariants(mediaDir: string): Promise<BackfillResult> {
  const result: BackfillResult = { written: 0, failed: 0 };
  for (const main of await mainFiles(mediaDir)) {
    const base = main.slice(0, -".webp".length);
    for (const variant of VARIANTS) {
      const file = `${base}${variant.suffix}.webp`;
      if (variant.suffix === "" || (await exists(file))) continue;
      try {
        const data = await sharp(main)
          .resize({ width: variant.width, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
        // a temporary name and a rename: a crash or a second instance never leaves half a file
        const tmp = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
        await fs.writeFile(tmp, data);
        await fs.rename(tmp, file);
        result.written += 1;
      } catch {
        // an unreadable main file stays as it was: its page shows the other widths
        result.failed += 1;
      }
    }
  }
  return result;
}
