import { and, desc, eq, inArray, ne, notInArray, type SQL, sql } from "drizzle-orm";
import { totalQuantity } from "../../../domain/availability";
import { type EnglishOf, englishOf } from "../../../domain/english-texts";
import { effectivePriceRange, type PriceRange, variantKey } from "../../../domain/pricing";
import { slugify } from "../../../domain/slug";
import type { Id, ImageRef, Product, ProductBasic } from "../../../domain/types";
import type {
  ProductChoice,
  ProductChoiceQuery,
  ProductPayload,
  StaffProductFlag,
  StaffProductQuery,
} from "../../../domain/validation/catalog";
import type { FieldError } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import type { Db, Tx } from "../../db/client";
import { MAX_DB_ID } from "../../db/ids";
import { containsText } from "../../db/list-page";
import {
  categories,
  fieldOptions,
  productCategories,
  productFieldLinks,
  productFields,
  productImages,
  products,
  productVariants,
} from "../../db/schema";
import { fail, ok, type Result } from "../../lib/result";
import { sanitizeHtml } from "../../lib/sanitize-html";
import type { AuditActor } from "../audit/audit";
import { auditedWrite, deleted, notFound, refuse } from "../audit/audited-write";
import { liveProduct, lockedLive } from "../trash/live";
import type { CatalogService } from "./catalog.service";
import { identityAndSafetyColumns } from "./product-safety.columns";

// Products written by shop staff (issue 6, SPEC §7 POST/PUT/DELETE /shops/products): one
// transaction per write — the product row (slug from the title, the description sanitised), its
// images, categories, fields and variants — with every reference checked first (an unknown id is a
// field error and nothing is written) and an audit entry with the prices, stock and flags before
// and after. Price history is written by the database triggers (migration 0004) on every change of
// an effective price. Answers use the catalog's product DTO.

export const STAFF_PRODUCTS_PAGE_SIZE = 20;

/** A product as staff edit it: the catalog's product with its English texts (issue 30). */
export type ProductRecord = Product & EnglishOf<"product">;

export interface StaffProductRow {
  _id: Id;
  title: string;
  slug: string;
  image: ImageRef | null;
  priceGrosze: number;
  promotionalPriceGrosze: number | null;
  /** the effective price span: over the variants when there are any (domain/pricing.ts) */
  priceRange: PriceRange;
  totalQuantity: number;
  variantCount: number;
  isHidden: boolean;
  isNew: boolean;
  isSale: boolean;
  isPremium: boolean;
  isLayette: boolean;
  isSet: boolean;
  /** domain/gpsr.ts found nothing missing at the last save */
  safetyComplete: boolean;
  updatedAt: string;
}

