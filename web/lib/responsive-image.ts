// Responsive sources for the shop's pictures (docs/decisions/024-images-and-asset-caching.md).
// The demo seed (server/db/seed/images.ts) and gallery uploads (server/areas/gallery/image-processing.ts,
// docs/decisions/017) write every picture as four WebP files: `<base>.webp` 1200 px wide,
// `<base>-large.webp` 800 px, `<base>-medium.webp` 600 px and `<base>-thumb.webp` 300 px (uploads
// older than the 800 px file get it at start-up, server/areas/gallery/variant-backfill.ts). A URL of
// one of them gives the srcset of all four, so the browser picks the smallest file that fills the
// layout's `sizes`. Any other URL
// (an external address, older data, a path typed by hand) keeps its single src: there may be no variants.

/** The files of one picture, smallest first (the same widths as the seed's IMAGE_WIDTHS). */
export const IMAGE_VARIANTS = [
  { suffix: "-thumb", width: 300 },
  { suffix: "-medium", width: 600 },
  { suffix: "-large", width: 800 },
  { suffix: "", width: 1200 },
] as const;

/**
 * A picture the shop wrote itself: the seed's `/media/demo/…` or the gallery's
 * `/media/gallery/<folder>/<name>-<8 hex>` (the hex makes a name ending in "-thumb" unambiguous),
 * with an optional variant suffix. Group 1 is the base shared by the four files.
 */
const VARIANT_URL =
  /^(\/media\/(?:demo\/[^?#]+?|gallery\/[^?#]+-[0-9a-f]{8}))(?:-large|-medium|-thumb)?\.webp$/;

export interface ResponsiveSource {
  src: string;
  /** all widths of the picture ("… 300w, … 600w, … 1200w"), or undefined for a URL outside the convention */
  srcSet?: string;
}

/** The src and srcset of a picture given the URL of any of its variants. */
export function responsiveSource(url: string): ResponsiveSource {
  const base = VARIANT_URL.exec(url)?.[1];
  if (!base) return { src: url };
  return {
    src: url,
    srcSet: IMAGE_VARIANTS.map((variant) => `${base}${variant.suffix}.webp ${variant.width}w`).join(", "),
  };
}
