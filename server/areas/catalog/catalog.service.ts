import {
  and,
  asc,
  eq,
  exists,
  gt,
  inArray,
  notExists,
  or,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { LOWEST_PRICE_WINDOW_DAYS } from "../../../domain/constants";
import type { Lang } from "../../../domain/i18n/translate";
import { searchTerms } from "../../../domain/search";
import type { Category, Id, Product, ProductBasic, ProductField } from "../../../domain/types";
import {
  PRODUCT_PAGE_SIZE,
  type ProductListPage,
  type ProductQuery,
} from "../../../domain/validation/product-query";
import type { Db } from "../../db/client";
import { isDbId } from "../../db/ids";
import { jsonRow, rowFromJson } from "../../db/json-rows";
import { containsText, type ListPage, type ListQuery, readListPage } from "../../db/list-page";
import {
  categories,
  fieldOptions,
  productFields,
  productImages,
  products,
  productVariants,
} from "../../db/schema";
import type { ChangeFeed } from "../../lib/change-feed";
import { changeMemo } from "../../lib/change-memo";
import { noteChosenByStock, noteShownProduct } from "../../lib/shown-products";
import { liveProduct } from "../trash/live";
import {
  buildCategoryTree,
  flattenCategoryTree,
  type HistoryFigures,
  inLanguage,
  type ProductRelations,
  type ProductRow,
  toProduct,
  toProductBasic,
  toProductField,
} from "./catalog.mapper";
import { productListOrder, productListWhere } from "./catalog.search";
import { preparedRead } from "./prepared-read";

// Every product read is ONE statement: each product comes as one JSON object holding its row and
// its relations (images, categories, field links, variants, price-history figures) as correlated
// subqueries (server/db/json-rows.ts). On PGlite every statement costs 1-3 ms of CPU whatever its
// size, so statements per request are what the catalog costs (issue 8's query budget,
// server/perf/query-budget.test.ts).

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
  /** the database's change signals: the fields and categories the product page needs are kept in process until they change */
  changes?: ChangeFeed;
}

/** the tables of the product page's shared part (every field with its options, every category) */
const PAGE_CATALOG_TABLES = ["product_fields", "field_options", "categories"];

/** What every product page needs besides its product: read once, kept until a field or category changes. */
interface PageCatalog {
  fields: ProductField[];
  categories: Category[];
}