export interface StaffProductPage {
  items: StaffProductRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** Visible products that lack product safety information (GPSR): the staff list's filter and the warnings' count. */
const lacksSafetyInfo = and(liveProduct, eq(products.isHidden, false), eq(products.safetyComplete, false));
export const skuTaken = () => fail("validation", { "identity.sku": { key: MSG.unique } });

/** Refuses a SKU another product has (the unique index catches a race: auditedWrite's onUnique). */
async function assertSkuFree(tx: Tx, sku: string | null, exceptId: Id | null): Promise<void> {
  if (sku === null) return;
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(exceptId === null ? eq(products.sku, sku) : and(eq(products.sku, sku), ne(products.id, exceptId)))
    .limit(1);
  if (taken) refuse(skuTaken());
}

export const FLAG_COLUMNS = {
  isHidden: products.isHidden,
  isNew: products.isNew,
  isSale: products.isSale,
  isPremium: products.isPremium,
  isLayette: products.isLayette,
  isSet: products.isSet,
} as const satisfies Record<StaffProductFlag, unknown>;

/** The staff list's filter as SQL (the list and its bulk edits, product-bulk.service.ts, select alike). */
export function staffProductWhere(query: Omit<StaffProductQuery, "strona">): SQL | undefined {
  // a trashed product is not listed (nor bulk-edited): it is in the trash (ADR 076)
  const conditions: SQL[] = [liveProduct];
  if (query.szukaj) {
    conditions.push(
      sql`(${containsText(products.title, query.szukaj)} or ${products.id}::text = ${query.szukaj})`,
    );
  }
  if (query.flaga) conditions.push(eq(FLAG_COLUMNS[query.flaga], true));
  if (query.gpsr === "brak" && lacksSafetyInfo) conditions.push(lacksSafetyInfo);
  if (query.angielski === "brak") {
    conditions.push(eq(products.isHidden, false), sql`btrim(${products.titleEn}) = ''`);
  }
  return and(...conditions);
}

const validIds = (ids: readonly number[]) => ids.filter((id) => Number.isSafeInteger(id) && id <= MAX_DB_ID);
const invalid: FieldError = { key: MSG.invalid };

/** What the audit log keeps of a product: prices, stock, flags, title and the variants' figures. */
async function snapshot(tx: Tx, id: Id) {
  const [row] = await tx.select().from(products).where(eq(products.id, id));
  if (!row) return null;
  const variants = await tx
    .select({
      _id: productVariants.id,
      variantKey: productVariants.variantKey,
      priceGrosze: productVariants.priceGrosze,
      promotionalPriceGrosze: productVariants.promotionalPriceGrosze,
      quantity: productVariants.quantity,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(productVariants.position, productVariants.id);
  return {
    title: row.title,
    titleEn: row.titleEn,
    priceGrosze: row.priceGrosze,
    promotionalPriceGrosze: row.promotionalPriceGrosze,
    quantity: row.quantity,
    vatRate: row.vatRate,
    processingTime: row.processingTime,
    parcelSize: row.parcelSize,
    isHidden: row.isHidden,
    isNew: row.isNew,
    isSale: row.isSale,
    isPremium: row.isPremium,
    isLayette: row.isLayette,
    isSet: row.isSet,
    sku: row.sku,
    gtin: row.gtin,
    safetyComplete: row.safetyComplete,
    variants,
  };
}

/** Field errors for ids that do not exist (categories, fields, options, slides, variants). */
async function referenceErrors(
  tx: Tx,
  payload: ProductPayload,
  productId: Id | null,
): Promise<Record<string, FieldError>> {
  const errors: Record<string, FieldError> = {};
  const categoryIds = validIds(payload.categories);
  const fieldIds = validIds(payload.fields);
  const slideIds = validIds(payload.slides);
  const optionIds = validIds(payload.variants.flatMap((variant) => Object.values(variant.fields)));
  // one after another: a transaction is one connection (pg refuses concurrent queries on it)
  const categoryRows = categoryIds.length
    ? await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, categoryIds))
    : [];
  const fieldRows = fieldIds.length
    ? await tx
        .select({ id: productFields.id, changePrice: productFields.changePrice })
        .from(productFields)
        .where(inArray(productFields.id, fieldIds))
    : [];
  const optionRows = optionIds.length
    ? await tx
        .select({ id: fieldOptions.id, fieldId: fieldOptions.fieldId })
        .from(fieldOptions)
        .where(inArray(fieldOptions.id, optionIds))
    : [];
  const slideRows = slideIds.length
    ? await tx.select({ id: products.id }).from(products).where(inArray(products.id, slideIds))
    : [];
  const variantRows =
    productId === null
      ? []
      : await tx
          .select({ id: productVariants.id })
          .from(productVariants)
          .where(eq(productVariants.productId, productId));
  const has = (rows: { id: number }[], ids: readonly number[]) => {
    const found = new Set(rows.map((row) => row.id));
    return ids.every((id) => found.has(id));
  };
  if (!has(categoryRows, payload.categories)) errors.categories = invalid;
  if (!has(fieldRows, payload.fields)) errors.fields = invalid;
  if (!has(slideRows, payload.slides)) errors.slides = invalid;

  const priceFieldIds = fieldRows.filter((field) => field.changePrice).map((field) => String(field.id));
  const optionField = new Map(optionRows.map((option) => [option.id, String(option.fieldId)]));
  const ownVariants = new Set(variantRows.map((row) => row.id));
  payload.variants.forEach((variant, index) => {
    const keys = Object.keys(variant.fields).sort();
    const sameFields =
      keys.length === priceFieldIds.length && [...priceFieldIds].sort().every((key, i) => key === keys[i]);
    const optionsBelong = Object.entries(variant.fields).every(
      ([fieldId, optionId]) => optionField.get(optionId) === fieldId,
    );
    if (!sameFields || !optionsBelong) errors[`variants.${index}.fields`] = invalid;
    if (productId !== null && variant._id !== undefined && !ownVariants.has(variant._id)) {
      errors[`variants.${index}._id`] = invalid;
    }
  });
  return errors;
}

function productValues(payload: ProductPayload) {
  return {
    title: payload.title,
    slug: slugify(payload.title) || "produkt",
    description: sanitizeHtml(payload.description),
    // the English slug follows the English title as the slug the title; blank without one (issue 30)
    titleEn: payload.titleEn,
    slugEn: payload.titleEn === "" ? "" : slugify(payload.titleEn) || "product",
    descriptionEn: sanitizeHtml(payload.descriptionEn),
    tags: payload.tags,
    quantity: payload.quantity,
    priceGrosze: payload.priceGrosze,
    promotionalPriceGrosze: payload.promotionalPriceGrosze,
    vatRate: payload.vatRate,
    isHidden: payload.isHidden,
    isNew: payload.isNew,
    isSale: payload.isSale,
    isPremium: payload.isPremium,
    isLayette: payload.isLayette,
    isSet: payload.isSet,
    hasSlides: payload.hasSlides,
    slideIds: payload.slides,
    slidesTitle: payload.slidesTitle,
    slidesDescription: payload.slidesDescription,
    processingTime: payload.processingTime,
    parcelSize: payload.parcelSize,
    ...identityAndSafetyColumns(payload.identity, payload.safety),
  };
}

/** Images, categories and field links: replaced by the payload's lists (positions = their order). */
async function writeRelations(tx: Tx, productId: Id, payload: ProductPayload): Promise<void> {
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  await tx.delete(productFieldLinks).where(eq(productFieldLinks.productId, productId));
  if (payload.images.length > 0) {
    await tx.insert(productImages).values(
      payload.images.map((image, position) => ({
        productId,
        url: image.url,
        thumbUrl: image.thumb_url,
        name: image.name,
        isNew: image.isNew,
        position,
      })),
    );
  }
  if (payload.categories.length > 0) {
    await tx
      .insert(productCategories)
      .values(payload.categories.map((categoryId, position) => ({ productId, categoryId, position })));
  }
  if (payload.fields.length > 0) {
    await tx
      .insert(productFieldLinks)
      .values(payload.fields.map((fieldId, position) => ({ productId, fieldId, position })));
  }
}

/** Variants: kept ones updated (by _id), missing ones deleted, new ones inserted. */
async function writeVariants(tx: Tx, productId: Id, payload: ProductPayload, isNew: boolean): Promise<void> {
  const kept = isNew
    ? []
    : payload.variants.flatMap((variant) => (variant._id === undefined ? [] : [variant._id]));
  await tx
    .delete(productVariants)
    .where(
      and(
        eq(productVariants.productId, productId),
        kept.length > 0 ? notInArray(productVariants.id, kept) : undefined,
      ),
    );
  // kept rows may swap their options: free their keys first (the price trigger does not fire)
  if (kept.length > 0) {
    await tx
      .update(productVariants)
      .set({ variantKey: sql`'~' || ${productVariants.id}` })
      .where(eq(productVariants.productId, productId));
  }
  for (const [position, variant] of payload.variants.entries()) {
    const values = {
      fields: Object.fromEntries(Object.entries(variant.fields).map(([field, option]) => [field, option])),
      variantKey: variantKey(variant.fields),
      priceGrosze: variant.priceGrosze,
      promotionalPriceGrosze: variant.promotionalPriceGrosze,
      quantity: variant.quantity,
      position,
    };
    if (!isNew && variant._id !== undefined) {
      await tx
        .update(productVariants)
        .set(values)
        .where(and(eq(productVariants.id, variant._id), eq(productVariants.productId, productId)));
    } else {
      await tx.insert(productVariants).values({ productId, ...values });
    }
  }
}

/**
 * The product form's write inside a caller's transaction (the form's create and update, the
 * import): references and the SKU checked (refused as field errors), the row, its relations and
 * variants written; the audit snapshots before and after. `id` null creates; an update's row must
 * be locked by the caller.
 */
export async function writeProduct(
  tx: Tx,
  id: Id | null,
  payload: ProductPayload,
): Promise<{
  id: Id;
  before: Awaited<ReturnType<typeof snapshot>>;
  after: Awaited<ReturnType<typeof snapshot>>;
}> {
  const errors = await referenceErrors(tx, payload, id);
  if (Object.keys(errors).length > 0) refuse(fail("validation", errors));
  await assertSkuFree(tx, payload.identity.sku, id);
  if (id === null) {
    const [row] = await tx.insert(products).values(productValues(payload)).returning({ id: products.id });
    if (!row) throw new Error("product not inserted");
    await writeRelations(tx, row.id, payload);
    await writeVariants(tx, row.id, payload, true);
    return { id: row.id, before: null, after: await snapshot(tx, row.id) };
  }
  const before = await snapshot(tx, id);
  await tx
    .update(products)
    .set({ ...productValues(payload), updatedAt: new Date() })
    .where(eq(products.id, id));
  await writeRelations(tx, id, payload);
  await writeVariants(tx, id, payload, false);
  return { id, before, after: await snapshot(tx, id) };
}

export function createProductAdminService(db: Db, deps: { catalog: CatalogService }) {
  const { catalog } = deps;

  /** The product (hidden too) with its English texts, or null. */
  async function record(id: Id): Promise<ProductRecord | null> {
    const product = await catalog.getProduct(id, { includeHidden: true });
    if (!product) return null;
    const [row] = await db
      .select({ titleEn: products.titleEn, slugEn: products.slugEn, descriptionEn: products.descriptionEn })
      .from(products)
      .where(eq(products.id, id));
    return { ...product, ...englishOf("product", row ?? {}) };
  }

  async function fresh(id: Id): Promise<Result<ProductRecord>> {
    const product = await record(id);
    return product ? ok(product) : fail("not-found");
  }

  return {
    /** The staff list: hidden products too, searched by title, one flag, newest first. */
    async listStaff(query: StaffProductQuery): Promise<StaffProductPage> {
      const pageSize = STAFF_PRODUCTS_PAGE_SIZE;
      const where = staffProductWhere(query);
      const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(products).where(where);
      const total = counted?.total ?? 0;
      const page = Math.min(query.strona, Math.max(1, Math.ceil(total / pageSize)));
      const rows = await db
        .select()
        .from(products)
        .where(where)
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const ids = rows.map((row) => row.id);
      if (ids.length === 0) return { items: [], total, page, pageSize };
      const [images, variants] = await Promise.all([
        db
          .selectDistinctOn([productImages.productId])
          .from(productImages)
          .where(inArray(productImages.productId, ids))
          .orderBy(productImages.productId, productImages.position, productImages.id),
        db
          .select({
            productId: productVariants.productId,
            quantity: productVariants.quantity,
            priceGrosze: productVariants.priceGrosze,
            promotionalPriceGrosze: productVariants.promotionalPriceGrosze,
          })
          .from(productVariants)
          .where(inArray(productVariants.productId, ids)),
      ]);
      const imageOf = new Map(images.map((image) => [image.productId, image]));
      return {
        items: rows.map((row) => {
          const own = variants.filter((variant) => variant.productId === row.id);
          const image = imageOf.get(row.id);
          return {
            _id: row.id,
            title: row.title,
            slug: row.slug,
            image: image
              ? { url: image.url, thumb_url: image.thumbUrl, name: image.name, isNew: image.isNew }
              : null,
            priceGrosze: row.priceGrosze,
            promotionalPriceGrosze: row.promotionalPriceGrosze,
            priceRange: effectivePriceRange({ ...row, variants: own }),
            totalQuantity: totalQuantity({ quantity: row.quantity, variants: own }),
            variantCount: own.length,
            isHidden: row.isHidden,
            isNew: row.isNew,
            isSale: row.isSale,
            isPremium: row.isPremium,
            isLayette: row.isLayette,
            isSet: row.isSet,
            safetyComplete: row.safetyComplete,
            updatedAt: row.updatedAt.toISOString(),
          };
        }),
        total,
        page,
        pageSize,
      };
    },

    /** How many visible products lack product safety information (the dashboard's and the list's warning). */
    async countLackingSafetyInfo(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(lacksSafetyInfo);
      return row?.n ?? 0;
    },

    /** One product for the edit form and "dodaj podobny" (hidden ones too), with its English texts. */
    getForEdit(id: Id): Promise<ProductRecord | null> {
      return record(id);
    },

    /**
     * The related-products picker's search: live products (hidden too) whose title or SKU contains
     * the text (accents ignored) or whose id it is, newest first, at most `limit`.
     */
    async searchForChoice(query: ProductChoiceQuery): Promise<ProductChoice[]> {
      const text = query.szukaj;
      const where = text
        ? and(
            liveProduct,
            sql`(${containsText(products.title, text)} or ${containsText(sql`coalesce(${products.sku}, '')`, text)} or ${products.id}::text = ${text})`,
          )
        : liveProduct;
      return db
        .select({ _id: products.id, title: products.title, sku: products.sku, isHidden: products.isHidden })
        .from(products)
        .where(where)
        .orderBy(desc(products.updatedAt), desc(products.id))
        .limit(query.limit);
    },

    /** Every product (hidden too) for the related-products choice. */
    listForChoice(): Promise<ProductBasic[]> {
      return catalog.listProductsBasic({ includeHidden: true });
    },

    async create(actor: AuditActor, payload: ProductPayload): Promise<Result<ProductRecord>> {
      const written = await auditedWrite(
        db,
        actor,
        "product.create",
        async (tx) => {
          const written = await writeProduct(tx, null, payload);
          return { value: written.id, entityId: written.id, before: null, after: written.after };
        },
        skuTaken,
      );
      return written.ok ? fresh(written.value) : written;
    },

    async update(actor: AuditActor, id: Id, payload: ProductPayload): Promise<Result<ProductRecord>> {
      if (!Number.isSafeInteger(id) || id > MAX_DB_ID) return fail("not-found");
      const written = await auditedWrite(
        db,
        actor,
        "product.update",
        async (tx) => {
          const [locked] = await tx
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.id, id), liveProduct))
            .for("update");
          if (!locked) refuse(notFound());
          const written = await writeProduct(tx, id, payload);
          return { value: id, entityId: id, before: written.before, after: written.after };
        },
        skuTaken,
      );
      return written.ok ? fresh(written.value) : written;
    },

    /**
     * Moves a product to the trash (ADR 076): gone from the shop and from carts at once, restorable
     * for 30 days, then deleted for good (order lines keep their snapshot: order_items.product_id
     * becomes null then).
     */
    async remove(actor: AuditActor, id: Id): Promise<Result<{ _id: Id }>> {
      if (!Number.isSafeInteger(id) || id > MAX_DB_ID) return fail("not-found");
      return auditedWrite(db, actor, "product.delete", async (tx) => {
        await lockedLive(tx, products, id);
        const before = (await snapshot(tx, id)) ?? refuse(notFound());
        await tx.update(products).set({ deletedAt: new Date() }).where(eq(products.id, id));
        return deleted(id, before, { _id: id });
      });
    },
  };
}

export type ProductAdminService = ReturnType<typeof createProductAdminService>;
