import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema";
import { recordFigure } from "../../test/figures";
import { kitForFile } from "../../test/kit-for-file";
import { NO_ORDER_OR_COUPON_LIMIT } from "../../test/rate-limits";
import { startStaffApi } from "../../test/staff-api";
import { insertShopFixtures, orderBody, RECIPIENT, type ShopFixtures } from "../orders/orders.fixtures";

// A coupon made through the staff API holds its limits when orders race for it: the order
// transaction counts uses under the coupon row lock (orders.service.ts). Meaningful on PostgreSQL
// (DATABASE_URL); PGlite runs the same assertions one connection at a time.

// 50 orders at once from one address: the order and coupon limits are other tests' subject
const kit = kitForFile(() => startStaffApi({ rateLimits: NO_ORDER_OR_COUPON_LIMIT }));
let shop: ShopFixtures;
beforeAll(async () => {
  shop = await insertShopFixtures(kit.database.db, { plainQuantity: 1_000 });
});

const DELIVERY = 999;
let counter = 0;
async function staffCoupon(limits: Record<string, unknown>): Promise<{ id: number; code: string }> {
  counter += 1;
  const code = `LIMITY${counter}`;
  const response = await kit.call("moderator", "POST", "/api/shops/coupons", {
    code,
    discountType: "fixed",
    discountValue: 500,
    startDate: "2025-01-01",
    endDate: "2099-12-31",
    ...limits,
  });
  expect(response.statusCode).toBe(201);
  return { id: response.json()._id, code };
}

function order(coupon: { code: string }, quantity: number, email: string) {
  return kit.call(
    "anonymous",
    "POST",
    "/api/orders",
    orderBody({
      cart: [{ productId: shop.plain.id, quantity, variantKeys: {}, variantId: null }],
      priceGrosze: shop.plain.priceGrosze * quantity + DELIVERY - 500,
      coupon: coupon.code,
      recipient: { ...RECIPIENT, email },
    }),
  );
}

describe("coupon limits under concurrency", () => {
  it("a usage limit of 5: exactly 5 of 50 concurrent orders get the discount, the rest coupon/invalid", async () => {
    const coupon = await staffCoupon({ usageLimit: 5 });
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => order(coupon, 1, `kupujacy${i}@example.com`)),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(5);
    const refused = replies.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(45);
    expect(refused.every((r) => r.statusCode === 400 && r.json().code === "coupon/invalid")).toBe(true);
    const listed = (await kit.call("moderator", "GET", "/api/shops/coupons")).json();
    const uses = listed.find((c: { _id: number }) => c._id === coupon.id)?.uses;
    expect(uses).toBe(5);
    const discounted = replies.filter((r) => r.statusCode === 201).length;
    recordFigure({
      suite: "concurrency",
      tried: "50 concurrent orders with a coupon limited to 5 uses",
      result: `${discounted} discounted orders, ${refused.length} × coupon/invalid, ${uses} uses counted`,
      held: discounted === 5 && uses === 5,
    });
  });

  it("a per-customer limit of 2: one customer gets exactly 2 of 20 concurrent orders, another still can", async () => {
    const coupon = await staffCoupon({ usageLimitPerCustomer: 2 });
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => order(coupon, 1, "ta-sama@example.com")),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(replies.filter((r) => r.statusCode !== 201).every((r) => r.json().code === "coupon/invalid")).toBe(
      true,
    );
    // the same customer typed in another case is the same customer
    expect((await order(coupon, 1, "TA-SAMA@example.com")).statusCode).toBe(400);
    expect((await order(coupon, 1, "ktos-inny@example.com")).statusCode).toBe(201);
  });

  it("a minimum order value is enforced exactly (below refused, equal accepted)", async () => {
    const coupon = await staffCoupon({ minOrderGrosze: 2 * shop.plain.priceGrosze });
    const below = await order(coupon, 1, "minimum@example.com");
    expect(below.statusCode).toBe(400);
    expect(below.json().code).toBe("coupon/invalid");
    const equal = await Promise.all(
      Array.from({ length: 10 }, (_, i) => order(coupon, 2, `min${i}@example.com`)),
    );
    expect(equal.every((r) => r.statusCode === 201)).toBe(true);
  });

  it("total and per-customer limits together hold under 50 concurrent orders from 5 customers", async () => {
    const coupon = await staffCoupon({ usageLimit: 7, usageLimitPerCustomer: 2 });
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => order(coupon, 1, `klient${i % 5}@example.com`)),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(7);
    const perCustomer = await kit.database.db
      .select({ email: orders.email, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.couponId, coupon.id))
      .groupBy(orders.email);
    const total = perCustomer.reduce((sum, row) => sum + row.n, 0);
    const mostByOne = Math.max(...perCustomer.map((row) => row.n));
    expect(total).toBe(7);
    expect(mostByOne).toBeLessThanOrEqual(2);
    recordFigure({
      suite: "concurrency",
      tried: "50 concurrent orders from 5 customers, coupon limited to 7 uses and 2 per customer",
      result: `${total} discounted orders, at most ${mostByOne} per customer`,
      held: total === 7 && mostByOne <= 2,
    });
  });
});

