import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { orderItems, orders, products, productVariants } from "../../db/schema";

// Units an order holds. Taking is a conditional decrement of every line's row at once (all or none,
// after locking the rows), so stock never goes below zero whatever the concurrency; giving back is
// a plain increment. Each is one statement whatever the number of lines (issue 8's query budget).
// Both flip orders.stock_reserved in the same transaction, so an order never gives back twice.

export interface StockLine {
  productId: number | null;
  variantId: number | null;
  quantity: number;
  productTitle: string;
}

export interface StockShortage {
  productId: number | null;
  variantId: number | null;
  product: string;
  /** units left when the decrement failed */
  available: number;
}

export type StockKind = "variant" | "product";

/** The row a line's units live in: its variant, else its product; none when both were deleted. */
function rowOf(line: StockLine): { kind: StockKind; id: number } | null {
  if (line.variantId !== null) return { kind: "variant", id: line.variantId };
  if (line.productId !== null) return { kind: "product", id: line.productId };
  return null;
}

/** The lines in the global row order: variants by id, then products by id. */
function inLockOrder(lines: readonly StockLine[]): StockLine[] {
  return [...lines].sort(
    (a, b) =>
      Number(a.variantId === null) - Number(b.variantId === null) ||
      (a.variantId ?? 0) - (b.variantId ?? 0) ||
      (a.productId ?? 0) - (b.productId ?? 0),
  );
}

export interface LockedRow {
  kind: StockKind;
  id: number;
  /** the row's quantity before the change; null when the row does not exist */
  quantity: number | null;
}

/** A row's units to move: lines of the same row add up. */
export interface StockRow {
  kind: StockKind;
  id: number;
  units: number;
}

/** The rows `lines` use, each with the units of all its lines. */
export function stockRows(lines: readonly StockLine[]): StockRow[] {
  const units = new Map<string, StockRow>();
  for (const line of lines) {
    const row = rowOf(line);
    if (!row) continue;
    const key = `${row.kind}:${row.id}`;
    const entry = units.get(key) ?? { ...row, units: 0 };
    entry.units += line.quantity;
    units.set(key, entry);
  }
  return [...units.values()];
}

/**
 * The CTEs that move the units of `rows` (at least one): `wanted`, the rows locked in the global
 * order (variants by id, then products by id, so two statements never deadlock) as `locked`,
 * `enough` (one row: does every row hold what is wanted of it — always true when giving), and the
 * updates, which change every row or none. The statement's own CTEs and query follow (a comma first).
 */
export function movingStockSql(rows: readonly StockRow[], direction: "take" | "give"): SQL {
  // one JSON parameter (not a VALUES list): the statement's text stays the same whatever the number
  // of rows, so a group's write is planned once (order-write.ts, prepared-statement.ts)
  const wanted = JSON.stringify(rows.map((row) => ({ kind: row.kind, id: row.id, units: row.units })));
  const change = direction === "take" ? sql`- w.units` : sql`+ w.units`;
  const enough =
    direction === "take"
      ? sql`coalesce(bool_and(l.quantity is not null and l.quantity >= w.units), true)`
      : sql`true`;
  // Only the tables the lines use: planning the other table's lock and update (and firing its
  // statement trigger for no row) cost more than the whole rest of the statement on PGlite.
  const kinds = (["variant", "product"] as const).filter((kind) => rows.some((row) => row.kind === kind));
  const tableOf = { variant: productVariants, product: products } as const;
  const lockedOf = (kind: StockKind) => sql.raw(`locked_${kind}s`);
  const movedOf = (kind: StockKind) => sql.raw(`moved_${kind}s`);
  // The locking CTEs are read by the main query (variants first: union all runs in order); the
  // updates, read by nobody, run after it, once every lock is held and `enough` is known.
  return sql`wanted(kind, id, units) as (
      select * from json_to_recordset(${wanted}::json) as w(kind text, id int, units int)
    ),
    ${sql.join(
      kinds.map(
        (kind) => sql`${lockedOf(kind)} as materialized (
      select t.id, t.quantity from ${tableOf[kind]} t
      where t.id in (select id from wanted where kind = ${sql.raw(`'${kind}'`)})
      order by t.id for update
    ),`,
      ),
      sql`
    `,
    )}
    locked as (
      ${sql.join(
        kinds.map(
          (kind) => sql`select ${sql.raw(`'${kind}'`)}::text as kind, id, quantity from ${lockedOf(kind)}`,
        ),
        sql`
      union all
      `,
      )}
    ),
    enough as materialized (
      select ${enough} as ok from wanted w left join locked l on l.kind = w.kind and l.id = w.id
    ),
    ${sql.join(
      kinds.map(
        (kind) => sql`${movedOf(kind)} as (
      update ${tableOf[kind]} t set quantity = t.quantity ${change}
      from wanted w, enough e
      where e.ok and w.kind = ${sql.raw(`'${kind}'`)} and t.id = w.id
    )`,
      ),
      sql`,
    `,
    )}`;
}