/** The product screen's data, read in one statement. */
export interface ProductPage {
  /** the product, its texts and slug in the page's language */
  product: Product;
  /** its address's slug in each language (the English one is the Polish one when blank): hreflang */
  slugs: Record<Lang, string>;
  /** the visible products among the product's slides (when it has slides), in no particular order */
  related: ProductBasic[];
  /** every product field with its options (the product's own are picked by the page) */
  fields: ProductField[];
  /** every category, flat (depth first), for the breadcrumb trail */
  categories: Category[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_LATEST_LIMIT = 1_000;

const FLAG_COLUMNS = {
  isPremium: products.isPremium,
  isSale: products.isSale,
  isNew: products.isNew,
  isLayette: products.isLayette,
  isSet: products.isSet,
} as const satisfies Record<ProductFlag, AnyPgColumn>;

/** What a product read carries: every image or the first one; the field links or not. */
interface ProductShape {
  images: "all" | "first";
  fields: boolean;
}
const FULL: ProductShape = { images: "all", fields: true };
const BASIC: ProductShape = { images: "first", fields: false };

/** The start of the lowest-price window: a time, or a prepared statement's placeholder for it (an ISO string). */
type Since = Date | Placeholder;

/** One product as the JSON of productJson(). */
type ProductJson = Record<string, unknown> & {
  images: Record<string, unknown>[];
  categoryIds: Id[];
  fieldIds: Id[];
  variants: Record<string, unknown>[];
  history: { variantId: Id | null; last30MinGrosze: number | null; beforeCurrentMinGrosze: number | null }[];
};

type FieldJson = Record<string, unknown> & { options: Record<string, unknown>[] };

/** Live products (never a trashed one), and only visible ones unless includeHidden. */
const visibleOnly = (includeHidden: boolean | undefined): SQL | undefined =>
  includeHidden ? liveProduct : and(liveProduct, eq(products.isHidden, false));

/**
 * Price-history figures of the product `ref` per variant (null: the product's own price), as a
 * JSON array. Window functions, so the work grows linearly with the history:
 * - `last30MinGrosze`: the lowest price in effect at any time since `since` (rows recorded since
 *   then, plus the row that was in effect when the window opened);
 * - `beforeCurrentMinGrosze`: the lowest price in effect in the 30 days before the current price
 *   started (the Omnibus reference for a reduction); null when nothing was recorded then.
 * Repeated rows with the same price are not changes.
 */
function historyJson(ref: SQL, since: Since): SQL {
  return sql`coalesce((
    select json_agg(json_build_object('variantId', f.variant_id, 'last30MinGrosze', f.last30_min,
      'beforeCurrentMinGrosze', f.before_current_min))
    from (
      select variant_id,
        min(price_grosze) filter (where next_at is null or next_at > ${since instanceof Date ? since.toISOString() : since}::timestamptz) as last30_min,
        min(price_grosze) filter (where is_change and next_change_at is not null
          and next_change_at > started_at - (${LOWEST_PRICE_WINDOW_DAYS}::int * interval '1 day')) as before_current_min
      from (
        select variant_id, price_grosze, next_at, is_change,
          lead(recorded_at) over (partition by variant_id, is_change order by recorded_at) as next_change_at,
          max(recorded_at) over (partition by variant_id, is_change) as started_at
        from (
          select variant_id, price_grosze, recorded_at,
            lead(recorded_at) over w as next_at,
            lag(price_grosze) over w is distinct from price_grosze as is_change
          from price_history h
          where h.product_id = ${ref}.id
          window w as (partition by variant_id order by recorded_at, id)
        ) scoped
      ) marked
      group by variant_id
    ) f), '[]'::json)`;
}

/** One product (the row read through `ref`) with its relations, as a JSON object. */
function productJson(ref: SQL, shape: ProductShape, since: Since): SQL {
  const images =
    shape.images === "all"
      ? sql`coalesce((select json_agg(${jsonRow(productImages, sql`i`)} order by i.position, i.id)
          from product_images i where i.product_id = ${ref}.id), '[]'::json)`
      : sql`coalesce((select json_build_array(${jsonRow(productImages, sql`i`)})
          from product_images i where i.product_id = ${ref}.id order by i.position, i.id limit 1), '[]'::json)`;
  const fieldIds = shape.fields
    ? sql`coalesce((select json_agg(l.field_id order by l.position, l.field_id)
        from product_field_links l where l.product_id = ${ref}.id), '[]'::json)`
    : sql`'[]'::json`;
  return jsonRow(products, ref, {
    images,
    categoryIds: sql`coalesce((select json_agg(c.category_id order by c.position, c.category_id)
      from product_categories c where c.product_id = ${ref}.id), '[]'::json)`,
    fieldIds,
    variants: sql`coalesce((select json_agg(${jsonRow(productVariants, sql`v`)} order by v.position, v.id)
      from product_variants v where v.product_id = ${ref}.id), '[]'::json)`,
    history: historyJson(ref, since),
  });
}

/** The product fields (`f`) `where` selects, or every one, with their options by position, by id, as a JSON array. */
const fieldsJsonWhere = (where?: SQL) => sql`coalesce((
  select json_agg(${jsonRow(productFields, sql`f`, {
    options: sql`coalesce((select json_agg(${jsonRow(fieldOptions, sql`o`)} order by o.position, o.id)
      from field_options o where o.field_id = f.id), '[]'::json)`,
  })} order by f.id)
  from product_fields f${where ? sql` where ${where}` : sql``}), '[]'::json)`;
const fieldsJson = fieldsJsonWhere();

/** Every category row as a JSON array. */
const categoriesJson = sql`coalesce((select json_agg(${jsonRow(categories, sql`c`)}) from categories c), '[]'::json)`;

/**
 * The products whose ids `idsQuery` selects (a `select id … order by … limit …`), in its order, as
 * a JSON array: the relations are read for those rows only.
 */
function orderedProductsJson(idsQuery: SQL, shape: ProductShape, since: Date): SQL {
  return sql`coalesce((select json_agg(${productJson(sql`p`, shape, since)} order by ids.position)
    from unnest(array(${idsQuery})) with ordinality as ids(id, position)
    join products p on p.id = ids.id), '[]'::json)`;
}

function relationsFromJson(json: ProductJson): ProductRelations {
  let history: HistoryFigures | undefined;
  const variantHistory = new Map<Id, HistoryFigures>();
  for (const { variantId, ...figures } of json.history) {
    if (variantId === null) history = figures;
    else variantHistory.set(variantId, figures);
  }
  return {
    images: json.images.map((image) => rowFromJson(productImages, image)),
    categoryIds: json.categoryIds,
    fieldIds: json.fieldIds,
    variants: json.variants.map((variant) => rowFromJson(productVariants, variant)),
    history,
    variantHistory,
  };
}

/**
 * Every product DTO the catalog gives out is made here: the answer being made shows this product
 * (its stock level, whether it can be added), which the response cache keeps with the answer, so a
 * change of only this product's stock drops only the answers that show it (server/lib/shown-products.ts).
 */
function shaped<T>(json: ProductJson, shape: (row: ProductRow, relations: ProductRelations) => T): T {
  const row = rowFromJson(products, json);
  noteShownProduct(row.id);
  return shape(row, relationsFromJson(json));
}

/** A full product DTO, its texts in `lang` (docs/decisions/078). */
const fullProduct = (json: ProductJson, lang: Lang = "pl") =>
  shaped(json, (row, relations) => inLanguage(toProduct(row, relations), row, lang));
/** A light product entry, its texts in `lang`. */
const basicProduct = (json: ProductJson, lang: Lang = "pl") =>
  shaped(json, (row, relations) => inLanguage(toProductBasic(row, relations), row, lang));

function fieldsFromJson(json: FieldJson[], lang: Lang = "pl"): ProductField[] {
  return json.map((field) =>
    toProductField(
      rowFromJson(productFields, field),
      field.options.map((option) => rowFromJson(fieldOptions, option)),
      lang,
    ),
  );
}

function categoriesFromJson(json: Record<string, unknown>[], lang: Lang = "pl"): Category[] {
  return flattenCategoryTree(
    buildCategoryTree(
      json.map((row) => rowFromJson(categories, row)),
      lang,
    ),
  );
}

function latestLimit(limit: number): number {
  return Math.min(Math.max(0, Math.floor(Number.isFinite(limit) ? limit : 0)), MAX_LATEST_LIMIT);
}

export function createCatalogService(db: Db, options: CatalogServiceOptions = {}) {
  const now = options.now ?? (() => new Date());
  /** the start of the lowest-price window */
  const since = () => new Date(now().getTime() - LOWEST_PRICE_WINDOW_DAYS * DAY_MS);

  /**
   * The product screen's own statement, prepared once (Drizzle builds its SQL once; PostgreSQL
   * plans it once per connection): the product and the visible products among its slides.
   */
  function productPageStatement(includeHidden: boolean, name: string) {
    const from = sql.placeholder("since");
    const query = db
      // (columns of the outer row by their qualified name: Drizzle writes a one-table selection's
      // columns unqualified, which a subquery over products would take for its own)
      .select({
        product: sql<ProductJson>`${productJson(sql`${products}`, FULL, from)}`.as("product"),
        related: sql<ProductJson[]>`coalesce((
          select json_agg(${productJson(sql`r`, BASIC, from)}) from products r
          where ${products}.has_slides and r.id = any(${products}.slide_ids) and not r.is_hidden and r.deleted_at is null), '[]'::json)`.as(
          "related",
        ),
      })
      .from(products)
      .where(and(eq(products.id, sql.placeholder("id")), visibleOnly(includeHidden)));
    return preparedRead<{ product: ProductJson; related: ProductJson[] }>(db, name, query);
  }
  const productPageVisible = productPageStatement(false, "catalog_product_page");
  const productPageAny = productPageStatement(true, "catalog_product_page_any");

  /** Every field (with its options) and every category, in one statement. */
  async function readPageCatalog(lang: Lang): Promise<PageCatalog> {
    const { rows } = await db.execute<{ fields: FieldJson[]; categories: Record<string, unknown>[] }>(
      sql`select ${fieldsJson} as fields, ${categoriesJson} as categories`,
    );
    return {
      fields: fieldsFromJson(rows[0]?.fields ?? [], lang),
      categories: categoriesFromJson(rows[0]?.categories ?? [], lang),
    };
  }
  // read by every product page the response cache does not answer; fields and categories change
  // rarely; kept per language, each read when a page in it first asks
  const pageCatalogs: Record<Lang, () => Promise<PageCatalog>> = {
    pl: changeMemo(options.changes, PAGE_CATALOG_TABLES, () => readPageCatalog("pl")),
    en: changeMemo(options.changes, PAGE_CATALOG_TABLES, () => readPageCatalog("en")),
  };

  async function categoryTree(lang: Lang = "pl"): Promise<Category[]> {
    const rows = await db
      .select({
        id: categories.id,
        title: categories.title,
        titleEn: categories.titleEn,
        parentId: categories.parentId,
        order: categories.order,
        image: categories.image,
      })
      .from(categories);
    return buildCategoryTree(rows, lang);
  }

  /** Visible products, newest first, optionally with a flag and/or in stock: their ids, in SQL. */
  function latestIds(opts: LatestProductsOptions, limit: number): SQL {
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
    // which products an in-stock strip shows depends on every product's stock
    if (opts.inStockOnly) noteChosenByStock();
    const where = and(
      visibleOnly(false),
      opts.flag ? eq(FLAG_COLUMNS[opts.flag], true) : undefined,
      opts.inStockOnly ? inStock : undefined,
    );
    return sql`select ${products.id} from ${products} where ${where}
      order by ${products.createdAt} desc, ${products.id} desc limit ${limit}`;
  }

  /** Several "latest products" strips (the home page's carousels and banners) in one statement. */
  async function latestStrips<K extends string>(
    strips: Record<K, LatestProductsOptions>,
    lang: Lang = "pl",
  ): Promise<Record<K, ProductBasic[]>> {
    const result = {} as Record<K, ProductBasic[]>;
    const wanted = (Object.entries(strips) as [K, LatestProductsOptions][])
      .map(([key, opts]) => ({ key, opts, limit: latestLimit(opts.limit) }))
      .filter(({ key, limit }) => {
        if (limit === 0) result[key] = [];
        return limit > 0;
      });
    if (wanted.length === 0) return result;
    const from = since();
    const columns = wanted.map(
      ({ opts, limit }, index) =>
        sql`${orderedProductsJson(latestIds(opts, limit), BASIC, from)} as ${sql.identifier(`s${index}`)}`,
    );
    const { rows } = await db.execute<Record<string, ProductJson[]>>(
      sql`select ${sql.join(columns, sql`, `)}`,
    );
    wanted.forEach(({ key }, index) => {
      result[key] = (rows[0]?.[`s${index}`] ?? []).map((json) => basicProduct(json, lang));
    });
    return result;
  }

  /** Full product DTOs of the products `where` selects, by id (the first `limit` when given). */
  async function fullProductsById(where: SQL | undefined, limit?: number): Promise<Product[]> {
    const query = db
      .select({ product: sql<ProductJson>`${productJson(sql`${products}`, FULL, since())}` })
      .from(products)
      .where(where)
      .orderBy(asc(products.id))
      .$dynamic();
    const rows = await (limit === undefined ? query : query.limit(limit));
    return rows.map((row) => fullProduct(row.product));
  }

  return {
    /** The categories below 'root', nested, siblings by order then id (titles in `lang`, Polish by default). */
    getCategoryTree: (lang?: Lang) => categoryTree(lang),

    /** Every category except root, flat (depth first), each with path, idsPath and subcategories. */
    async listCategories(lang?: Lang): Promise<Category[]> {
      return flattenCategoryTree(await categoryTree(lang));
    },

    /** Product fields with their options by position. */
    async listFields(): Promise<ProductField[]> {
      const { rows } = await db.execute<{ fields: FieldJson[] }>(sql`select ${fieldsJson} as fields`);
      return fieldsFromJson(rows[0]?.fields ?? []);
    },

    /**
     * The staff list: one page of the fields whose title contains `search` (all for an empty one), by
     * id, counted and paged in SQL like the other staff lists; `page` past the end gives the last page.
     */
    async searchFields(query: ListQuery): Promise<ListPage<ProductField>> {
      const search = query.search.trim();
      const where = search ? containsText(productFields.title, search) : undefined;
      return readListPage(query.page, await db.$count(productFields, where), async (limit, offset) => {
        const onPage = db
          .select({ id: productFields.id })
          .from(productFields)
          .where(where)
          .orderBy(asc(productFields.id))
          .limit(limit)
          .offset(offset);
        const { rows } = await db.execute<{ fields: FieldJson[] }>(
          sql`select ${fieldsJsonWhere(sql`f.id in (${onPage})`)} as fields`,
        );
        return fieldsFromJson(rows[0]?.fields ?? []);
      });
    },

    /** Full product DTOs (by id), visible ones unless includeHidden. */
    async listProducts(opts: { includeHidden?: boolean } = {}): Promise<Product[]> {
      return fullProductsById(visibleOnly(opts.includeHidden));
    },

    /**
     * The visible products with an id above `afterId`, by id, at most `limit` (full DTOs, one
     * statement): the marketplace feeds read the catalogue a page at a time (docs/decisions/072).
     */
    async visibleProductsAfter(afterId: Id, limit: number): Promise<Product[]> {
      return fullProductsById(and(visibleOnly(false), gt(products.id, afterId)), latestLimit(limit));
    },

    /** Every product (hidden too, not those in the trash) above `afterId`, by id, at most `limit`: the export's pages. */
    async productsAfter(afterId: Id, limit: number): Promise<Product[]> {
      return fullProductsById(and(liveProduct, gt(products.id, afterId)), latestLimit(limit));
    },

    /** The products (hidden too) of these ids, by id, in one statement: the product import's matches. */
    async productsByIds(ids: readonly Id[]): Promise<Product[]> {
      const valid = ids.filter(isDbId);
      return valid.length > 0 ? fullProductsById(inArray(products.id, valid)) : [];
    },

    /** Light product entries (first image, flags, categories, thumbnail), by id. */
    async listProductsBasic(opts: { includeHidden?: boolean } = {}): Promise<ProductBasic[]> {
      const rows = await db
        .select({ product: sql<ProductJson>`${productJson(sql`${products}`, BASIC, since())}` })
        .from(products)
        .where(visibleOnly(opts.includeHidden))
        .orderBy(asc(products.id));
      return rows.map((row) => basicProduct(row.product));
    },

    /** Visible products, newest first, optionally with a flag and/or in stock; filtered and limited in SQL. */
    async latestProducts(opts: LatestProductsOptions, lang?: Lang): Promise<ProductBasic[]> {
      return (await latestStrips({ strip: opts }, lang)).strip;
    },

    latestStrips,

    /** The visible products with these ids (light entries), in no particular order; missing ones left out. */
    async productsBasicByIds(ids: readonly Id[], lang?: Lang): Promise<ProductBasic[]> {
      const wanted = [...new Set(ids)].filter(isDbId);
      if (wanted.length === 0) return [];
      const rows = await db
        .select({ product: sql<ProductJson>`${productJson(sql`${products}`, BASIC, since())}` })
        .from(products)
        .where(
          and(
            visibleOnly(false),
            sql`${products.id} in (${sql.join(
              wanted.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ),
        );
      return rows.map((row) => basicProduct(row.product, lang));
    },

    /**
     * One page of the product list (/produkty, GET /api/shops/products?…): visible products
     * filtered, searched and ordered in SQL (catalog.search.ts). One statement: the count, and the
     * page's products with their relations (read for the page's rows only). A page beyond the
     * last one shows the last one (then a second statement reads it).
     */
    async searchProducts(query: ProductQuery, lang: Lang = "pl"): Promise<ProductListPage> {
      const pageSize = PRODUCT_PAGE_SIZE;
      const terms = query.szukaj === "" ? [] : searchTerms(query.szukaj);
      const where = productListWhere(query, terms) ?? sql`true`;
      const order = sql.join(productListOrder(query, terms), sql`, `);
      const from = since();
      const read = async (page: number) => {
        const { rows } = await db.execute<{ total: number; product: ProductJson | null }>(sql`
          select counted.total, listed.product
          from (select count(*)::int as total from ${products} where ${where}) counted
          left join (
            select ${productJson(sql`p`, BASIC, from)} as product, ids.position
            from unnest(array(
              select ${products.id} from ${products} where ${where}
              order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}
            )) with ordinality as ids(id, position)
            join products p on p.id = ids.id
          ) listed on true
          order by listed.position`);
        return {
          total: Number(rows[0]?.total ?? 0),
          items: rows.flatMap((row) => (row.product ? [basicProduct(row.product, lang)] : [])),
        };
      };
      const requested = Math.max(1, query.strona);
      const first = await read(requested);
      const lastPage = Math.max(1, Math.ceil(first.total / pageSize));
      if (first.items.length > 0 || first.total === 0 || requested <= lastPage) {
        return { items: first.items, total: first.total, page: Math.min(requested, lastPage), pageSize };
      }
      const last = await read(lastPage);
      return { items: last.items, total: last.total, page: lastPage, pageSize };
    },

    /** One product; null when missing, or hidden unless includeHidden. */
    async getProduct(id: Id, opts: { includeHidden?: boolean } = {}): Promise<Product | null> {
      if (!isDbId(id)) return null;
      const [row] = await db
        .select({ product: sql<ProductJson>`${productJson(sql`${products}`, FULL, since())}` })
        .from(products)
        .where(and(eq(products.id, id), visibleOnly(opts.includeHidden)));
      return row ? fullProduct(row.product) : null;
    },

    /**
     * The product screen: the product (null when missing, or hidden unless includeHidden) with the
     * visible products among its slides in one prepared statement, and every field and every
     * category, kept in process until one of them changes (one more statement after a change).
     * Shared by every caller: never modify the fields or categories it returns.
     */
    async productPage(
      id: Id,
      opts: { includeHidden?: boolean; lang?: Lang } = {},
    ): Promise<ProductPage | null> {
      if (!isDbId(id)) return null;
      const lang = opts.lang ?? "pl";
      const statement = opts.includeHidden ? productPageAny : productPageVisible;
      const [[row], shared] = await Promise.all([
        statement({ id, since: since().toISOString() }),
        pageCatalogs[lang](),
      ]);
      if (!row) return null;
      const { slug, slugEn } = rowFromJson(products, row.product);
      return {
        product: fullProduct(row.product, lang),
        slugs: { pl: slug, en: slugEn.trim() !== "" ? slugEn : slug },
        related: row.related.map((json) => basicProduct(json, lang)),
        fields: shared.fields,
        categories: shared.categories,
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