describe("what counts as a use (issue 24: paid orders plus unexpired holds, never abandoned ones)", () => {
  const MINUTE = 60_000;
  /** The order's payment time ran out (still PAYMENT_NEW: the expiry job has not run yet). */
  async function abandon(orderNumber: string) {
    const past = new Date(Date.now() - 2 * 60 * MINUTE);
    await kit.database.db
      .update(orders)
      .set({ createdAt: past, reservedUntil: new Date(Date.now() - MINUTE) })
      .where(eq(orders.orderNumber, orderNumber));
  }
  async function usesListed(id: number): Promise<number> {
    const listed = (await kit.call("moderator", "GET", "/api/shops/coupons")).json();
    return listed.find((c: { _id: number }) => c._id === id)?.uses;
  }
  const check = (code: string) => kit.call("anonymous", "GET", `/api/shops/coupons/is-active/${code}`);

  it("an unpaid order whose payment time ran out gives its use back at once; a paid one keeps it however old", async () => {
    const coupon = await staffCoupon({ usageLimit: 2 });
    const first = await order(coupon, 1, "porzucone@example.com");
    const second = await order(coupon, 1, "oplacone@example.com");
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect((await order(coupon, 1, "trzeci@example.com")).json().code).toBe("coupon/invalid");
    expect((await check(coupon.code)).statusCode).toBe(400);
    expect(await usesListed(coupon.id)).toBe(2);

    // the first is abandoned (its hold ended, not canceled yet); the second is paid, long ago
    await abandon(first.json().orderNumber);
    await kit.database.db
      .update(orders)
      .set({
        status: "PAYMENT_CONFIRMED",
        paidAt: new Date(Date.now() - 24 * 60 * MINUTE),
        createdAt: new Date(Date.now() - 25 * 60 * MINUTE),
        reservedUntil: null,
      })
      .where(eq(orders.orderNumber, second.json().orderNumber));
    expect(await usesListed(coupon.id)).toBe(1);
    expect((await check(coupon.code)).statusCode).toBe(200);
    const again = await order(coupon, 1, "czwarty@example.com");
    expect(again.statusCode).toBe(201);
    // paid + a fresh hold: used up again
    expect((await order(coupon, 1, "piaty@example.com")).json().code).toBe("coupon/invalid");
    expect(await usesListed(coupon.id)).toBe(2);
  });

  it("a hold renewed by a retried payment still counts", async () => {
    const coupon = await staffCoupon({ usageLimit: 1 });
    const placed = await order(coupon, 1, "ponowione@example.com");
    expect(placed.statusCode).toBe(201);
    // created long ago, but its retried payment holds the units until later
    await kit.database.db
      .update(orders)
      .set({
        createdAt: new Date(Date.now() - 3 * 60 * MINUTE),
        reservedUntil: new Date(Date.now() + MINUTE),
      })
      .where(eq(orders.orderNumber, placed.json().orderNumber));
    expect((await order(coupon, 1, "inny@example.com")).json().code).toBe("coupon/invalid");
  });

  it("per customer: an abandoned order of this customer does not count either", async () => {
    const coupon = await staffCoupon({ usageLimitPerCustomer: 1 });
    const placed = await order(coupon, 1, "raz@example.com");
    expect(placed.statusCode).toBe(201);
    expect((await order(coupon, 1, "raz@example.com")).json().code).toBe("coupon/invalid");
    await abandon(placed.json().orderNumber);
    expect((await order(coupon, 1, "raz@example.com")).statusCode).toBe(201);
  });
});
