import { beforeAll, describe, expect, it } from "vitest";
import { insertShopFixtures, type ShopFixtures } from "../areas/orders/orders.fixtures";
import { DEFAULT_RATE_LIMITS } from "../lib/rate-limit";
import { startApi } from "../test/api";
import { placeGuestOrder } from "../test/guest-order";
import { kitForFile } from "../test/kit-for-file";

// Smaller holes of issue 24 item 8, with the shop's real limits: "people viewing now" cannot be
// inflated from one address, and the guest order lookup makes wrong guesses dear while the result
// page's polling of the right number and e-mail never runs into the limit.

const kit = kitForFile(() => startApi({ name: "small-holes" }));
let shop: ShopFixtures;

beforeAll(async () => {
  shop = await insertShopFixtures(kit.database.db, { plainQuantity: 100 });
});

let addressCounter = 0;
const newAddress = () => `203.0.113.${++addressCounter}`;

describe("people viewing now", () => {
  it("40 posts from one address with 40 user agents and sessions are one viewer", async () => {
    const ip = newAddress();
    for (let index = 0; index < 40; index++) {
      const response = await kit.app.inject({
        method: "POST",
        url: `/api/shops/products/${shop.plain.id}/views`,
        remoteAddress: ip,
        headers: { "user-agent": `Browser/${index}`, cookie: `session=fake-${index}` },
      });
      expect(response.statusCode).toBe(204);
    }
    expect(await kit.app.services.productActivity.viewersLast15Minutes(shop.plain.id)).toBe(1);
  });

  it("the posts are limited per address", async () => {
    const ip = newAddress();
    const limit = DEFAULT_RATE_LIMITS["product-view"].perAddress.limit;
    const statuses: number[] = [];
    for (let index = 0; index <= limit; index++) {
      const response = await kit.app.inject({
        method: "POST",
        url: `/api/shops/products/${shop.plain.id}/views`,
        remoteAddress: ip,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, limit).every((status) => status === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // another address is not affected
    const other = await kit.app.inject({
      method: "POST",
      url: `/api/shops/products/${shop.plain.id}/views`,
      remoteAddress: newAddress(),
    });
    expect(other.statusCode).toBe(204);
  });
});

describe("guest order lookup", () => {
  let order: { orderNumber: string; email: string };

  beforeAll(async () => {
    order = await placeGuestOrder(kit.app, shop.plain.id, "sprawdzam@example.com", newAddress());
  });

  const lookup = (orderNumber: string, email: string, remoteAddress: string) =>
    kit.app.inject({ url: `/api/orders/${orderNumber}?email=${encodeURIComponent(email)}`, remoteAddress });

  it("polling the right number and e-mail every 2 s for 10 minutes is never refused", async () => {
    const ip = newAddress();
    // 300 reads in 10 minutes; 40 here are past any failed-lookup limit many times over
    for (let index = 0; index < 40; index++) {
      const response = await lookup(order.orderNumber, order.email, ip);
      expect(response.statusCode, `read ${index + 1}`).toBe(200);
    }
  });

  it("wrong guesses of one order's e-mail are refused after 10, from any address", async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 12; index++) {
      statuses.push(
        (await lookup(order.orderNumber, `zgaduje-${index}@example.com`, newAddress())).statusCode,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("wrong guesses from one address are refused after 10, whatever the number", async () => {
    const ip = newAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 12; index++) {
      statuses.push((await lookup(`${9_000_000 + index}`, "ktos@example.com", ip)).statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
