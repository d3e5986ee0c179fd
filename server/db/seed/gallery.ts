import fs from "node:fs/promises";
import path from "node:path";
import type { Tx } from "../client";
import { galleryImages } from "../schema";
import { IMAGE_WIDTHS, type ImageSpec, imageHeight, imageUrls } from "./images";
import { daysBefore, type PlannedProduct } from "./plan";

// The picture gallery: the banner, blog and category pictures and the first picture of some products.

export interface GallerySources {
  slides: readonly ImageSpec[];
  blog: readonly ImageSpec[];
  categories: readonly ImageSpec[];
  planned: readonly PlannedProduct[];
}

/**
 * Inserts the gallery's rows; returns how many. With `mediaDir` (the pictures were written there)
 * each row has its file's size.
 */
export async function insertGallery(
  tx: Tx,
  now: Date,
  sources: GallerySources,
  mediaDir: string | null,
): Promise<number> {
  const gallerySpecs: { folder: string; spec: ImageSpec }[] = [
    ...sources.slides.map((spec) => ({ folder: "baner", spec })),
    ...sources.blog.map((spec) => ({ folder: "blog", spec })),
    ...sources.categories.map((spec) => ({ folder: "produkty/kategorie", spec })),
    ...sources.planned
      .filter((_, index) => index % 4 === 0)
      .flatMap((product) =>
        product.images.slice(0, 1).map((image) => ({ folder: "produkty", spec: image.spec })),
      ),
  ];
  const galleryValues = await Promise.all(
    gallerySpecs.map(async ({ folder, spec }) => {
      const urls = imageUrls(spec);
      let sizeBytes: number | null = null;
      if (mediaDir !== null) {
        sizeBytes = await fs
          .stat(path.join(mediaDir, `${spec.base}.webp`))
          .then((stat) => stat.size)
          .catch(() => null);
      }
      return {
        folder,
        name: path.posix.basename(urls.url),
        url: urls.url,
        thumbUrl: urls.thumbUrl,
        width: IMAGE_WIDTHS.full,
        height: imageHeight(spec.kind, IMAGE_WIDTHS.full),
        sizeBytes,
        mimeType: "image/webp",
        createdAt: daysBefore(now, 100),
      };
    }),
  );
  await tx.insert(galleryImages).values(galleryValues);
  return galleryValues.length;
}
