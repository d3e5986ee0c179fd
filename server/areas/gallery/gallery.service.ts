import { randomBytes } from "node:crypto";
import path from "node:path";
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { slugify } from "../../../domain/slug";
import { parseForm } from "../../../domain/validation/errors";
import {
  galleryDeleteSchema,
  galleryFolderSchema,
  galleryListQuerySchema,
  withAncestors,
} from "../../../domain/validation/gallery";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { containsPattern } from "../../db/list-page";
import {
  blogArticles,
  categories,
  fieldOptions,
  galleryImages,
  headerSlides,
  pages,
  productFields,
  productImages,
  products,
} from "../../db/schema";
import { type ErrorCode, fail, ok, type Result } from "../../lib/result";
import type { AuditActor } from "../audit/audit";
import { auditedWrite, deleted, notFound, refuse } from "../audit/audited-write";
import { isMediaKey, mediaKeyOf, mediaUrlOf } from "../media/media-key";
import type { MediaStorage } from "../media/media-storage";
import { processImage, VARIANTS } from "./image-processing";

// The staff media gallery (issue 6; docs/decisions/017-gallery-uploads.md): list images by folder,
// upload images (checked by content, re-encoded to four WebP widths under the media key
// gallery/<folder>/, on the disk or in the bucket: docs/decisions/081), delete an image no product,
// post, page, slide, category or field option uses. Each file is stored whole or not at all, and a
// failure removes the image's other files; the row and its audit entry are one transaction; whatever
// fails, no file or row is left half-made.

export interface GalleryImage {
  _id: number;
  folder: string;
  name: string;
  url: string;
  thumb_url: string;
  width: number | null;
  height: number | null;
  sizeBytes: number | null;
  mimeType: string | null;
  createdAt: string;
}

export interface GalleryListing {
  images: GalleryImage[];
  total: number;
  page: number;
  pageSize: number;
  /** every folder (with its ancestors), alphabetically in tree order */
  folders: string[];
}

export interface UploadFile {
  /** the name the browser sent, e.g. "kocyk.jpg" */
  filename: string;
  data: Buffer;
  /** the multipart reader stopped at the size limit */
  truncated?: boolean;
}

export type UploadOutcome =
  | { name: string; ok: true; image: GalleryImage }
  | { name: string; ok: false; code: ErrorCode; params?: Record<string, string | number> };

export type ImageUsageKind = "product" | "blog" | "page" | "slide" | "category" | "fieldOption";
export interface ImageUsage {
  kind: ImageUsageKind;
  id: number;
  title: string;
}

const DEFAULT_PAGE_SIZE = 48;

type Row = typeof galleryImages.$inferSelect;

