import { beforeAll, describe, expect, it } from "vitest";
import type { AddressData, Order } from "../../../domain/types";
import { orderItems, orderStatuses, orders } from "../../db/schema";
import { startApi } from "../../test/api";
import { kitForFile } from "../../test/kit-for-file";
import { bearer, createSignedInUser, type FixtureUser } from "../accounts/accounts.fixtures";
import { createOrderQueries } from "./orders.queries";

// A customer's orders (the checkout issue creates orders later; here fixture rows are inserted directly).

const kit = kitForFile(() => startApi({ name: "orders-test" }));

let owner: FixtureUser & { token: string };
let stranger: FixtureUser & { token: string };
const orderIds: Record<string, number> = {};

const address: AddressData = {
  displayName: "Katarzyna Nowak",
  email: "kasia@example.com",
  phone: "501 234 567",
  postCode: "31-128",
  city: "Kraków",
  street: "Karmelicka 12/4",
  nip: null,
};
const day = (n: number) => new Date(Date.UTC(2026, 5, n, 12));

async function insertOrder(
  orderNumber: string,
  userId: number | null,
  createdAt: Date,
  extra: Partial<typeof orders.$inferInsert> = {},
): Promise<number> {
  const [row] = await kit.database.db
    .insert(orders)
    .values({
      orderNumber,
      userId,
      email: address.email,
      priceGrosze: 10_997,
      totalProductsGrosze: 9_998,
      deliveryMethod: "parcel-locker",
      deliveryTitle: "Paczkomat InPost",
      deliveryPriceGrosze: 999,
      recipient: address,
      invoiceData: { ...address, nip: "5260001246" },
      createdAt,
      ...extra,
    })
    .returning({ id: orders.id });
  if (!row) throw new Error("no order");
  orderIds[orderNumber] = row.id;
  return row.id;
}

beforeAll(async () => {
  owner = await createSignedInUser(kit.database.db, { displayName: "Katarzyna Nowak" });
  stranger = await createSignedInUser(kit.database.db);

  const middle = await insertOrder("ZAM-0002", owner.id, day(10), {
    status: "SHIPMENT_NUMBER_ADDED",
    couponCode: "WITAJ10",
    couponDiscountGrosze: 1_000,
    shipmentNumber: "620000000000000000000001",
    invoiceUrl: "/api/orders/2/invoice",
    maxProcessingTime: "3-6",
    deliveryPoint: {
      foreign_access_point_id: "KRA010",
      name: "KRA010",
      street: "Karmelicka",
      house_number: "12",
      flat_number: null,
      postal_code: "31-128",
      city: "Kraków",
    },
  });
  await insertOrder("ZAM-0001", owner.id, day(1));
  await insertOrder("ZAM-0003", owner.id, day(20), { deliveryMethod: "courier", deliveryTitle: "Kurier" });
  await insertOrder("OBCE-0001", stranger.id, day(15));
  await insertOrder("GOSC-0001", null, day(16));

  await kit.database.db.insert(orderItems).values([
    {
      orderId: middle,
      productTitle: "Kocyk minky",
      variantTitle: "Kolor: róż",
      variantLabel: "róż",
      variantKeys: { "1": 2 },
      unitPriceGrosze: 4_999,
      quantity: 2,
      position: 1,
    },
    { orderId: middle, productTitle: "Rożek niemowlęcy", unitPriceGrosze: 8_999, quantity: 1, position: 0 },
  ]);
  // inserted out of time order
  await kit.database.db.insert(orderStatuses).values([
    { orderId: middle, status: "SHIPMENT_NUMBER_ADDED", createdAt: day(12) },
    { orderId: middle, status: "NEW", createdAt: day(10) },
    { orderId: middle, status: "PAYMENT_CONFIRMED", createdAt: day(11), hidden: true },
    { orderId: middle, status: "INPOST_delivered", createdAt: day(13), data: { title: "Dostarczona" } },
  ]);
});

