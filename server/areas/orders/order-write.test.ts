import { eq, inArray, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { type PreparedStatement, preparedStatement } from "../../db/prepared-statement";
import { orderItems, orders, products } from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { loadCartCatalog } from "../cart/cart.catalog";
import { newOrderNumber } from "./order-number";
import { type OrderToWrite, writeOrders } from "./order-write";
import { INVOICE_DATA, insertShopFixtures, RECIPIENT, type ShopFixtures } from "./orders.fixtures";

// The group write (ADR 014): one statement whose text is the same
// whatever the number of orders and lines (its rows are JSON parameters), so it is planned once.

let database: TestDatabase;
let shop: ShopFixtures;
let other: ShopFixtures;

beforeAll(async () => {
  database = await createTestDatabase();
  shop = await insertShopFixtures(database.db, { plainQuantity: 100 });
  other = await insertShopFixtures(database.db, { plainQuantity: 100 });
});

afterAll(() => database?.destroy());

/** An order of plain products' lines: units of the first fixture's product, then of the second's. */
function plainOrder(quantities: number[], otherQuantities: number[] = []): OrderToWrite {
  const lines = [
    ...quantities.map((quantity) => ({ productId: shop.plain.id, quantity })),
    ...otherQuantities.map((quantity) => ({ productId: other.plain.id, quantity })),
  ];
  const now = new Date();
  const total = lines.reduce((sum, line) => sum + line.quantity * shop.plain.priceGrosze, 0);
  return {
    values: {
      orderNumber: newOrderNumber(now),
      email: "kupujacy@example.com",
      status: "NEW",
      priceGrosze: total,
      totalProductsGrosze: total,
      deliveryMethod: "parcel-locker",
      deliveryTitle: "Paczkomat",
      deliveryPriceGrosze: 0,
      maxProcessingTime: "1-2",
      recipient: { ...RECIPIENT, phone: RECIPIENT.phone ?? "" },
      invoiceData: { ...INVOICE_DATA, email: "", phone: "" },
      lang: "pl",
      stockReserved: true,
      reservedUntil: new Date(now.getTime() + 60_000),
    },
    items: lines.map(({ productId, quantity }, position) => ({
      productId,
      variantId: null,
      productTitle: "Kocyk",
      variantTitle: null,
      variantLabel: null,
      variantKeys: {},
      unitPriceGrosze: shop.plain.priceGrosze,
      quantity,
      vatRate: 23,
      position,
    })),
  };
}

describe("writeOrders", () => {
  it("sends the same statement text for a group of one order of one line and a group of three orders of several", async () => {
    const dialect = new PgDialect();
    const texts: string[] = [];
    const prepared = preparedStatement(database.db, "test_write_orders");
    const run: PreparedStatement = (query: SQL) => {
      texts.push(dialect.sqlToQuery(query).sql);
      return prepared(query);
    };
    const write = (list: OrderToWrite[]) =>
      writeOrders(
        run,
        list,
        list.flatMap((order) =>
          order.items.map((item) => ({
            productId: item.productId,
            variantId: item.variantId,
            quantity: item.quantity,
            productTitle: item.productTitle,
          })),
        ),
        new Date(),
      );
    const alone = await write([plainOrder([1])]);
    // two stock rows (two products) instead of one, five lines, three orders
    const group = [plainOrder([2, 1]), plainOrder([1], [2]), plainOrder([3, 1, 1], [1])];
    const together = await write(group);
    expect(alone.ok && together.ok).toBe(true);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toBe(texts[0]);

    // and the rows are what was asked: the orders with their lines, the units taken (1 + 9, and 3)
    const numbers = group.map((order) => order.values.orderNumber);
    const written = await database.db
      .select({ number: orders.orderNumber, quantity: orderItems.quantity })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(inArray(orders.orderNumber, numbers));
    expect(written).toHaveLength(8);
    const [left] = await database.db
      .select({ quantity: products.quantity })
      .from(products)
      .where(eq(products.id, shop.plain.id));
    expect(left?.quantity).toBe(90);
    const [otherLeft] = await database.db
      .select({ quantity: products.quantity })
      .from(products)
      .where(eq(products.id, other.plain.id));
    expect(otherLeft?.quantity).toBe(97);

    // a short row: nothing written, the shortage named
    const short = await write([plainOrder([91], [1])]);
    expect(short.ok).toBe(false);
    expect(texts[2]).toBe(texts[0]);
    if (!short.ok) expect(short.shortage.productId).toBe(shop.plain.id);
  });

  it("reads a group's catalog with the same statement text for one product and for two", async () => {
    const dialect = new PgDialect();
    const texts: string[] = [];
    const prepared = preparedStatement(database.db, "test_order_catalog");
    const run: PreparedStatement = (query: SQL) => {
      texts.push(dialect.sqlToQuery(query).sql);
      return prepared(query);
    };
    const one = await loadCartCatalog(database.db, [shop.plain.id], run);
    const two = await loadCartCatalog(database.db, [shop.plain.id, other.plain.id], run);
    expect([...one.products.keys()]).toEqual([shop.plain.id]);
    expect([...two.products.keys()].sort((a, b) => a - b)).toEqual(
      [shop.plain.id, other.plain.id].sort((a, b) => a - b),
    );
    expect(two.products.get(other.plain.id)?.priceGrosze).toBe(other.plain.priceGrosze);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toBe(texts[0]);
  });

  it("plans the group's catalog read once, whatever the ids it is given", async () => {
    // PostgreSQL plans a prepared statement's first 5 executions for their values, then keeps one
    // plan for any values unless a plan for the values looks cheaper. Ids given as an int[] looked
    // cheaper for every 1-3 ids, so every order planned the read afresh. Counted on one session: the
    // embedded database's, or one PostgreSQL connection (a transaction holds it).
    const count = async (session: Db) => {
      const prepared = preparedStatement(session, "test_catalog_plan");
      for (let i = 0; i < 8; i += 1) {
        const ids = i % 2 === 0 ? [shop.plain.id] : [shop.plain.id, other.plain.id];
        const catalog = await loadCartCatalog(session, ids, prepared);
        expect(catalog.products.size).toBe(ids.length);
      }
      const rows = await session.execute<{ generic: number; custom: number }>(sql`
        select generic_plans::int as generic, custom_plans::int as custom
        from pg_prepared_statements where name like 'test_catalog_plan%'`);
      return rows.rows;
    };
    const plans =
      database.kind === "pglite"
        ? await count(database.db)
        : await database.db.transaction((tx) => count(tx as unknown as Db));
    expect(plans).toEqual([{ generic: 3, custom: 5 }]);
  });
});
