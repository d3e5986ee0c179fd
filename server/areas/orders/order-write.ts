import { sql } from "drizzle-orm";
import type { PreparedStatement } from "../../db/prepared-statement";
import type { orderItems, orders } from "../../db/schema";
import { movingStockSql, type StockLine, type StockShortage, shortageIn, stockRows } from "./stock";

// The write of a group of orders (ADR 014) as ONE statement, so it needs no
// transaction of its own (a statement is all or nothing): the stock of all their lines is locked in
// the global row order and taken only when every row holds enough, and — only then — the orders,
// their lines and their NEW statuses are inserted. Its rows travel as one JSON parameter each (not
// a parameter per value: binding and parsing thousands of them cost more than the rows on PGlite).

export type OrderValues = typeof orders.$inferInsert;
export type ItemValues = Omit<typeof orderItems.$inferSelect, "id" | "orderId">;

export interface OrderToWrite {
  values: OrderValues;
  items: ItemValues[];
}

export interface WrittenRow {
  id: number;
  orderNumber: string;
  createdAt: Date;
}

/** What the statement did: every order written (rows by order number), or none and the first short row. */
export type GroupWrite = { ok: true; rows: Map<string, WrittenRow> } | { ok: false; shortage: StockShortage };

function timestampOf(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

/**
 * Takes the stock of `lines` (all the orders' lines) and inserts `list` with their lines and NEW
 * statuses (history entries dated `now`), in one statement. Refused (nothing written) when a row is
 * short. A database error (a key or an order number taken meanwhile) is thrown: nothing is written.
 */
export async function writeOrders(
  run: PreparedStatement,
  list: readonly OrderToWrite[],
  lines: readonly StockLine[],
  now: Date,
): Promise<GroupWrite> {
  const stock = stockRows(lines);
  // every priced line has its row (a product, or its variant)
  if (stock.length === 0) throw new Error("an order group without stock rows");
  const ordersJson = JSON.stringify(
    list.map(({ values: o }) => ({
      order_number: o.orderNumber,
      user_id: o.userId ?? null,
      email: o.email,
      price_grosze: o.priceGrosze,
      total_products_grosze: o.totalProductsGrosze,
      delivery_method: o.deliveryMethod,
      delivery_title: o.deliveryTitle,
      delivery_price_grosze: o.deliveryPriceGrosze,
      coupon_id: o.couponId ?? null,
      coupon_code: o.couponCode ?? null,
      coupon_discount_grosze: o.couponDiscountGrosze ?? 0,
      max_processing_time: o.maxProcessingTime,
      recipient: o.recipient,
      invoice_data: o.invoiceData,
      delivery_point: o.deliveryPoint ?? null,
      idempotency_key: o.idempotencyKey ?? null,
      request_fingerprint: o.requestFingerprint ?? null,
      lang: o.lang,
      reserved_until: o.reservedUntil ? o.reservedUntil.toISOString() : null,
    })),
  );
  const itemsJson = JSON.stringify(
    list.flatMap(({ values, items }) =>
      items.map((item) => ({
        order_number: values.orderNumber,
        product_id: item.productId,
        variant_id: item.variantId,
        product_title: item.productTitle,
        variant_title: item.variantTitle,
        variant_label: item.variantLabel,
        variant_keys: item.variantKeys,
        unit_price_grosze: item.unitPriceGrosze,
        quantity: item.quantity,
        vat_rate: item.vatRate,
        position: item.position,
      })),
    ),
  );
  const rows = await run<{
    kind: string;
    id: number;
    quantity: number | null;
    ok: boolean | null;
    order_number: string | null;
    created_at: unknown;
  }>(sql`
    with ${movingStockSql(stock, "take")},
    new_orders as (
      insert into orders (order_number, user_id, email, status, price_grosze, total_products_grosze,
        delivery_method, delivery_title, delivery_price_grosze, coupon_id, coupon_code, coupon_discount_grosze,
        max_processing_time, recipient, invoice_data, delivery_point, idempotency_key, request_fingerprint, lang,
        stock_reserved, reserved_until)
      select o.order_number, o.user_id, o.email, 'NEW', o.price_grosze, o.total_products_grosze,
        o.delivery_method, o.delivery_title, o.delivery_price_grosze, o.coupon_id, o.coupon_code,
        o.coupon_discount_grosze, o.max_processing_time, o.recipient, o.invoice_data, o.delivery_point,
        o.idempotency_key, o.request_fingerprint, o.lang, true, o.reserved_until
      from json_to_recordset(${ordersJson}::json) as o(order_number text, user_id int, email text,
        price_grosze int, total_products_grosze int, delivery_method text, delivery_title text,
        delivery_price_grosze int, coupon_id int, coupon_code text, coupon_discount_grosze int,
        max_processing_time text, recipient jsonb, invoice_data jsonb, delivery_point jsonb,
        idempotency_key text, request_fingerprint text, lang text, reserved_until timestamptz)
      where (select ok from enough)
      returning id, order_number, created_at
    ),
    new_items as (
      insert into order_items (order_id, product_id, variant_id, product_title, variant_title, variant_label,
        variant_keys, unit_price_grosze, quantity, vat_rate, position)
      select n.id, i.product_id, i.variant_id, i.product_title, i.variant_title, i.variant_label,
        i.variant_keys, i.unit_price_grosze, i.quantity, i.vat_rate, i.position
      from json_to_recordset(${itemsJson}::json) as i(order_number text, product_id int, variant_id int,
        product_title text, variant_title text, variant_label text, variant_keys jsonb,
        unit_price_grosze int, quantity int, vat_rate int, position int)
      join new_orders n on n.order_number = i.order_number
    ),
    new_statuses as (
      insert into order_statuses (order_id, status, hidden, created_at)
      select id, 'NEW', false, ${now.toISOString()}::timestamptz from new_orders
    )
    select w.kind, w.id, l.quantity, e.ok, null::text as order_number, null::timestamptz as created_at
    from wanted w cross join enough e left join locked l on l.kind = w.kind and l.id = w.id
    union all
    select 'order', id, null, null, order_number, created_at from new_orders`);
  const locked = rows.filter((row) => row.kind !== "order");
  const ok = locked.every((row) => row.ok);
  if (!ok) {
    const shortage = shortageIn(
      lines,
      locked.map((row) => ({
        kind: row.kind as "variant" | "product",
        id: Number(row.id),
        quantity: row.quantity === null ? null : Number(row.quantity),
      })),
    );
    return { ok: false, shortage };
  }
  const written = new Map<string, WrittenRow>();
  for (const row of rows) {
    if (row.kind !== "order" || row.order_number === null) continue;
    written.set(row.order_number, {
      id: Number(row.id),
      orderNumber: row.order_number,
      createdAt: timestampOf(row.created_at),
    });
  }
  if (written.size !== list.length) throw new Error("orders insert returned fewer rows");
  return { ok: true, rows: written };
}