describe("orders.queries", () => {
  it("lists only the user's own orders, newest first", async () => {
    const list = await createOrderQueries(kit.database.db).listForUser(owner.id);
    expect(list.map((order) => order.orderNumber)).toEqual(["ZAM-0003", "ZAM-0002", "ZAM-0001"]);
    expect(await createOrderQueries(kit.database.db).listForUser(stranger.id)).toHaveLength(1);
  });

  it("builds the full Order DTO: cart in position order, statuses by time, money in grosze", async () => {
    const order = (await createOrderQueries(kit.database.db).getForUser(
      owner.id,
      orderIds["ZAM-0002"] ?? 0,
    )) as Order;
    expect(order).toMatchObject({
      _id: orderIds["ZAM-0002"],
      orderNumber: "ZAM-0002",
      createdAt: day(10).toISOString(),
      status: "SHIPMENT_NUMBER_ADDED",
      priceGrosze: 10_997,
      totalProductsGrosze: 9_998,
      delivery: { method: "parcel-locker", title: "Paczkomat InPost", priceGrosze: 999 },
      coupon: { code: "WITAJ10" },
      couponDiscountGrosze: 1_000,
      maxProcessingTime: "3-6",
      shipmentNumber: "620000000000000000000001",
      invoiceUrl: "/api/orders/2/invoice",
      user: { _id: owner.id, displayName: "Katarzyna Nowak", email: owner.email },
      email: address.email,
      recipient: address,
      invoiceData: { ...address, nip: "5260001246" },
      deliveryPoint: { foreign_access_point_id: "KRA010", postal_code: "31-128" },
    });
    expect(order.cart).toEqual([
      {
        product: null,
        productTitle: "Rożek niemowlęcy",
        variantTitle: null,
        variantLabel: null,
        variantKeys: {},
        variant: null,
        unitPriceGrosze: 8_999,
        quantity: 1,
        priceGrosze: 8_999,
        vatRate: 23,
      },
      {
        product: null,
        productTitle: "Kocyk minky",
        variantTitle: "Kolor: róż",
        variantLabel: "róż",
        variantKeys: { "1": 2 },
        variant: null,
        unitPriceGrosze: 4_999,
        quantity: 2,
        priceGrosze: 9_998,
        vatRate: 23,
      },
    ]);
    expect(order.statuses.map((entry) => [entry.status, entry.hidden])).toEqual([
      ["NEW", false],
      ["PAYMENT_CONFIRMED", true],
      ["SHIPMENT_NUMBER_ADDED", false],
      ["INPOST_delivered", false],
    ]);
    expect(order.statuses[3]?.data).toEqual({ title: "Dostarczona" });
  });

  it("an order without items, statuses, coupon or point still reads", async () => {
    const order = await createOrderQueries(kit.database.db).getForUser(owner.id, orderIds["ZAM-0001"] ?? 0);
    expect(order).toMatchObject({
      cart: [],
      statuses: [],
      coupon: null,
      deliveryPoint: null,
      maxProcessingTime: "1-2",
    });
  });

  it("returns null for another user's, a guest's or a missing order", async () => {
    const queries = createOrderQueries(kit.database.db);
    expect(await queries.getForUser(owner.id, orderIds["OBCE-0001"] ?? 0)).toBeNull();
    expect(await queries.getForUser(owner.id, orderIds["GOSC-0001"] ?? 0)).toBeNull();
    expect(await queries.getForUser(owner.id, 2_000_000_000)).toBeNull();
    expect(await queries.getForUser(stranger.id, orderIds["ZAM-0002"] ?? 0)).toBeNull();
  });
});

describe("GET /api/orders/my", () => {
  it("answers the signed-in user's orders, newest first", async () => {
    const response = await kit.app.inject({
      method: "GET",
      url: "/api/orders/my",
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect((response.json() as Order[]).map((order) => order.orderNumber)).toEqual([
      "ZAM-0003",
      "ZAM-0002",
      "ZAM-0001",
    ]);
    const theirs = await kit.app.inject({
      method: "GET",
      url: "/api/orders/my",
      headers: bearer(stranger.token),
    });
    expect((theirs.json() as Order[]).map((order) => order.orderNumber)).toEqual(["OBCE-0001"]);
  });

  it("is 401 for anonymous", async () => {
    const response = await kit.app.inject({ method: "GET", url: "/api/orders/my" });
    expect(response.statusCode).toBe(401);
  });
});
