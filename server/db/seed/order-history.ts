import { sql } from "drizzle-orm";
import { deliveryMethod } from "../../../domain/delivery";
import type { Db } from "../client";

// A shop's past orders for `npm run bench` and the scale tests: `count` orders placed over the last
// year, each with one to three lines of the catalog's products, its status history (NEW,
// PAYMENT_NEW, then where it ended: mostly delivered, some canceled, in delivery or being packed)
// and its payment, sent by courier. A few INSERT … SELECT generate_series statements, so it takes
// seconds on PGlite too.
//
// Why the bench needs it: a fresh database with an empty orders table is no shop. PostgreSQL plans
// a session's foreign-key checks (order lines, statuses and payments → orders) once, when the table
// it checks is still empty, as a sequential scan, and keeps that plan while the table grows under
// the load; the order figures then measured the growing scans rather than the shop.
//
// Every value is a function of a number i (1..count): an order's own values of its number in the
// generated series, its lines of its place in id order (ids follow the dates). Order numbers have
// the shop's format (YYMM-XXXXX-XXXXX) with the hex digits of md5(i), which no number the shop
// draws can repeat in practice (theirs use the whole Crockford alphabet).

export interface OrderHistoryOptions {
  orders: number;
  /** what "now" is: the orders are placed in the 365 days before it */
  now?: Date;
}

/** Writes the past orders; returns how many. Needs visible products (the catalog) to be there. */
export async function seedOrderHistory(db: Db, options: OrderHistoryOptions): Promise<number> {
  const now = (options.now ?? new Date()).toISOString();
  const count = options.orders;
  const courier = deliveryMethod("courier");
  if (count <= 0) return 0;
  await db.transaction(async (tx) => {
    // the statuses an order ended in, by i % 20: 14 delivered, 2 canceled, 2 in delivery, 2 packing
    await tx.execute(sql`
      insert into orders (order_number, email, status, price_grosze, total_products_grosze,
        delivery_method, delivery_title, delivery_price_grosze, max_processing_time, recipient,
        invoice_data, lang, stock_reserved, payment_provider, payment_id, created_at, updated_at, paid_at)
      select
        to_char(h.placed at time zone 'UTC', 'YYMM') || '-' || upper(substr(h.hash, 1, 5)) || '-' || upper(substr(h.hash, 6, 5)),
        'klient' || (h.i % 2000) || '@example.com',
        case when h.i % 20 < 14 then 'PARCEL_DELIVERED' when h.i % 20 < 16 then 'CANCELED'
             when h.i % 20 < 18 then 'IN_DELIVERY' else 'PACKING' end,
        0, 0, ${courier.id}, ${courier.title}, ${courier.priceGrosze}, '1-2',
        jsonb_build_object('displayName', 'Klientka ' || h.i, 'email', 'klient' || (h.i % 2000) || '@example.com',
          'phone', '500 ' || lpad((h.i % 1000000)::text, 6, '0'), 'postCode', '31-128', 'city', 'Kraków',
          'street', 'Karmelicka ' || (1 + h.i % 90), 'nip', null),
        jsonb_build_object('displayName', 'Klientka ' || h.i, 'email', '', 'phone', '', 'postCode', '31-128',
          'city', 'Kraków', 'street', 'Karmelicka ' || (1 + h.i % 90), 'nip', null),
        case when h.i % 10 = 0 then 'en' else 'pl' end,
        false, 'demo', 'history-' || h.i, h.placed, h.placed + interval '3 days',
        case when h.i % 20 between 14 and 15 then null else h.placed + interval '5 minutes' end
      from (
        select i, md5('order-history-' || i) as hash,
          ${now}::timestamptz - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute' as placed
        from generate_series(1, ${count}) as i
      ) h
      order by h.placed, h.i
    `);
    // one to three lines each (i: the order's place in id order), of products that are there
    await tx.execute(sql`
      with history as (
        select o.id, row_number() over (order by o.id) as i from orders o
        where o.payment_id like 'history-%'
      ), catalog as (
        select p.id, p.title, p.price_grosze, row_number() over (order by p.id) - 1 as n
        from products p where not p.is_hidden
      ), lines as (
        select h.id as order_id, h.i, l, (h.i * 7 + l * 131) % (select count(*) from catalog) as n
        from history h cross join generate_series(0, 2) as l
        where l <= h.i % 3
      )
      insert into order_items (order_id, product_id, product_title, unit_price_grosze, quantity, position)
      select x.order_id, c.id, c.title, c.price_grosze, 1 + (x.i + x.l) % 2, x.l
      from lines x join catalog c on c.n = x.n
    `);
    await tx.execute(sql`
      update orders o set total_products_grosze = t.sum, price_grosze = t.sum + o.delivery_price_grosze
      from (select order_id, sum(unit_price_grosze * quantity)::int as sum from order_items group by order_id) t
      where t.order_id = o.id and o.payment_id like 'history-%'
    `);
    await tx.execute(sql`
      insert into order_statuses (order_id, status, created_at)
      select o.id, s.status, o.created_at + s.after
      from orders o
      cross join lateral (values ('NEW', interval '0'), ('PAYMENT_NEW', interval '1 second'),
        (o.status, interval '2 days')) as s(status, after)
      where o.payment_id like 'history-%'
    `);
    await tx.execute(sql`
      insert into payments (order_id, provider, external_id, status, amount_grosze, redirect_url,
        idempotency_key, created_at, updated_at)
      select o.id, 'demo', o.payment_id,
        case when o.status = 'CANCELED' then 'PAYMENT_ERROR' else 'PAYMENT_CONFIRMED' end,
        o.price_grosze, '/platnosc/demo/' || o.payment_id, 'history-' || o.id, o.created_at, o.created_at
      from orders o where o.payment_id like 'history-%'
    `);
  });
  return count;
}
