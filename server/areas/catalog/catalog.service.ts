import { and, asc, desc, eq, exists, inArray, notExists, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { LOWEST_PRICE_WINDOW_DAYS } from "../../../domain/constants";
import { searchTerms } from "../../../domain/search";
import type { Category, Id, Product, ProductBasic, ProductField } from "../../../domain/types";
import {
  PRODUCT_PAGE_SIZE,
  type ProductListPage,
  type ProductQuery,
} from "../../../domain/validation/product-query";
import type { Db } from "../../db/client";
import {
  categories,
  fieldOptions,
  priceHistory,
  productCategories,
  productFieldLinks,
  productFields,
  productImages,
  products,
  productVariants,
} from "../../db/schema";
import {
  buildCategoryTree,
  type FieldOptionRow,
  flattenCategoryTree,
  type HistoryFigures,
  type ImageRow,
  type ProductRelations,
  type ProductRow,
  toProduct,
  toProductBasic,
  toProductField,
  type VariantRow,
} from "./catalog.mapper";
import { productListOrder, productListWhere } from "./catalog.search";

export type ProductFlag = "isPremium" | "isSale" | "isNew" | "isLayette" | "isSet";

export interface LatestProductsOptions {
  flag?: ProductFlag;
  /** in stock = total quantity above 0 (variant quantities when the product has variants) */
  inStockOnly?: boolean;
  limit: number;
}

export interface CatalogServiceOptions {
  /** the clock of the 30-day lowest-price window (tests pin it) */
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** ids are PostgreSQL `integer`: anything outside cannot exist (and must not reach the query) */
const MAX_ID = 2_147_483_647;
const MAX_LATEST_LIMIT = 1_000;

const FLAG_COLUMNS = {
  isPremium: products.isPremium,
  isSale: products.isSale,
  isNew: products.isNew,
  isLayette: products.isLayette,
  isSet: products.isSet,
} as const satisfies Record<ProductFlag, AnyPgColumn>;

/**
 * Which products the related tables are read for: a list of ids (a page or one product), or
 * every product matching a condition (whole-catalog lists: a subquery, so the statement does not
 * grow with the catalog and stays one query per table).
 */
type ProductScope = { ids: readonly Id[] } | { where: SQL | undefined };

const visibleOnly = (includeHidden: boolean | undefined): SQL | undefined =>
  includeHidden ? undefined : eq(products.isHidden, false);

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function createCatalogService(db: Db, options: CatalogServiceOptions = {}) {
  const now = options.now ?? (() => new Date());

  /** The condition "column is one of the scope's products"; undefined = no restriction. */
  function inScope(column: AnyPgColumn, scope: ProductScope): SQL | undefined {
    if ("ids" in scope) return inArray(column, [...scope.ids]);
    if (!scope.where) return undefined;
    return inArray(column, db.select({ id: products.id }).from(products).where(scope.where));
  }

  /** One query per related table, whatever the number of products. */
  async function loadRelations(
    scope: ProductScope,
    what: { images: "all" | "first"; fields: boolean },
  ): Promise<(productId: Id) => ProductRelations> {
    const since = new Date(now().getTime() - LOWEST_PRICE_WINDOW_DAYS * DAY_MS);
    const imageColumns = {
      productId: productImages.productId,
      url: productImages.url,
      thumbUrl: productImages.thumbUrl,
      name: productImages.name,
      isNew: productImages.isNew,
    };
    const imageOrder = [productImages.productId, productImages.position, productImages.id] as const;
    const [imageRows, categoryRows, fieldRows, variantRows, historyRows] = await Promise.all([
      what.images === "first"
        ? db
            .selectDistinctOn([productImages.productId], imageColumns)
            .from(productImages)
            .where(inScope(productImages.productId, scope))
            .orderBy(...imageOrder)
        : db
            .select(imageColumns)
            .from(productImages)
            .where(inScope(productImages.productId, scope))
            .orderBy(...imageOrder),
      db
        .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
        .from(productCategories)
        .where(inScope(productCategories.productId, scope))
        .orderBy(productCategories.productId, productCategories.position, productCategories.categoryId),
      what.fields
        ? db
            .select({ productId: productFieldLinks.productId, fieldId: productFieldLinks.fieldId })
            .from(productFieldLinks)
            .where(inScope(productFieldLinks.productId, scope))
            .orderBy(productFieldLinks.productId, productFieldLinks.position, productFieldLinks.fieldId)
        : Promise.resolve([]),
      db
        .select({
          id: productVariants.id,
          productId: productVariants.productId,
          fields: productVariants.fields,
          variantKey: productVariants.variantKey,
          priceGrosze: productVariants.priceGrosze,
          promotionalPriceGrosze: productVariants.promotionalPriceGrosze,
          quantity: productVariants.quantity,
        })
        .from(productVariants)
        .where(inScope(productVariants.productId, scope))
        .orderBy(productVariants.productId, productVariants.position, productVariants.id),
      priceHistoryFigures(since, scope),
    ]);

    const images = new Map<Id, ImageRow[]>();
    for (const row of imageRows) pushTo(images, row.productId, row);
    const categoryIds = new Map<Id, Id[]>();
    for (const row of categoryRows) pushTo(categoryIds, row.productId, row.categoryId);
    const fieldIds = new Map<Id, Id[]>();
    for (const row of fieldRows) pushTo(fieldIds, row.productId, row.fieldId);
    const variants = new Map<Id, VariantRow[]>();
    for (const row of variantRows) pushTo(variants, row.productId, row);
    const productHistory = new Map<Id, HistoryFigures>();
    const variantHistory = new Map<Id, HistoryFigures>();
    for (const row of historyRows) {
      if (row.variantId === null) productHistory.set(row.productId, row.figures);
      else variantHistory.set(row.variantId, row.figures);
    }
    return (productId) => ({
      images: images.get(productId) ?? [],
      categoryIds: categoryIds.get(productId) ?? [],
      fieldIds: fieldIds.get(productId) ?? [],
      variants: variants.get(productId) ?? [],
      history: productHistory.get(productId),
      variantHistory,
    });
  }

  /**
   * Price-history figures per product and variant, in one statement (window functions, so the
   * work grows linearly with the history):
   * - `last30_min`: the lowest price in effect at any time since `since` (rows recorded since
   *   then, plus the row that was in effect when the window opened);
   * - `before_current_min`: the lowest price in effect in the 30 days before the current price
   *   started (the Omnibus reference for a reduction); null when nothing was recorded then.
   * Repeated rows with the same price are not changes.
   */
  async function priceHistoryFigures(since: Date, scope: ProductScope) {
    const inScopeSql = inScope(priceHistory.productId, scope) ?? sql`true`;
    const days = LOWEST_PRICE_WINDOW_DAYS;
    const result = await db.execute<{
      product_id: number;
      variant_id: number | null;
      last30_min: number | string | null;
      before_current_min: number | string | null;
    }>(sql`
      with scoped as (
        select product_id, variant_id, price_grosze, recorded_at,
          lead(recorded_at) over w as next_at,
          lag(price_grosze) over w as previous_price
        from price_history
        where ${inScopeSql}
        window w as (partition by product_id, variant_id order by recorded_at, id)
      ),
      changes as (
        select product_id, variant_id, price_grosze,
          lead(recorded_at) over c as next_change_at,
          max(recorded_at) over (partition by product_id, variant_id) as started_at
        from scoped
        where previous_price is distinct from price_grosze
        window c as (partition by product_id, variant_id order by recorded_at)
      )
      select product_id, variant_id,
        min(price_grosze) filter (where kind = 'last30') as last30_min,
        min(price_grosze) filter (where kind = 'before') as before_current_min
      from (
        select product_id, variant_id, price_grosze, 'last30' as kind
        from scoped
        where next_at is null or next_at > ${since.toISOString()}::timestamptz
        union all
        select product_id, variant_id, price_grosze, 'before' as kind
        from changes
        where next_change_at is not null and next_change_at > started_at - (${days}::int * interval '1 day')
      ) figures
      group by product_id, variant_id
    `);
    const toNumber = (value: number | string | null) => (value === null ? null : Number(value));
    return result.rows.map((row) => ({
      productId: Number(row.product_id),
      variantId: row.variant_id === null ? null : Number(row.variant_id),
      figures: {
        last30MinGrosze: toNumber(row.last30_min),
        beforeCurrentMinGrosze: toNumber(row.before_current_min),
      },
    }));
  }

  async function categoryTree(): Promise<Category[]> {
    const rows = await db
      .select({
        id: categories.id,
        title: categories.title,
        parentId: categories.parentId,
        order: categories.order,
        image: categories.image,
      })
      .from(categories);
    return buildCategoryTree(rows);
  }

  async function productsWith<T>(
    rows: ProductRow[],
    scope: ProductScope,
    what: { images: "all" | "first"; fields: boolean },
    shape: (row: ProductRow, relations: ProductRelations) => T,
  ): Promise<T[]> {
    if (rows.length === 0) return [];
    const relationsOf = await loadRelations(scope, what);
    return rows.map((row) => shape(row, relationsOf(row.id)));
  }

  return {
    /** The categories below 'root', nested, siblings by order then id. */
    getCategoryTree: categoryTree,

    /** Every category except root, flat (depth first), each with path, idsPath and subcategories. */
    async listCategories(): Promise<Category[]> {
      return flattenCategoryTree(await categoryTree());
    },

    /** Product fields with their options by position. */
    async listFields(): Promise<ProductField[]> {
      const [fieldRows, optionRows] = await Promise.all([
        db.select().from(productFields).orderBy(asc(productFields.id)),
        db.select().from(fieldOptions).orderBy(fieldOptions.fieldId, fieldOptions.position, fieldOptions.id),
      ]);
      const options = new Map<Id, FieldOptionRow[]>();
      for (const option of optionRows) pushTo(options, option.fieldId, option);
      return fieldRows.map((field) => toProductField(field, options.get(field.id) ?? []));
    },

    /** Full product DTOs (by id), visible ones unless includeHidden. */
    async listProducts(opts: { includeHidden?: boolean } = {}): Promise<Product[]> {
      const where = visibleOnly(opts.includeHidden);
      const rows = await db.select().from(products).where(where).orderBy(asc(products.id));
      return productsWith(rows, { where }, { images: "all", fields: true }, toProduct);
    },

    /** Light product entries (first image, flags, categories, thumbnail), by id. */
    async listProductsBasic(opts: { includeHidden?: boolean } = {}): Promise<ProductBasic[]> {
      const where = visibleOnly(opts.includeHidden);
      const rows = await db.select().from(products).where(where).orderBy(asc(products.id));
      return productsWith(rows, { where }, { images: "first", fields: false }, toProductBasic);
    },

    /** Visible products, newest first, optionally with a flag and/or in stock; filtered and limited in SQL. */
    async latestProducts(opts: LatestProductsOptions): Promise<ProductBasic[]> {
      const limit = Math.min(
        Math.max(0, Math.floor(Number.isFinite(opts.limit) ? opts.limit : 0)),
        MAX_LATEST_LIMIT,
      );
      if (limit === 0) return [];
      const variantsOfProduct = (extra?: SQL) =>
        db
          .select({ one: sql`1` })
          .from(productVariants)
          .where(and(eq(productVariants.productId, products.id), extra));
      // Total quantity > 0: a variant in stock, or no variants and the product itself in stock.
      const inStock = or(
        exists(variantsOfProduct(sql`${productVariants.quantity} > 0`)),
        and(sql`${products.quantity} > 0`, notExists(variantsOfProduct())),
      );
      const rows = await db
        .select()
        .from(products)
        .where(
          and(
            eq(products.isHidden, false),
            opts.flag ? eq(FLAG_COLUMNS[opts.flag], true) : undefined,
            opts.inStockOnly ? inStock : undefined,
          ),
        )
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(limit);
      return productsWith(
        rows,
        { ids: rows.map((row) => row.id) },
        { images: "first", fields: false },
        toProductBasic,
      );
    },

    /**
     * One page of the product list (/produkty, GET /api/shops/products?…): visible products
     * filtered, searched and ordered in SQL (catalog.search.ts). A count, the page's rows, then
     * the page's relations only: a fixed number of queries whatever the catalog's size. A page
     * beyond the last one shows the last one.
     */
    async searchProducts(query: ProductQuery): Promise<ProductListPage> {
      const pageSize = PRODUCT_PAGE_SIZE;
      const terms = query.szukaj === "" ? [] : searchTerms(query.szukaj);
      const where = productListWhere(query, terms);
      const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(products).where(where);
      const total = counted?.total ?? 0;
      const page = Math.min(Math.max(1, query.strona), Math.max(1, Math.ceil(total / pageSize)));
      if (total === 0) return { items: [], total, page, pageSize };
      const rows = await db
        .select()
        .from(products)
        .where(where)
        .orderBy(...productListOrder(query, terms))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const items = await productsWith(
        rows,
        { ids: rows.map((row) => row.id) },
        { images: "first", fields: false },
        toProductBasic,
      );
      return { items, total, page, pageSize };
    },

    /** One product; null when missing, or hidden unless includeHidden. */
    async getProduct(id: Id, opts: { includeHidden?: boolean } = {}): Promise<Product | null> {
      if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) return null;
      const rows = await db
        .select()
        .from(products)
        .where(and(eq(products.id, id), visibleOnly(opts.includeHidden)));
      const [product] = await productsWith(rows, { ids: [id] }, { images: "all", fields: true }, toProduct);
      return product ?? null;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
