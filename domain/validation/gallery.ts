// Gallery folders and requests (staff gallery, issue 6). A folder is a path of segments joined by
// '/': letters (Polish too), digits, '-' and '_' — no '..', no leading or doubled '/', at most
// GALLERY_MAX_DEPTH levels. The same rules check the browser's "new folder" form, the upload form
// and the API, so a folder can never name a place outside the gallery directory.

import { z } from "zod";
import { idFromTextSchema, textSchema } from "./common";
import { MSG } from "./messages";

export const GALLERY_MAX_DEPTH = 5;
export const GALLERY_SEGMENT_MAX = 60;
/** Most files one upload request may carry. */
export const MAX_FILES_PER_UPLOAD = 20;

const SEGMENT = /^[\p{L}\p{N}_-]+$/u;

/** True when `folder` is a valid gallery folder path (never "", never "..", no empty segment). */
export function isGalleryFolder(folder: string): boolean {
  const segments = folder.split("/");
  return (
    folder.length > 0 &&
    segments.length <= GALLERY_MAX_DEPTH &&
    segments.every((segment) => segment.length <= GALLERY_SEGMENT_MAX && SEGMENT.test(segment))
  );
}

/** A required folder path (trimmed, NFC so "ł" typed two ways is one folder). */
export const galleryFolderSchema = z
  .string({ error: (issue) => (issue.input === undefined ? MSG.required : MSG.invalid) })
  .trim()
  .min(1, { error: MSG.required })
  .transform((value) => value.normalize("NFC"))
  .refine(isGalleryFolder, { error: MSG.galleryFolder });

/** The "new folder" form and the upload form's folder field. */
export const galleryFolderFormSchema = z.object({ folder: galleryFolderSchema });
export type GalleryFolderForm = z.output<typeof galleryFolderFormSchema>;

/** GET /api/gallery: one folder (optional), a name search, a page. */
export const galleryListQuerySchema = z.object({
  folder: z.preprocess((v) => (v === "" ? undefined : v), galleryFolderSchema.optional()),
  q: textSchema().trim().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  pageSize: z.coerce.number().int().min(1).max(200).optional().catch(undefined),
});
export type GalleryListQuery = z.output<typeof galleryListQuerySchema>;

/** DELETE /api/gallery {image: id}. */
export const galleryDeleteSchema = z.object({ image: idFromTextSchema });

/** Folder paths in tree order: segment by segment, alphabetically (Polish collation). */
export function compareFolders(a: string, b: string): number {
  const left = a.split("/");
  const right = b.split("/");
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const order = (left[i] ?? "").localeCompare(right[i] ?? "", "pl", { sensitivity: "base" });
    if (order !== 0) return order;
    if (left[i] !== right[i]) return (left[i] ?? "") < (right[i] ?? "") ? -1 : 1;
  }
  return left.length - right.length;
}

/** Every folder and all its ancestors, once each, in tree order. */
export function withAncestors(folders: readonly string[]): string[] {
  const all = new Set<string>();
  for (const folder of folders) {
    if (!folder) continue;
    const segments = folder.split("/");
    for (let depth = 1; depth <= segments.length; depth++) all.add(segments.slice(0, depth).join("/"));
  }
  return [...all].sort(compareFolders);
}
