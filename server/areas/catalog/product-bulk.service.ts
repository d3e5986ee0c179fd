import { createHash } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { changedPair, type PricePair, type PriceRefusal } from "../../../domain/bulk-price";
import type { Id } from "../../../domain/types";
import { MSG } from "../../../domain/validation/messages";
import {
  BULK_MAX_PRODUCTS,
  type BulkApplyRequest,
  type BulkOperation,
  type BulkPreviewRequest,
  type BulkSelection,
  priceChangeOf,
} from "../../../domain/validation/product-bulk";
import type { Db, Tx } from "../../db/client";
import { categories, productCategories, products, productVariants } from "../../db/schema";
import { fail, ok, type Result } from "../../lib/result";
import type { AuditActor } from "../audit/audit";
import { recordAudits } from "../audit/audit";
import { inTransaction, refuse } from "../audit/audited-write";
import { liveProduct } from "../trash/live";
import { FLAG_COLUMNS, staffProductWhere } from "./product-admin.service";

// Bulk edits of the staff product list (issue 30, docs/decisions/074). The products are the ids
// sent or the list's filter run again here (never a client's list of "all results"); the preview
// computes every product's state before and after without writing; apply computes it again in one
// transaction with the rows locked (SELECT … FOR UPDATE), refuses when its fingerprint differs from
// the preview's (the figures staff saw no longer hold) or when any product is refused, then writes
// every change in a few statements, one audit entry per changed product. Price history comes from
// the database triggers of migration 0004 as for a single edit; the change feed's triggers
// (migration 0007) clear the response cache at commit.

interface VariantPrices extends PricePair {
  _id: Id;
}

/** What a bulk edit reads and writes of a product: its prices, or the one flag, or the one category. */
export interface BulkState {
  priceGrosze?: number;
  promotionalPriceGrosze?: number | null;
  variants?: VariantPrices[];
  /** the flag's value, or whether the product is in the category */
  value?: boolean;
}

export interface BulkRow {
  _id: Id;
  title: string;
  before: BulkState;
  /** null when refused */
  after: BulkState | null;
  refusal: PriceRefusal | null;
}

export interface BulkPreview {
  /** the products that would change or are refused, in id order (unchanged ones only counted) */
  rows: BulkRow[];
  selected: number;
  changed: number;
  unchanged: number;
  refused: number;
  /** sha-256 of the selection's states and the operation: apply refuses when it differs */
  fingerprint: string;
}

export interface BulkApplied {
  changed: number;
}

interface Loaded {
  _id: Id;
  title: string;
  before: BulkState;
}

/** The selected products' ids, in id order, locked for the transaction when `lock`. */
async function selectedIds(tx: Tx, selection: BulkSelection, lock: boolean): Promise<Result<Id[]>> {
  const where =
    "ids" in selection
      ? and(inArray(products.id, selection.ids), liveProduct)
      : staffProductWhere(selection.filter);
  const query = tx
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(asc(products.id))
    .limit(BULK_MAX_PRODUCTS + 1);
  const rows = lock ? await query.for("update") : await query;
  const ids = rows.map((row) => row.id);
  if (ids.length > BULK_MAX_PRODUCTS) {
    return fail("product-bulk/too-many", undefined, { params: { max: BULK_MAX_PRODUCTS } });
  }
  if ("ids" in selection && ids.length < selection.ids.length) {
    const found = new Set(ids);
    return fail("bulk/unknown-ids", undefined, { ids: selection.ids.filter((id) => !found.has(id)) });
  }
  return ok(ids);
}

