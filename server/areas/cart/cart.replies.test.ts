import { beforeAll, describe, expect, it } from "vitest";
import { productImages } from "../../db/schema";
import { kitForFile } from "../../test/kit-for-file";
import { expectDeclaredReply } from "../../test/reply-check";
import { startStaffApi } from "../../test/staff-api";
import { insertShopFixtures, type ShopFixtures } from "../orders/orders.fixtures";

// POST /api/cart/restore answers what its declaration says (cart.replies.ts): a saved cart with a
// line lowered to the stock, a line whose product is gone, a variant and a coupon.

const kit = kitForFile(startStaffApi);
let shop: ShopFixtures;

beforeAll(async () => {
  shop = await insertShopFixtures(kit.database.db, { plainQuantity: 3 });
  await kit.database.db.insert(productImages).values({
    productId: shop.plain.id,
    url: "/media/produkty/kocyk.webp",
    thumbUrl: "/media/produkty/kocyk-300.webp",
    name: "kocyk",
  });
});

describe("cart replies", () => {
  it("POST /api/cart/restore: the priced cart and what restoring changed", async () => {
    const { plain, variantProduct } = shop;
    const response = await kit.call("anonymous", "POST", "/api/cart/restore", {
      cart: [
        { productId: plain.id, quantity: 5, variantKeys: {}, variantId: null },
        {
          productId: variantProduct.id,
          quantity: 1,
          variantKeys: { [String(variantProduct.fieldId)]: variantProduct.pink.optionId },
          variantId: variantProduct.pink.variantId,
        },
        { productId: 999_999, quantity: 1, variantKeys: {}, variantId: null },
      ],
      coupon: shop.percentCoupon.code,
      delivery: "parcel-locker",
    });
    expectDeclaredReply(kit.app, "POST /api/cart/restore", response);
    const body = response.json();
    expect(body.lines).toHaveLength(2);
    expect(body.lines[0].image?.url).toBe("/media/produkty/kocyk.webp");
    expect(body.coupon?.code).toBe(shop.percentCoupon.code);
    expect(body.changes.map((change: { kind: string }) => change.kind).sort()).toEqual([
      "reduced",
      "removed",
    ]);
  });
});
