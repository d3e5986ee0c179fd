import { and, asc, type Column, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { AvailabilityLevel } from "../../../domain/availability";
import { type GridField, variantLabel } from "../../../domain/product-variants-grid";
import type { Id } from "../../../domain/types";
import type { StockChange, WarehouseQuery } from "../../../domain/validation/warehouse";
import {
  formatStockCsv,
  LOW_STOCK_MAX,
  parseStockCsv,
  type StockCsvError,
  type StockRow,
  stockLevel,
} from "../../../domain/warehouse";
import type { Db, Tx } from "../../db/client";
import { MAX_DB_ID } from "../../db/ids";
import { containsText, type ListPage, readListPage } from "../../db/list-page";
import {
  fieldOptions,
  orderItems,
  orders,
  productFieldLinks,
  productFields,
  products,
  productVariants,
} from "../../db/schema";
import { fail, ok, type Result } from "../../lib/result";
import type { AuditActor } from "../audit/audit";
import { inTransaction, recordChange, refuse, updated } from "../audit/audited-write";

// The warehouse (issue 6): one row per product without variants and per variant, with its stock
// level and the units unpaid orders hold; bulk stock changes in one transaction (rows locked in the
// order the order transaction uses, so the two never deadlock), one audit entry per changed row; a
// row changed since the screen loaded it refuses the whole save (ADR 038); the stock CSV
// export/import.

export interface WarehouseRow extends StockRow {
  slug: string;
  isHidden: boolean;
  level: AvailabilityLevel;
  /** units held by unpaid orders (taken from the stock, given back if the order expires or is canceled) */
  heldByUnpaid: number;
}

/** A row whose stock changed between loading the screen and saving it (ADR 038). */
export interface StaleStockRow {
  productId: Id;
  variantId: Id | null;
  /** "title" or "title — variant" */
  name: string;
  loaded: number;
  current: number;
}

/** Why a bulk change was refused: per entry index, the field that is wrong. */
export type StockChangeErrors = Record<string, { key: "validation.invalid" }>;

type RowKey = {
  productId: Id;
  variantId: Id | null;
};

/** The list's rows in SQL: each product without variants once (`v.id` null), else each of its variants. */
const ROWS_FROM = sql`from products p left join product_variants v on v.product_id = p.id`;
const ROW_QUANTITY = sql`(case when v.id is null then p.quantity else v.quantity end)`;
/** A variant's option titles ("#id" for an unknown option), what its label on the screen shows. */
const ROW_LABEL = sql`coalesce((select string_agg(coalesce(o.title, '#' || e.value), ' / '
    order by l.position nulls last, f.id)
  from jsonb_each_text(v.fields) e
  join product_fields f on f.id::text = e.key
  left join field_options o on o.field_id = f.id and o.id::text = e.value
  left join product_field_links l on l.product_id = p.id and l.field_id = f.id), '')`;

/**
 * "Only low stock", and every word of the search in the title or the variant's label (case and Polish
 * accents ignored) or equal to the product's id.
 */
function whereOf(query: WarehouseQuery): SQL {
  const conditions: SQL[] = [sql`p.deleted_at is null`];
  if (query.niski) conditions.push(sql`${ROW_QUANTITY} <= ${LOW_STOCK_MAX}`);
  for (const term of query.szukaj.split(/\s+/).filter(Boolean)) {
    const text = sql`p.title || ' ' || ${ROW_LABEL}`;
    conditions.push(sql`(${containsText(text, term)} or p.id::text = ${term})`);
  }
  return sql`where ${sql.join(conditions, sql` and `)}`;
}

export function createWarehouseService(db: Db) {
  /** The rows of the products `productIds` names (every product without it), by title. */
  async function rowsOf(productIds?: readonly Id[]): Promise<WarehouseRow[]> {
    const only = (column: Column) => (productIds ? inArray(column, [...productIds]) : undefined);
    if (productIds?.length === 0) return [];
    const [productRows, variantRows, linkRows, fieldRows, optionRows, heldRows] = await Promise.all([
      db
        .select({
          id: products.id,
          title: products.title,
          slug: products.slug,
          quantity: products.quantity,
          isHidden: products.isHidden,
        })
        .from(products)
        // a product in the trash is out of the warehouse (its list, its CSV), as out of the catalog
        .where(and(only(products.id), isNull(products.deletedAt)))
        .orderBy(asc(products.title), asc(products.id)),
      db
        .select({
          id: productVariants.id,
          productId: productVariants.productId,
          fields: productVariants.fields,
          quantity: productVariants.quantity,
        })
        .from(productVariants)
        .where(only(productVariants.productId))
        .orderBy(productVariants.productId, productVariants.position, productVariants.id),
      db
        .select()
        .from(productFieldLinks)
        .where(only(productFieldLinks.productId))
        .orderBy(productFieldLinks.position, productFieldLinks.fieldId),
      db.select({ id: productFields.id, title: productFields.title }).from(productFields),
      db
        .select({ id: fieldOptions.id, fieldId: fieldOptions.fieldId, title: fieldOptions.title })
        .from(fieldOptions),
      // units taken by orders that still hold them and are not paid (they come back on expiry/cancel)
      db
        .select({
          productId: orderItems.productId,
          variantId: orderItems.variantId,
          units: sql<number>`sum(${orderItems.quantity})::int`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orders.stockReserved, true), isNull(orders.paidAt), only(orderItems.productId)))
        .groupBy(orderItems.productId, orderItems.variantId),
    ]);
    const held = new Map(heldRows.map((row) => [`${row.productId}:${row.variantId ?? ""}`, row.units]));
    const heldOf = (productId: Id, variantId: Id | null) => held.get(`${productId}:${variantId ?? ""}`) ?? 0;
    const fields = new Map<Id, GridField>(
      fieldRows.map((field) => [
        field.id,
        { _id: field.id, title: field.title, changePrice: true, options: [] },
      ]),
    );
    for (const option of optionRows) {
      (fields.get(option.fieldId)?.options as { _id: Id; title: string }[] | undefined)?.push({
        _id: option.id,
        title: option.title,
      });
    }
    const fieldsOf = new Map<Id, GridField[]>();
    for (const link of linkRows) {
      const field = fields.get(link.fieldId);
      if (field) fieldsOf.set(link.productId, [...(fieldsOf.get(link.productId) ?? []), field]);
    }
    const variantsOf = new Map<Id, typeof variantRows>();
    for (const variant of variantRows) {
      variantsOf.set(variant.productId, [...(variantsOf.get(variant.productId) ?? []), variant]);
    }
    return productRows.flatMap((product): WarehouseRow[] => {
      const base = {
        productId: product.id,
        title: product.title,
        slug: product.slug,
        isHidden: product.isHidden,
      };
      const variants = variantsOf.get(product.id) ?? [];
      if (variants.length === 0) {
        return [
          {
            ...base,
            variantId: null,
            variant: "",
            quantity: product.quantity,
            level: stockLevel(product.quantity),
            heldByUnpaid: heldOf(product.id, null),
          },
        ];
      }
      const own = fieldsOf.get(product.id) ?? [];
      const ownIds = new Set(own.map((field) => String(field._id)));
      // fields linked to the product first (their order), then any other field a variant names
      const labelFields = [...own, ...[...fields.values()].filter((field) => !ownIds.has(String(field._id)))];
      return variants.map((variant) => ({
        ...base,
        variantId: variant.id,
        variant: variantLabel(labelFields, variant.fields),
        quantity: variant.quantity,
        level: stockLevel(variant.quantity),
        heldByUnpaid: heldOf(product.id, variant.id),
      }));
    });
  }

  /** The ids of the rows `query` selects, in the list's order (`page`: a LIMIT/OFFSET clause). */
  async function matchingKeys(query: WarehouseQuery, page?: SQL): Promise<RowKey[]> {
    const { rows } = await db.execute<RowKey>(
      sql`select p.id as "productId", v.id as "variantId" ${ROWS_FROM} ${whereOf(query)}
        order by p.title, p.id, v.position, v.id ${page ?? sql``}`,
    );
    return rows;
  }

  /** The full rows of `keys`, in their order. */
  async function rowsAt(keys: readonly RowKey[]): Promise<WarehouseRow[]> {
    const rows = await rowsOf([...new Set(keys.map((key) => key.productId))]);
    const byKey = new Map(rows.map((row) => [`${row.productId}:${row.variantId ?? ""}`, row]));
    return keys.flatMap((key) => byKey.get(`${key.productId}:${key.variantId ?? ""}`) ?? []);
  }

  /** Applies stock changes in one transaction; unknown ids → field errors by entry index, nothing written. */
  async function applyChanges(
    actor: AuditActor,
    changes: readonly StockChange[],
  ): Promise<Result<{ changed: number }>> {
    const productIds = [...new Set(changes.map((change) => change.productId))].filter(
      (id) => id <= MAX_DB_ID,
    );
    const variantIds = [
      ...new Set(changes.flatMap((change) => (change.variantId === null ? [] : [change.variantId]))),
    ].filter((id) => id <= MAX_DB_ID);
    const outcome = await inTransaction(db, async (tx: Tx) => {
      // lock in the order takeStock uses: variants by id, then products by id
      const variants = variantIds.length
        ? await tx
            .select({
              id: productVariants.id,
              productId: productVariants.productId,
              quantity: productVariants.quantity,
            })
            .from(productVariants)
            .where(inArray(productVariants.id, variantIds))
            .orderBy(productVariants.id)
            .for("update")
        : [];
      const productRows = productIds.length
        ? await tx
            .select({ id: products.id, title: products.title, quantity: products.quantity })
            .from(products)
            // a product in the trash is unknown here: its stock is not edited until it is restored
            .where(and(inArray(products.id, productIds), isNull(products.deletedAt)))
            .orderBy(products.id)
            .for("update")
        : [];
      const productById = new Map(productRows.map((row) => [row.id, row]));
      const variantById = new Map(variants.map((row) => [row.id, row]));
      const errors: StockChangeErrors = {};
      changes.forEach((change, index) => {
        if (!productById.has(change.productId)) errors[`${index}.productId`] = { key: "validation.invalid" };
        else if (
          change.variantId !== null &&
          variantById.get(change.variantId)?.productId !== change.productId
        )
          errors[`${index}.variantId`] = { key: "validation.invalid" };
      });
      if (Object.keys(errors).length > 0) refuse(fail("validation", errors));
      // a row an order (or another person) changed since the screen loaded it: refuse, write nothing
      const stale = changes.flatMap((change) => {
        const current =
          change.variantId === null
            ? productById.get(change.productId)?.quantity
            : variantById.get(change.variantId)?.quantity;
        return change.loadedQuantity !== undefined &&
          current !== undefined &&
          current !== change.loadedQuantity
          ? [
              {
                productId: change.productId,
                variantId: change.variantId,
                loaded: change.loadedQuantity,
                current,
              },
            ]
          : [];
      });
      if (stale.length > 0) refuse(fail("warehouse/stale-rows", undefined, { stale }));
      let count = 0;
      for (const change of changes) {
        const product = productById.get(change.productId);
        const before =
          change.variantId === null ? product?.quantity : variantById.get(change.variantId)?.quantity;
        if (before === undefined || before === change.quantity) continue;
        if (change.variantId === null) {
          await tx
            .update(products)
            .set({ quantity: change.quantity, updatedAt: new Date() })
            .where(eq(products.id, change.productId));
        } else {
          await tx
            .update(productVariants)
            .set({ quantity: change.quantity })
            .where(eq(productVariants.id, change.variantId));
        }
        const row = { productId: change.productId, variantId: change.variantId, title: product?.title };
        await recordChange(
          tx,
          actor,
          "stock.update",
          updated(
            change.variantId === null ? change.productId : `${change.productId}:${change.variantId}`,
            { ...row, quantity: before },
            { ...row, quantity: change.quantity },
          ),
        );
        count += 1;
      }
      return count;
    });
    if (outcome.ok) return ok({ changed: outcome.value });
    const stale = outcome.details?.stale as Omit<StaleStockRow, "name">[] | undefined;
    return stale ? staleFailure(stale) : outcome;
  }

  /** The refusal naming each stale row as the screen shows it ("title — variant"). */
  async function staleFailure(stale: readonly Omit<StaleStockRow, "name">[]) {
    const rows = await rowsOf([...new Set(stale.map((row) => row.productId))]);
    const named: StaleStockRow[] = stale.map((row) => {
      const shown = rows.find((r) => r.productId === row.productId && r.variantId === row.variantId);
      const name = shown
        ? shown.variant
          ? `${shown.title} — ${shown.variant}`
          : shown.title
        : String(row.productId);
      return { ...row, name };
    });
    return fail("warehouse/stale-rows", undefined, {
      rows: named,
      params: { rows: named.map((row) => `${row.name} (${row.loaded} → ${row.current})`).join(", ") },
    });
  }

  return {
    /** Every row the query selects (a product without variants, a variant), by title; searched in SQL. */
    async list(query: WarehouseQuery = { szukaj: "", niski: false }): Promise<WarehouseRow[]> {
      return rowsAt(await matchingKeys(query));
    },

    /** One page of those rows (LIST_PAGE_SIZE, like the other staff lists); past the end: the last. */
    async listPage(query: WarehouseQuery, page: number): Promise<ListPage<WarehouseRow>> {
      const { rows } = await db.execute<{ total: number }>(
        sql`select count(*)::int as total ${ROWS_FROM} ${whereOf(query)}`,
      );
      return readListPage(page, rows[0]?.total ?? 0, async (limit, offset) =>
        rowsAt(await matchingKeys(query, sql`limit ${limit} offset ${offset}`)),
      );
    },

    setStock: applyChanges,

    /** The stock CSV of every row (UTF-8 with BOM, `;`). */
    async exportCsv(): Promise<string> {
      return formatStockCsv(await rowsOf());
    },

    /**
     * Imports a stock CSV: every line checked (format, then the ids against the database); any
     * error → `validation` with details.lines and nothing written; else all lines in one transaction.
     */
    async importCsv(actor: AuditActor, text: string): Promise<Result<{ changed: number; rows: number }>> {
      const parsed = parseStockCsv(text);
      if (!parsed.ok) return fail("validation", undefined, { lines: parsed.errors });
      if (parsed.entries.length === 0) {
        return fail("validation", undefined, {
          lines: [{ line: 1, problem: "columns" }] satisfies StockCsvError[],
        });
      }
      const result = await applyChanges(actor, parsed.entries);
      if (result.ok) return ok({ changed: result.value.changed, rows: parsed.entries.length });
      if (result.code !== "validation" || !result.fields) return result;
      const lines: StockCsvError[] = Object.keys(result.fields).map((path) => {
        const [index = "0", field] = path.split(".");
        const line = parsed.entries[Number(index)]?.line ?? 0;
        return { line, problem: field === "variantId" ? "unknownVariant" : "unknownProduct" };
      });
      return fail("validation", undefined, { lines: lines.sort((a, b) => a.line - b.line) });
    },
  };
}

export type WarehouseService = ReturnType<typeof createWarehouseService>;