/** The products' states as the operation sees them. */
async function load(tx: Tx, ids: Id[], operation: BulkOperation): Promise<Loaded[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      id: products.id,
      title: products.title,
      priceGrosze: products.priceGrosze,
      promotionalPriceGrosze: products.promotionalPriceGrosze,
      flag: operation.kind === "flag" ? FLAG_COLUMNS[operation.flag] : sql<boolean>`false`,
    })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id));
  if (operation.kind === "flag") {
    return rows.map((row) => ({ _id: row.id, title: row.title, before: { value: row.flag } }));
  }
  if (operation.kind === "category") {
    const linked = await tx
      .select({ productId: productCategories.productId })
      .from(productCategories)
      .where(
        and(
          eq(productCategories.categoryId, operation.categoryId),
          inArray(productCategories.productId, ids),
        ),
      );
    const inCategory = new Set(linked.map((row) => row.productId));
    return rows.map((row) => ({ _id: row.id, title: row.title, before: { value: inCategory.has(row.id) } }));
  }
  const variants = await tx
    .select({
      _id: productVariants.id,
      productId: productVariants.productId,
      priceGrosze: productVariants.priceGrosze,
      promotionalPriceGrosze: productVariants.promotionalPriceGrosze,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  const variantsOf = new Map<Id, VariantPrices[]>();
  for (const { productId, ...variant } of variants) {
    const list = variantsOf.get(productId) ?? [];
    list.push(variant);
    variantsOf.set(productId, list);
  }
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    before: {
      priceGrosze: row.priceGrosze,
      promotionalPriceGrosze: row.promotionalPriceGrosze,
      variants: variantsOf.get(row.id) ?? [],
    },
  }));
}

/** One product's state after the operation, or the refusal (the first of its own or its variants'). */
function changed(before: BulkState, operation: BulkOperation): BulkState | PriceRefusal {
  if (operation.kind === "flag") return { value: operation.value };
  if (operation.kind === "category") return { value: operation.action === "add" };
  const change = priceChangeOf(operation);
  const pairs: PricePair[] = [
    { priceGrosze: before.priceGrosze ?? 0, promotionalPriceGrosze: before.promotionalPriceGrosze ?? null },
    ...(before.variants ?? []),
  ];
  const outcomes = pairs.map((pair) => changedPair(pair, operation.target, change));
  const afters: PricePair[] = [];
  for (const outcome of outcomes) {
    if (!outcome.ok) return outcome.reason;
    afters.push(outcome.after);
  }
  const [own, ...variantAfters] = afters as [PricePair, ...PricePair[]];
  return {
    ...own,
    variants: (before.variants ?? []).map((variant, index) => ({ ...variant, ...variantAfters[index] })),
  };
}

const same = (a: BulkState, b: BulkState) => JSON.stringify(a) === JSON.stringify(b);

/** The preview of the loaded products: rows, counts and the fingerprint of what was read. */
function previewOf(loaded: Loaded[], operation: BulkOperation): BulkPreview {
  const rows: BulkRow[] = [];
  let unchanged = 0;
  let refused = 0;
  for (const product of loaded) {
    const after = changed(product.before, operation);
    if (typeof after === "string") {
      refused += 1;
      rows.push({ ...product, after: null, refusal: after });
    } else if (same(product.before, after)) {
      unchanged += 1;
    } else {
      rows.push({ ...product, after, refusal: null });
    }
  }
  const fingerprint = createHash("sha256")
    .update(JSON.stringify({ operation, states: loaded.map((product) => [product._id, product.before]) }))
    .digest("hex");
  return {
    rows,
    selected: loaded.length,
    changed: loaded.length - unchanged - refused,
    unchanged,
    refused,
    fingerprint,
  };
}

/** An unknown category of a category operation is the operation's field error. */
async function categoryKnown(tx: Tx, operation: BulkOperation): Promise<boolean> {
  if (operation.kind !== "category") return true;
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, operation.categoryId));
  return row !== undefined;
}

