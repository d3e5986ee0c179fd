import sharp from "sharp";
import { IMAGE_WIDTHS } from "../../db/seed/images";

// Turning an uploaded file into the gallery's WebP variants (docs/decisions/017-gallery-uploads.md).
// The file is judged by its CONTENT: sharp reads the header (no decoding) and only the formats
// below pass; the header's dimensions are checked against the pixel cap before anything is decoded,
// so an "image bomb" is refused at once. Accepted images are turned upright by their EXIF
// orientation, stripped of every metadata (sharp writes none unless asked) and re-encoded to WebP
// at the seed's widths (1200, 800, 600, 300), keeping the aspect and never enlarging. Complaint
// photos (server/areas/after-sale/complaint-photos.ts) pass their own widths.

type Metadata = Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;

export const ACCEPTED_FORMATS = ["jpeg", "png", "webp", "avif", "gif", "tiff"] as const;

export const VARIANTS = [
  { suffix: "", width: IMAGE_WIDTHS.full },
  { suffix: "-large", width: IMAGE_WIDTHS.large },
  { suffix: "-medium", width: IMAGE_WIDTHS.medium },
  { suffix: "-thumb", width: IMAGE_WIDTHS.thumb },
] as const;

export type VariantSuffix = (typeof VARIANTS)[number]["suffix"];

/** A WebP file to make: its name's suffix and its largest width. */
export interface VariantSpec {
  suffix: string;
  width: number;
}

export interface ProcessedVariant {
  suffix: string;
  data: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  /** the source format ("jpeg", "png", …) */
  format: string;
  /** the largest variant's size (what the gallery row shows) */
  width: number;
  height: number;
  variants: ProcessedVariant[];
}

export type ProcessFailure =
  | { reason: "not-an-image" }
  | { reason: "too-many-pixels"; width: number; height: number };

export interface ProcessLimits {
  maxInputPixels: number;
}

/** The source format sharp sees, normalised (AVIF is reported as HEIF with the AV1 codec). */
function formatOf(metadata: Metadata): string | null {
  if (metadata.format === "heif") return metadata.compression === "av1" ? "avif" : null;
  return metadata.format ?? null;
}

/** Variants of an image (the gallery's by default), or why it is refused. Throws only on unexpected sharp failures. */
export async function processImage(
  input: Buffer,
  limits: ProcessLimits,
  specs: readonly VariantSpec[] = VARIANTS,
): Promise<{ ok: true; image: ProcessedImage } | { ok: false; failure: ProcessFailure }> {
  let metadata: Metadata;
  try {
    // header only: nothing is decoded here
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, failure: { reason: "not-an-image" } };
  }
  const format = formatOf(metadata);
  if (!format || !(ACCEPTED_FORMATS as readonly string[]).includes(format)) {
    return { ok: false, failure: { reason: "not-an-image" } };
  }
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width < 1 || height < 1) return { ok: false, failure: { reason: "not-an-image" } };
  if (width * height > limits.maxInputPixels) {
    return { ok: false, failure: { reason: "too-many-pixels", width, height } };
  }

  const variants: ProcessedVariant[] = [];
  try {
    // decoded here (first frame of an animation), upright by EXIF; a corrupt body fails here
    const source = sharp(input, { limitInputPixels: limits.maxInputPixels, failOn: "error" }).autoOrient();
    for (const variant of specs) {
      const { data, info } = await source
        .clone()
        .resize({ width: variant.width, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ suffix: variant.suffix, data, width: info.width, height: info.height });
    }
  } catch {
    return { ok: false, failure: { reason: "not-an-image" } };
  }
  const full = variants[0] as ProcessedVariant;
  return { ok: true, image: { format, width: full.width, height: full.height, variants } };
}
