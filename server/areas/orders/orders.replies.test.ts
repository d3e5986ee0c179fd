import { describe, expect, it } from "vitest";
import { kitForFile } from "../../test/kit-for-file";
import { expectDeclaredReply } from "../../test/reply-check";
import { startStaffApi } from "../../test/staff-api";
import { insertShopFixtures, placeOrderAtServerPrice, RECIPIENT } from "./orders.fixtures";

// The real replies of the staff order routes and the invoice match what their declarations give
// (orders.replies.ts): a paid order with a coupon and a parcel locker, its invoice, the staff list,
// its shipment number and delivery.

const kit = kitForFile(startStaffApi);

describe("staff order replies", () => {
  it("the invoice, the staff list, a shipment number and a status answer what they declare", async () => {
    const shop = await insertShopFixtures(kit.database.db);
    const cart = [{ productId: shop.plain.id, quantity: 2, variantKeys: {}, variantId: null }];
    const placed = await placeOrderAtServerPrice(kit.app, { cart, coupon: shop.percentCoupon.code });
    expect(placed.statusCode, placed.body).toBe(201);
    const { _id, orderNumber, payment } = placed.json();
    await kit.app.services.payments.demoDecide(
      String(payment.redirectUrl).replace("/bramka-demo/", ""),
      "pay",
    );

    expectDeclaredReply(
      kit.app,
      "GET /api/orders/:id/invoice",
      await kit.app.inject({
        url: `/api/orders/${orderNumber}/invoice?email=${encodeURIComponent(RECIPIENT.email)}`,
      }),
    );
    const list = await kit.call("moderator", "GET", "/api/orders");
    expect(list.json().items[0]).toMatchObject({ _id, coupon: { code: shop.percentCoupon.code } });
    expectDeclaredReply(kit.app, "GET /api/orders", list);
    expectDeclaredReply(
      kit.app,
      "PUT /api/orders/:id/add-shipment-number",
      await kit.call("moderator", "PUT", `/api/orders/${_id}/add-shipment-number`, {
        shipmentNumber: "620000000000000000000042",
      }),
    );
    expectDeclaredReply(
      kit.app,
      "PUT /api/orders/:id/add-status",
      await kit.call("moderator", "PUT", `/api/orders/${_id}/add-status`, { status: "PARCEL_DELIVERED" }),
    );
  });
});
