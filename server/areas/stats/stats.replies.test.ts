import { describe, expect, it } from "vitest";
import { warsawDay } from "../../../domain/stats";
import { kitForFile } from "../../test/kit-for-file";
import { expectDeclaredReply } from "../../test/reply-check";
import { startStaffApi } from "../../test/staff-api";
import { insertShopFixtures, placeOrderAtServerPrice } from "../orders/orders.fixtures";

// The real reply of GET /api/shops/stats matches what its declaration gives (stats.replies.ts):
// a week with one paid order, so every list has an entry.

const kit = kitForFile(startStaffApi);

describe("stats replies", () => {
  it("the dashboard's figures answer what they declare", async () => {
    const shop = await insertShopFixtures(kit.database.db);
    const cart = [{ productId: shop.plain.id, quantity: 1, variantKeys: {}, variantId: null }];
    const placed = await placeOrderAtServerPrice(kit.app, { cart });
    const { payment } = placed.json();
    await kit.app.services.payments.demoDecide(
      String(payment.redirectUrl).replace("/bramka-demo/", ""),
      "pay",
    );
    const today = warsawDay(new Date());
    const stats = await kit.call("moderator", "GET", `/api/shops/stats?from=${today}&to=${today}`);
    expect(stats.json()).toMatchObject({ paidOrders: 1, topProducts: [{ productId: shop.plain.id }] });
    expectDeclaredReply(kit.app, "GET /api/shops/stats", stats);
  });
});
