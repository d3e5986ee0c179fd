import { describe, expect, it } from "vitest";
import { kitForFile } from "../../test/kit-for-file";
import { expectDeclaredReply } from "../../test/reply-check";
import { startStaffApi } from "../../test/staff-api";
import { insertShopFixtures, placeOrderAtServerPrice } from "../orders/orders.fixtures";

// The real replies of the staff coupon routes match what their declarations give (coupons.replies.ts):
// create (every limit set), list (a coupon an order used), update, delete (the orders that used it).

const kit = kitForFile(startStaffApi);

describe("coupon replies", () => {
  it("create, list, update and delete answer what they declare", async () => {
    const coupon = {
      code: "ODPOWIEDZ15",
      discountType: "fixed",
      discountValue: 1_500,
      startDate: "2025-01-01",
      endDate: "2099-12-31",
      usageLimit: 5,
      usageLimitPerCustomer: 1,
      minOrderGrosze: 2_000,
    };
    const created = await kit.call("moderator", "POST", "/api/shops/coupons", coupon);
    expectDeclaredReply(kit.app, "POST /api/shops/coupons", created);
    const { _id } = created.json();

    const shop = await insertShopFixtures(kit.database.db);
    const cart = [{ productId: shop.plain.id, quantity: 1, variantKeys: {}, variantId: null }];
    const placed = await placeOrderAtServerPrice(kit.app, { cart, coupon: coupon.code });
    expect(placed.statusCode, placed.body).toBe(201);

    const list = await kit.call("moderator", "GET", "/api/shops/coupons");
    expect(list.json().find((row: { _id: number }) => row._id === _id)?.uses).toBe(1);
    expectDeclaredReply(kit.app, "GET /api/shops/coupons", list);
    expectDeclaredReply(
      kit.app,
      "PUT /api/shops/coupons/:id",
      await kit.call("moderator", "PUT", `/api/shops/coupons/${_id}`, { ...coupon, usageLimit: 10 }),
    );
    const removed = await kit.call("moderator", "DELETE", `/api/shops/coupons/${_id}`);
    expect(removed.json().orders).toBe(1);
    expectDeclaredReply(kit.app, "DELETE /api/shops/coupons/:id", removed);
  });
});
