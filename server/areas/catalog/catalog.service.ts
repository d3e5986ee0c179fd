import { and, asc, desc, eq, exists, gte, inArray, lt, min, notExists, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { unionAll } from "drizzle-orm/pg-core";
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
      lowestPricesSince(since, scope),
    ]);

    const images = new Map<Id, ImageRow[]>();
    for (const row of imageRows) pushTo(images, row.productId, row);
    const categoryIds = new Map<Id, Id[]>();
    for (const row of categoryRows) pushTo(categoryIds, row.productId, row.categoryId);
    const fieldIds = new Map<Id, Id[]>();
    for (const row of fieldRows) pushTo(fieldIds, row.productId, row.fieldId);
    const variants = new Map<Id, VariantRow[]>();
    for (const row of variantRows) pushTo(variants, row.productId, row);
    const productMin = new Map<Id, number>();
    const variantMin = new Map<Id, number>();
    for (const row of historyRows) {
      if (row.minPriceGrosze === null) continue;
      if (row.variantId === null) productMin.set(row.productId, row.minPriceGrosze);
      else variantMin.set(row.variantId, row.minPriceGrosze);
    }
    return (productId) => ({
      images: images.get(productId) ?? [],
      categoryIds: categoryIds.get(productId) ?? [],
      fieldIds: fieldIds.get(productId) ?? [],
      variants: variants.get(productId) ?? [],
      historyMinGrosze: productMin.get(productId),
      variantHistoryMinGrosze: variantMin,
    });
  }

  /**
   * The lowest price per product and variant over the window: every price recorded since its
   * start, plus the price that was in effect when it started (the last one recorded before it) —
   * a price set 40 days ago and unchanged since is still a price of the last 30 days.
   */
  function lowestPricesSince(since: Date, scope: ProductScope) {
    const columns = {
      productId: priceHistory.productId,
      variantId: priceHistory.variantId,
      priceGrosze: priceHistory.priceGrosze,
    };
    const inWindow = db
      .select(columns)
      .from(priceHistory)
      .where(and(gte(priceHistory.recordedAt, since), inScope(priceHistory.productId, scope)));
    const atWindowStart = db
      .selectDistinctOn([priceHistory.productId, priceHistory.variantId], columns)
      .from(priceHistory)
      .where(and(lt(priceHistory.recordedAt, since), inScope(priceHistory.productId, scope)))
      .orderBy(priceHistory.productId, priceHistory.variantId, desc(priceHistory.recordedAt));
    const prices = unionAll(inWindow, atWindowStart).as("prices");
    return db
      .select({
        productId: prices.productId,
        variantId: prices.variantId,
        minPriceGrosze: min(prices.priceGrosze),
      })
      .from(prices)
      .groupBy(prices.productId, prices.variantId);
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