function toImage(row: Row): GalleryImage {
  return {
    _id: row.id,
    folder: row.folder,
    name: row.name,
    url: row.url,
    thumb_url: row.thumbUrl,
    width: row.width,
    height: row.height,
    sizeBytes: row.sizeBytes,
    mimeType: row.mimeType,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The file name's base made safe for a URL: "Kocyk Łąka (1).JPG" → "kocyk-laka-1". */
export function safeBaseName(filename: string): string {
  const base = path.basename(filename).replace(/\.[^.]*$/, "");
  const safe = slugify(base)
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60)
    .replace(/-$/, "");
  return safe || "zdjecie";
}

/** The URLs of an image's files, from its main URL ("/media/x.webp" → x, x-large, x-medium, x-thumb). */
export function variantUrls(url: string): string[] {
  const base = url.replace(/\.webp$/, "");
  return VARIANTS.map((variant) => `${base}${variant.suffix}.webp`);
}

/** A storage failure while writing (disk full or read-only, bucket refusing…): answered 507, never half-written. */
class StorageError extends Error {}

export function createGalleryService(db: Db, config: Config, media: MediaStorage) {
  const maxMb = Math.round((config.media.maxUploadBytes / 1024 / 1024) * 10) / 10;
  const maxMegapixels = Math.round(config.media.maxInputPixels / 1_000_000);

  /** Stores each variant (each put whole or not at all); on any failure removes every one of them. */
  async function writeVariants(keyBase: string, variants: { suffix: string; data: Buffer }[]) {
    const keys = variants.map((variant) => `${keyBase}${variant.suffix}.webp`);
    try {
      for (const [index, variant] of variants.entries()) {
        await media.put(keys[index] as string, variant.data, "image/webp");
      }
    } catch (error) {
      await media.delete(keys).catch(() => undefined);
      throw new StorageError(error instanceof Error ? error.message : String(error));
    }
    return keys;
  }

  async function storeOne(actor: AuditActor, folder: string, file: UploadFile): Promise<UploadOutcome> {
    const name = path.basename(file.filename || "zdjecie").slice(0, 200);
    if (file.truncated || file.data.length > config.media.maxUploadBytes) {
      return { name, ok: false, code: "gallery/too-large", params: { max: maxMb } };
    }
    const processed = await processImage(file.data, { maxInputPixels: config.media.maxInputPixels });
    if (!processed.ok) {
      return processed.failure.reason === "too-many-pixels"
        ? { name, ok: false, code: "gallery/too-many-pixels", params: { max: maxMegapixels } }
        : { name, ok: false, code: "gallery/not-an-image" };
    }
    const base = `${safeBaseName(name)}-${randomBytes(4).toString("hex")}`;
    const keyBase = `gallery/${folder}/${base}`;
    if (!isMediaKey(`${keyBase}.webp`)) return { name, ok: false, code: "validation" };
    const written = await writeVariants(keyBase, processed.image.variants);
    const urlBase = mediaUrlOf(keyBase);
    const full = processed.image.variants[0];
    try {
      const stored = await auditedWrite(db, actor, "gallery.upload", async (tx) => {
        const [inserted] = await tx
          .insert(galleryImages)
          .values({
            folder,
            name,
            url: `${urlBase}.webp`,
            thumbUrl: `${urlBase}-thumb.webp`,
            width: processed.image.width,
            height: processed.image.height,
            sizeBytes: full?.data.length ?? null,
            mimeType: "image/webp",
          })
          .returning();
        if (!inserted) throw new Error("gallery insert returned nothing");
        const image = toImage(inserted);
        return {
          value: image,
          entityId: inserted.id,
          before: null,
          after: { ...image, sourceFormat: processed.image.format },
        };
      });
      if (stored.ok) return { name, ok: true, image: stored.value };
      await media.delete(written).catch(() => undefined);
      return { name, ok: false, code: stored.code };
    } catch (error) {
      await media.delete(written).catch(() => undefined);
      throw error;
    }
  }

  /** Where an image is used (any of its URLs): products, posts, pages, slides, categories, options. */
  async function usageOf(row: Row): Promise<ImageUsage[]> {
    const urls = [...new Set([...variantUrls(row.url), row.thumbUrl])];
    const mentions = (column: SQL | typeof products.description) =>
      or(...urls.map((url) => sql`strpos(${column}, ${url}) > 0`)) as SQL;
    const [productRows, blogRows, pageRows, slideRows, categoryRows, optionRows] = await Promise.all([
      db
        .selectDistinct({ id: products.id, title: products.title })
        .from(products)
        .leftJoin(productImages, eq(productImages.productId, products.id))
        .where(
          or(
            inArray(productImages.url, urls),
            inArray(productImages.thumbUrl, urls),
            mentions(products.description),
          ),
        ),
      db
        .select({ id: blogArticles.id, title: blogArticles.title })
        .from(blogArticles)
        .where(
          or(
            inArray(sql`${blogArticles.image}->>'url'`, urls),
            inArray(sql`${blogArticles.image}->>'thumb_url'`, urls),
            mentions(sql`${blogArticles.content}`),
          ),
        ),
      db
        .select({ id: pages.id, title: pages.title })
        .from(pages)
        .where(or(inArray(pages.image, urls), mentions(sql`${pages.content}`))),
      db
        .select({ id: headerSlides.id, title: headerSlides.title })
        .from(headerSlides)
        .where(inArray(headerSlides.imageUrl, urls)),
      db
        .select({ id: categories.id, title: categories.title })
        .from(categories)
        .where(inArray(categories.image, urls)),
      db
        .select({ id: fieldOptions.id, field: productFields.title, option: fieldOptions.title })
        .from(fieldOptions)
        .innerJoin(productFields, eq(productFields.id, fieldOptions.fieldId))
        .where(inArray(fieldOptions.image, urls)),
    ]);
    return [
      ...productRows.map((r) => ({ kind: "product" as const, ...r })),
      ...blogRows.map((r) => ({ kind: "blog" as const, ...r })),
      ...pageRows.map((r) => ({ kind: "page" as const, ...r })),
      ...slideRows.map((r) => ({ kind: "slide" as const, ...r })),
      ...categoryRows.map((r) => ({ kind: "category" as const, ...r })),
      ...optionRows.map((r) => ({
        kind: "fieldOption" as const,
        id: r.id,
        title: `${r.field}: ${r.option}`,
      })),
    ];
  }

  return {
    /** One page of images (newest first), of one folder or all, plus every folder. */
    async list(query: unknown): Promise<Result<GalleryListing>> {
      const parsed = parseForm(galleryListQuerySchema, query ?? {});
      if (!parsed.ok) return fail("validation", parsed.errors);
      const { folder, q } = parsed.data;
      const page = parsed.data.page ?? 1;
      const pageSize = parsed.data.pageSize ?? DEFAULT_PAGE_SIZE;
      const conditions: SQL[] = [];
      if (folder) conditions.push(eq(galleryImages.folder, folder));
      if (q) conditions.push(ilike(galleryImages.name, containsPattern(q)));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [total] = await db.select({ n: count() }).from(galleryImages).where(where);
      const rows = await db
        .select()
        .from(galleryImages)
        .where(where)
        .orderBy(desc(galleryImages.createdAt), desc(galleryImages.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const folderRows = await db.selectDistinct({ folder: galleryImages.folder }).from(galleryImages);
      return ok({
        images: rows.map(toImage),
        total: total?.n ?? 0,
        page,
        pageSize,
        folders: withAncestors(folderRows.map((r) => r.folder)),
      });
    },

    /**
     * Uploads files into a folder: one outcome per file (a refused file does not stop the others).
     * Fails as a whole when the folder is invalid, no file came, none was accepted (the first
     * refusal's code), or the disk refused a write (507; the outcomes so far in details).
     */
    async upload(
      actor: AuditActor,
      input: { folder: unknown; files: readonly UploadFile[] },
    ): Promise<Result<{ results: UploadOutcome[] }>> {
      const folder = parseForm(galleryFolderSchema, input.folder ?? "");
      if (!folder.ok)
        return fail("validation", { folder: folder.errors[""] ?? { key: "validation.invalid" } });
      if (input.files.length === 0) return fail("gallery/no-files");
      const results: UploadOutcome[] = [];
      for (const file of input.files) {
        try {
          results.push(await storeOne(actor, folder.data, file));
        } catch (error) {
          if (!(error instanceof StorageError)) throw error;
          return fail("gallery/storage-failed", undefined, { results });
        }
      }
      const refused = results.filter((result) => !result.ok);
      const first = refused[0];
      if (first && refused.length === results.length) {
        return fail(first.code, undefined, { results, ...(first.params ? { params: first.params } : {}) });
      }
      return ok({ results });
    },

    /** Deletes an image nothing uses: the row (audited), then its files. */
    async remove(actor: AuditActor, input: unknown): Promise<Result<{ removed: GalleryImage }>> {
      const parsed = parseForm(galleryDeleteSchema, input ?? {});
      if (!parsed.ok) return fail("validation", parsed.errors);
      const [row] = await db.select().from(galleryImages).where(eq(galleryImages.id, parsed.data.image));
      if (!row) return fail("not-found");
      const usedIn = await usageOf(row);
      if (usedIn.length > 0) return fail("gallery/in-use", undefined, { usedIn });
      const removed = await auditedWrite(db, actor, "gallery.delete", async (tx) => {
        const [gone] = await tx.delete(galleryImages).where(eq(galleryImages.id, row.id)).returning();
        if (!gone) return refuse(notFound());
        return deleted(gone.id, toImage(gone), gone);
      });
      if (!removed.ok) return removed;
      const gone = removed.value;
      const keys = [...new Set([...variantUrls(gone.url), gone.thumbUrl])]
        .map(mediaKeyOf)
        .filter((key): key is string => key !== null);
      // the row is gone; a file the storage keeps after a failure is only unused bytes
      await media.delete(keys).catch(() => undefined);
      return ok({ removed: toImage(gone) });
    },
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