/** The rows' changes, in as few statements as the operation allows. */
async function write(tx: Tx, rows: BulkRow[], operation: BulkOperation): Promise<void> {
  const ids = rows.map((row) => row._id);
  if (ids.length === 0) return;
  const now = new Date();
  if (operation.kind === "flag") {
    await tx
      .update(products)
      .set({ [operation.flag]: operation.value, updatedAt: now })
      .where(inArray(products.id, ids));
    return;
  }
  if (operation.kind === "category") {
    if (operation.action === "add") {
      // last in each product's list: its first category stays the default of the breadcrumb
      await tx.execute(sql`
        insert into product_categories (product_id, category_id, position)
        select p.id, ${operation.categoryId}::int,
          coalesce((select max(pc.position) + 1 from product_categories pc where pc.product_id = p.id), 0)
        from products p where p.id in (${sql.join(
          ids.map((id) => sql`${id}::int`),
          sql`, `,
        )})
        on conflict do nothing`);
    } else {
      await tx
        .delete(productCategories)
        .where(
          and(
            eq(productCategories.categoryId, operation.categoryId),
            inArray(productCategories.productId, ids),
          ),
        );
    }
    await tx.update(products).set({ updatedAt: now }).where(inArray(products.id, ids));
    return;
  }
  const prices = (list: { _id: Id; after: PricePair }[]) =>
    sql.join(
      list.map(
        ({ _id, after }) =>
          sql`(${_id}::int, ${after.priceGrosze}::int, ${after.promotionalPriceGrosze}::int)`,
      ),
      sql`, `,
    );
  // each changed row fires the price-history trigger once, as a single edit's update does
  await tx.execute(sql`
    update products p set price_grosze = v.price, promotional_price_grosze = v.promotional, updated_at = ${now}
    from (values ${prices(rows.map((row) => ({ _id: row._id, after: row.after as PricePair })))})
      as v(id, price, promotional)
    where p.id = v.id`);
  const variants = rows.flatMap((row) =>
    (row.after?.variants ?? []).map((variant) => ({ _id: variant._id, after: variant })),
  );
  if (variants.length > 0) {
    await tx.execute(sql`
      update product_variants pv set price_grosze = v.price, promotional_price_grosze = v.promotional
      from (values ${prices(variants)}) as v(id, price, promotional)
      where pv.id = v.id`);
  }
}

export function createProductBulkService(db: Db) {
  return {
    /** What the operation would do to the selected products; writes nothing. */
    async preview(request: BulkPreviewRequest): Promise<Result<BulkPreview>> {
      return db.transaction(async (tx) => {
        if (!(await categoryKnown(tx, request.operation))) return operationCategoryUnknown();
        const ids = await selectedIds(tx, request.selection, false);
        if (!ids.ok) return ids;
        return ok(previewOf(await load(tx, ids.value, request.operation), request.operation));
      });
    },

    /**
     * The previewed change, all or nothing: refused as product-bulk/stale-preview when the products'
     * states (or which products the filter selects) differ from the preview's, as
     * product-bulk/refused when any product would be refused.
     */
    async apply(actor: AuditActor, request: BulkApplyRequest): Promise<Result<BulkApplied>> {
      const { operation } = request;
      return inTransaction(db, async (tx) => {
        if (!(await categoryKnown(tx, operation))) refuse(operationCategoryUnknown());
        const ids = await selectedIds(tx, request.selection, true);
        if (!ids.ok) refuse(ids);
        const preview = previewOf(await load(tx, ids.value, operation), operation);
        if (preview.fingerprint !== request.fingerprint) refuse(fail("product-bulk/stale-preview"));
        if (preview.refused > 0) {
          const refused = preview.rows.flatMap((row) =>
            row.refusal ? [{ _id: row._id, reason: row.refusal }] : [],
          );
          refuse(fail("product-bulk/refused", undefined, { refused }));
        }
        await write(tx, preview.rows, operation);
        await recordAudits(
          tx,
          actor,
          preview.rows.map((row) => ({
            action: "product.bulk",
            entity: "product",
            entityId: row._id,
            before: { operation, ...row.before },
            after: row.after,
          })),
        );
        return { changed: preview.rows.length };
      });
    },
  };
}

export type ProductBulkService = ReturnType<typeof createProductBulkService>;

const operationCategoryUnknown = () => fail("validation", { "operation.categoryId": { key: MSG.invalid } });
