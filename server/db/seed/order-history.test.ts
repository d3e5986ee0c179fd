import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryMethod } from "../../../domain/delivery";
import { ORDER_NUMBER_PATTERN } from "../../areas/orders/order-number";
import { createOrderQueries } from "../../areas/orders/orders.queries";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { seedLargeCatalog } from "./large-catalog";
import { seedOrderHistory } from "./order-history";

// The bench's past orders (server/db/seed/order-history.ts): what it writes is what the shop writes
// — numbers in the shop's format, lines of products that exist, totals that add up, a status
// history and a payment each — and the shop's own queries read it.

const ORDERS = 300;
const NOW = new Date("2026-11-26T12:00:00Z");
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedLargeCatalog(database.db, { products: 200 });
  await seedOrderHistory(database.db, { orders: ORDERS, now: NOW });
}, 120_000);

afterAll(async () => {
  await database?.destroy();
});

async function rows<T>(query: SQL): Promise<T[]> {
  return (await database.db.execute(query)).rows as T[];
}

describe("seedOrderHistory", () => {
  it("writes the orders with unique numbers in the shop's format, placed in the year before now", async () => {
    const orders = await rows<{ order_number: string; created_at: string | Date }>(
      sql`select order_number, created_at from orders`,
    );
    expect(orders).toHaveLength(ORDERS);
    expect(new Set(orders.map((o) => o.order_number)).size).toBe(ORDERS);
    for (const order of orders) {
      expect(order.order_number).toMatch(ORDER_NUMBER_PATTERN);
      const placed = new Date(order.created_at).getTime();
      expect(placed).toBeLessThanOrEqual(NOW.getTime());
      expect(placed).toBeGreaterThan(NOW.getTime() - 366 * 86_400_000);
    }
  });

  it("gives each order one to three lines of visible products at their price, and totals that add up", async () => {
    // the i-th order by id has i % 3 + 1 lines: 1..300 → 100 orders each of 1, 2 and 3 lines
    const [lines] = await rows<{ n: number }>(sql`select count(*)::int as n from order_items`);
    expect(lines?.n).toBe(600);
    const [wrongLine] = await rows<{ n: number }>(sql`
      select count(*)::int as n from order_items i left join products p on p.id = i.product_id
      where p.id is null or p.is_hidden or i.unit_price_grosze <> p.price_grosze or i.product_title <> p.title`);
    expect(wrongLine?.n).toBe(0);
    const courier = deliveryMethod("courier");
    const [wrongTotal] = await rows<{ n: number }>(sql`
      select count(*)::int as n from orders o
      join (select order_id, sum(unit_price_grosze * quantity) as products from order_items group by order_id) t
        on t.order_id = o.id
      where o.total_products_grosze <> t.products
        or o.price_grosze <> t.products + ${courier.priceGrosze}
        or o.delivery_method <> ${courier.id}`);
    expect(wrongTotal?.n).toBe(0);
  });

  it("records how each order went: NEW, PAYMENT_NEW and its final status, and its payment", async () => {
    const finals = await rows<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from orders group by status order by status`,
    );
    // by i % 20: 14 of 20 delivered, 2 canceled, 2 in delivery, 2 being packed
    expect(Object.fromEntries(finals.map((f) => [f.status, f.n]))).toEqual({
      PARCEL_DELIVERED: 210,
      CANCELED: 30,
      IN_DELIVERY: 30,
      PACKING: 30,
    });
    const [statuses] = await rows<{ n: number }>(sql`select count(*)::int as n from order_statuses`);
    expect(statuses?.n).toBe(3 * ORDERS);
    const payments = await rows<{ status: string; n: number }>(
      sql`select p.status, count(*)::int as n from payments p join orders o on o.id = p.order_id
          where p.amount_grosze = o.price_grosze group by p.status order by p.status`,
    );
    expect(payments).toEqual([
      { status: "PAYMENT_CONFIRMED", n: 270 },
      { status: "PAYMENT_ERROR", n: 30 },
    ]);
  });

  it("is read by the shop's own order queries", async () => {
    const [first] = await rows<{ id: number }>(sql`select id from orders order by id limit 1`);
    const order = await createOrderQueries(database.db).getById(first?.id ?? 0);
    expect(order?.status).toMatch(/^(PARCEL_DELIVERED|CANCELED|IN_DELIVERY|PACKING)$/);
    expect(order?.cart.length).toBeGreaterThan(0);
    expect(order?.statuses.map((s) => s.status).slice(0, 2)).toEqual(["NEW", "PAYMENT_NEW"]);
    expect(order?.recipient.city).toBe("Kraków");
  });
});
