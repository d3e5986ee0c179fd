import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS } from "../../lib/rate-limit";
import { startApi } from "../../test/api";
import { kitForFile } from "../../test/kit-for-file";
import { NO_ORDER_LIMIT } from "../../test/rate-limits";
import { bearer, createSignedInUser } from "../accounts/accounts.fixtures";
import { insertShopFixtures, orderBody, type ShopFixtures } from "../orders/orders.fixtures";

// Issue 24 item 2: a coupon is proven by its CODE everywhere (never by its id), every code check —
// GET is-active, POST /api/cart/restore, POST /api/orders — goes through one limiter (per address,
// and per account when signed in), and a refusal never tells the value of a code not proven.
// The shop's real coupon limit (DEFAULT_RATE_LIMITS.coupon); the order limit is off here.

const kit = kitForFile(() => startApi({ name: "coupon-proof", app: { rateLimits: NO_ORDER_LIMIT } }));
let shop: ShopFixtures;

beforeAll(async () => {
  shop = await insertShopFixtures(kit.database.db, { plainQuantity: 1_000 });
});

const LIMIT = DEFAULT_RATE_LIMITS.coupon.perAddress.limit;
let addressCounter = 0;
/** A fresh client address per test, so one test's guesses do not count in another's. */
const newAddress = () => `198.51.100.${++addressCounter}`;

const line = () => [{ productId: shop.plain.id, quantity: 1, variantKeys: {}, variantId: null }];

function placeOrder(coupon: unknown, remoteAddress: string, headers: Record<string, string> = {}) {
  return kit.app.inject({
    method: "POST",
    url: "/api/orders",
    remoteAddress,
    headers,
    // a total of 0: whatever the coupon is worth, the answer would have to name the real total
    payload: { ...orderBody({ cart: line(), priceGrosze: 0 }), coupon } as object,
  });
}

const isActive = (code: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  kit.app.inject({ url: `/api/shops/coupons/is-active/${encodeURIComponent(code)}`, remoteAddress, headers });

const restore = (coupon: string, remoteAddress: string) =>
  kit.app.inject({
    method: "POST",
    url: "/api/cart/restore",
    remoteAddress,
    payload: { cart: [{ productId: shop.plain.id, variantId: null, variantKeys: {}, quantity: 1 }], coupon },
  });

function expectLimited(response: LightMyRequestResponse, label?: string) {
  expect(response.statusCode, label).toBe(429);
  expect(response.json()).toMatchObject({ code: "rate-limited", messageKey: "errors.rateLimited" });
}

describe("POST /api/orders takes the coupon by its code", () => {
  it("refuses a coupon id: no order and no answer with the coupon's discount", async () => {
    const response = await placeOrder(shop.percentCoupon.id, newAddress());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "validation",
      fields: { coupon: { key: "coupon.invalid" } },
    });
    expect(response.body).not.toContain("couponDiscountGrosze");
  });

  it("an unknown code is coupon/invalid before any price is compared (the wrong total is not told)", async () => {
    const response = await placeOrder("NIE-MA-TAKIEGO", newAddress());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "coupon/invalid" });
    expect(response.json().details).toBeUndefined();
  });

  it("a proven code (any case, spaces around) gives the fresh figures with its discount, and places the order", async () => {
    const address = newAddress();
    const changed = await placeOrder(` ${shop.percentCoupon.code.toLowerCase()} `, address);
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({
      code: "order/price-changed",
      details: { productsGrosze: 4_000, couponDiscountGrosze: 400, totalGrosze: 4_599 },
    });
    const placed = await kit.app.inject({
      method: "POST",
      url: "/api/orders",
      remoteAddress: address,
      payload: orderBody({ cart: line(), priceGrosze: 4_599, coupon: shop.percentCoupon.code }) as object,
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ priceGrosze: 4_599 });
  });
});

describe("one limiter for every code check", () => {
  it("guesses through is-active, the cart restore and the order all count together; then even a real code is refused", async () => {
    const address = newAddress();
    const third = Math.floor(LIMIT / 3);
    for (let i = 0; i < third; i++) expect((await isActive(`ZGADUJE${i}`, address)).statusCode).toBe(400);
    for (let i = 0; i < third; i++) {
      const restored = await restore(`ZGADUJE-R${i}`, address);
      expect(restored.statusCode).toBe(200);
      expect(restored.json().coupon).toBeNull();
    }
    for (let i = 2 * third; i < LIMIT; i++) {
      expect((await placeOrder(`ZGADUJE-O${i}`, address)).json().code).toBe("coupon/invalid");
    }
    expectLimited(await placeOrder(shop.percentCoupon.code, address), "order with a real code");
    expectLimited(await restore(shop.percentCoupon.code, address), "restore with a real code");
    expectLimited(await isActive(shop.percentCoupon.code, address), "is-active with a real code");
    // another address is not affected
    expect((await isActive(shop.percentCoupon.code, newAddress())).statusCode).toBe(200);
  });

  it("POST /api/cart/restore alone: guessing codes is refused after the limit (429, no discount told)", async () => {
    const address = newAddress();
    for (let i = 0; i < LIMIT; i++) expect((await restore(`RESTORE${i}`, address)).statusCode).toBe(200);
    expectLimited(await restore(shop.percentCoupon.code, address));
  });

  it("50 orders guessing codes at once from one address: the limit holds under concurrency", async () => {
    const address = newAddress();
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => placeOrder(`RAZEM${i}`, address)));
    const codes = replies.map((reply) => reply.json().code);
    expect(codes.filter((code) => code === "coupon/invalid")).toHaveLength(LIMIT);
    expect(codes.filter((code) => code === "rate-limited")).toHaveLength(50 - LIMIT);
  });

  it("a signed-in account is limited across addresses", async () => {
    const user = await createSignedInUser(kit.database.db);
    const limit = DEFAULT_RATE_LIMITS.coupon.perAccount.limit;
    for (let i = 0; i < limit; i++) {
      expect((await isActive(`KONTO${i}`, newAddress(), bearer(user.token))).statusCode).toBe(400);
    }
    expectLimited(await isActive(shop.percentCoupon.code, newAddress(), bearer(user.token)));
    // the same new address without the account is not refused
    expect((await isActive(shop.percentCoupon.code, newAddress())).statusCode).toBe(200);
  });

  it("real codes never use the limit up: a shopper checking a code many times is not stopped", async () => {
    const address = newAddress();
    for (let i = 0; i < LIMIT + 5; i++) {
      expect((await isActive(shop.percentCoupon.code, address)).statusCode).toBe(200);
      expect((await restore(shop.percentCoupon.code, address)).json().coupon).toMatchObject({
        code: shop.percentCoupon.code,
      });
    }
  });
});
