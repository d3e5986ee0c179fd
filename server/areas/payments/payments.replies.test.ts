import { describe, expect, it } from "vitest";
import { kitForFile } from "../../test/kit-for-file";
import { startPaynowShop } from "../../test/paynow-shop";
import { expectDeclaredReply } from "../../test/reply-check";

// POST /api/payments/:provider/notifications answers what its declaration says: Paynow expects 202
// for an accepted notification (INTEGRATIONS.md §1) and the shop sends nothing else, so the route
// declares an empty body ("none"). The demo bank's notifications take the same handler.

const kit = kitForFile(startPaynowShop);

describe("payments replies", () => {
  it("a Paynow notification is accepted with 202 and an empty body", async () => {
    const placed = await kit.placeOrder();
    expect(placed.statusCode, placed.body).toBe(201);
    const [paymentId = ""] = [...kit.paynow.payments.keys()];
    const response = await kit.deliver(kit.paynow.notification(paymentId, "CONFIRMED"));
    expectDeclaredReply(kit.app, "POST /api/payments/:provider/notifications", response);
  });

  it("a provider the shop does not use answers 404 not-found, which the route declares", async () => {
    const response = await kit.app.inject({
      method: "POST",
      url: "/api/payments/przelewy24/notifications",
      payload: "{}",
      headers: { "content-type": "application/json" },
    });
    expect([response.statusCode, response.json().code]).toEqual([404, "not-found"]);
    expect(kit.app.apiTable["POST /api/payments/:provider/notifications"]?.errors).toContain("not-found");
  });

  it("/api/docs gives the 202 without a body", async () => {
    const paths = (await kit.app.inject({ url: "/api/docs/json" })).json().paths;
    const accepted = paths["/api/payments/{provider}/notifications"]?.post?.responses?.["202"];
    expect(accepted).toEqual({ description: "Success, empty body" });
  });
});