/**
 * Moves the units of all lines in ONE statement, whatever their number (see movingStockSql):
 * either every row changes or none ("take": only when each row holds the units all lines want of
 * it). Returns each row's quantity before the change and whether it moved.
 */
async function moveStock(
  tx: Tx,
  lines: readonly StockLine[],
  direction: "take" | "give",
): Promise<{ moved: boolean; rows: LockedRow[] }> {
  const wanted = stockRows(lines);
  if (wanted.length === 0) return { moved: true, rows: [] };
  const result = await tx.execute<{ kind: StockKind; id: number; quantity: number | null; ok: boolean }>(sql`
    with ${movingStockSql(wanted, direction)}
    select w.kind, w.id, l.quantity, e.ok
    from wanted w cross join enough e left join locked l on l.kind = w.kind and l.id = w.id`);
  const rows = result.rows.map((row) => ({
    kind: row.kind,
    id: Number(row.id),
    quantity: row.quantity === null ? null : Number(row.quantity),
  }));
  return { moved: result.rows.every((row) => row.ok), rows };
}

/**
 * Takes the units of every line, all or none, in one statement; returns the first shortage in
 * the global row order (the caller decides: an order rolls back) or null.
 */
export async function takeStock(tx: Tx, lines: readonly StockLine[]): Promise<StockShortage | null> {
  const { moved, rows } = await moveStock(tx, lines, "take");
  return moved ? null : shortageIn(lines, rows);
}

/** The first line short of units in the global row order, given the rows' quantities before a refused take. */
export function shortageIn(lines: readonly StockLine[], rows: readonly LockedRow[]): StockShortage {
  const wantedOf = (row: { kind: StockKind; id: number }) =>
    lines
      .filter((line) => {
        const of = rowOf(line);
        return of?.kind === row.kind && of.id === row.id;
      })
      .reduce((sum, line) => sum + line.quantity, 0);
  for (const line of inLockOrder(lines)) {
    const of = rowOf(line);
    if (!of) continue;
    const available = rows.find((row) => row.kind === of.kind && row.id === of.id)?.quantity ?? null;
    if (available === null || available < wantedOf(of)) {
      return { ...shortageOf(line), available: available ?? 0 };
    }
  }
  throw new Error("stock not taken, yet no line is short");
}

function shortageOf(line: StockLine) {
  return { productId: line.productId, variantId: line.variantId, product: line.productTitle };
}

async function linesOf(tx: Tx, orderId: number): Promise<StockLine[]> {
  return tx
    .select({
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      quantity: orderItems.quantity,
      productTitle: orderItems.productTitle,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

/**
 * Gives an order's units back once (only while it holds them). Lines whose product or variant
 * was deleted are skipped. Returns true when units were given back.
 */
export async function releaseOrderStock(tx: Tx, orderId: number): Promise<boolean> {
  const flipped = await tx
    .update(orders)
    .set({ stockReserved: false, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.stockReserved, true)))
    .returning({ id: orders.id });
  if (flipped.length === 0) return false;
  await moveStock(tx, await linesOf(tx, orderId), "give");
  return true;
}

/**
 * Puts units back into stock (goods a customer returned, issue 27): a plain increment of each
 * line's row, the lines whose product or variant was deleted skipped. The caller records that it did
 * (after_sale_lines.restocked_quantity), so the same units never go back twice.
 */
export async function restockUnits(tx: Tx, lines: readonly StockLine[]): Promise<void> {
  await moveStock(tx, lines, "give");
}

/**
 * Takes an order's units again (a retried or late-confirmed payment after they were given back).
 * Returns null when done (or already held), else the shortage — the caller decides.
 */
export async function reserveOrderStockAgain(tx: Tx, orderId: number): Promise<StockShortage | null> {
  const [order] = await tx
    .select({ stockReserved: orders.stockReserved })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.stockReserved) return null;
  const shortage = await takeStock(tx, await linesOf(tx, orderId));
  if (shortage) return shortage;
  await tx.update(orders).set({ stockReserved: true }).where(eq(orders.id, orderId));
  return null;
}
