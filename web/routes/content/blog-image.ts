import type { ImageRef } from "../../../domain/types";

/** Shown for an article without a picture (SPEC: "default image when none"). */
export const DEFAULT_BLOG_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 400"><rect width="600" height="400" fill="#f5e3d7"/><g fill="none" stroke="#ebc6ae" stroke-width="10"><path d="M0 330 Q150 270 300 330 T600 330"/><path d="M0 360 Q150 300 300 360 T600 360"/></g><text x="300" y="230" font-size="130" text-anchor="middle" fill="#a84a27">✂</text></svg>',
)}`;

/** The card picture: the thumbnail of a new-style (isNew) image, else the image itself, else the default. */
export function blogCardImage(image: ImageRef | null): string {
  if (!image) return DEFAULT_BLOG_IMAGE;
  return image.isNew && image.thumb_url ? image.thumb_url : image.url;
}
