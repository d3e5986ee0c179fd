import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatDate } from "../../../domain/i18n";
import { couponToFormValues } from "../../../domain/validation/coupon";
import { coupons, orders } from "../../db/schema";
import { kitForFile } from "../../test/kit-for-file";
import { expectStaffOnly, startStaffApi, writesTo } from "../../test/staff-api";
import { insertShopFixtures, orderBody } from "../orders/orders.fixtures";

// GET/POST /api/shops/coupons, PUT/DELETE /api/shops/coupons/:id: staff only, code unique ignoring
// case, percent 1..100, end not before start, limits stored, every write audited, orders keep
// their discount when the coupon goes.

const kit = kitForFile(startStaffApi);

let counter = 0;
const coupon = (patch: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    code: `KOD${counter}`,
    discountType: "percent",
    discountValue: 10,
    startDate: "2025-01-01",
    endDate: "2099-12-31",
    ...patch,
  };
};
const rowOf = async (id: number) =>
  (await kit.database.db.select().from(coupons).where(eq(coupons.id, id)))[0];

describe("coupons (staff)", () => {
  it("creates a coupon with limits, lists it with its uses, updates and audits it", async () => {
    const created = await kit.call(
      "moderator",
      "POST",
      "/api/shops/coupons",
      coupon({
        code: "Wiosna15",
        discountType: "fixed",
        discountValue: 1500,
        usageLimit: 5,
        usageLimitPerCustomer: 1,
        minOrderGrosze: 10_000,
      }),
    );
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      code: "Wiosna15",
      discountType: "fixed",
      discountValue: 1500,
      // the typed days are Warsaw days: 1.01.2025 00:00 and 31.12.2099 23:59:59.999 Polish time
      startDate: "2024-12-31T23:00:00.000Z",
      endDate: "2099-12-31T22:59:59.999Z",
      usageLimit: 5,
      usageLimitPerCustomer: 1,
      minOrderGrosze: 10_000,
      uses: 0,
    });
    const list = await kit.call("moderator", "GET", "/api/shops/coupons");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(body);

    const updated = await kit.call(
      "moderator",
      "PUT",
      `/api/shops/coupons/${body._id}`,
      coupon({ code: "WIOSNA15", discountValue: 20, usageLimit: "", minOrderGrosze: null }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      code: "WIOSNA15",
      discountType: "percent",
      discountValue: 20,
      usageLimit: null,
    });

    const audit = await kit.auditOf("coupon", body._id);
    expect(audit.map((entry) => entry.action)).toEqual(["coupon.update", "coupon.create"]);
    expect(audit[0]?.before).toMatchObject({ discountType: "fixed", discountValue: 1500, usageLimit: 5 });
    expect(audit[0]?.after).toMatchObject({ discountType: "percent", discountValue: 20, usageLimit: null });
    expect(audit[0]).toMatchObject({ actorId: kit.moderator.id });
  });

  it("stores a typed day as that day in Warsaw and gives the same day back (summer and winter)", async () => {
    const created = await kit.call(
      "moderator",
      "POST",
      "/api/shops/coupons",
      coupon({ code: "SYLWESTER", startDate: "2026-07-01", endDate: "2026-12-31" }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      startDate: "2026-06-30T22:00:00.000Z",
      endDate: "2026-12-31T22:59:59.999Z",
    });
    expect(formatDate("pl", body.endDate)).toBe("31.12.2026");
    expect(couponToFormValues(body)).toMatchObject({ startDate: "2026-07-01", endDate: "2026-12-31" });
  });

  it("refuses a code another coupon has in another case, with a field error", async () => {
    await kit.call("moderator", "POST", "/api/shops/coupons", coupon({ code: "LatoMix" }));
    const again = await kit.call("moderator", "POST", "/api/shops/coupons", coupon({ code: "latomix" }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: "validation",
      fields: { code: { key: "validation.unique" } },
    });
    const other = (await kit.call("moderator", "POST", "/api/shops/coupons", coupon())).json();
    const renamed = await kit.call(
      "moderator",
      "PUT",
      `/api/shops/coupons/${other._id}`,
      coupon({ code: "LATOMIX" }),
    );
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().fields.code.key).toBe("validation.unique");
    expect((await rowOf(other._id))?.code).toBe(other.code);
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      "percent above 100",
      { discountValue: 101 },
      { discountValue: { key: "validation.maxValue", params: { max: 100 } } },
    ],
    [
      "end before start",
      { startDate: "2026-05-10", endDate: "2026-05-09" },
      { endDate: { key: "validation.dateRange" } },
    ],
    ["usage limit 0", { usageLimit: 0 }, { usageLimit: { key: "validation.minValue" } }],
    ["negative minimum", { minOrderGrosze: -1 }, { minOrderGrosze: { key: "validation.minValue" } }],
    ["no code", { code: "" }, { code: { key: "validation.required" } }],
  ])("refuses %s with a field error and stores nothing", async (_name, patch, fields) => {
    const before = (await kit.database.db.select().from(coupons)).length;
    const response = await kit.call("moderator", "POST", "/api/shops/coupons", coupon(patch));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject(fields);
    expect((await kit.database.db.select().from(coupons)).length).toBe(before);
  });

  it("deletes a coupon an order used; the order keeps its code and discount", async () => {
    const shop = await insertShopFixtures(kit.database.db);
    const created = (
      await kit.call("moderator", "POST", "/api/shops/coupons", coupon({ discountValue: 10 }))
    ).json();
    const placed = await kit.call(
      "anonymous",
      "POST",
      "/api/orders",
      orderBody({
        cart: [{ productId: shop.plain.id, quantity: 1, variantKeys: {}, variantId: null }],
        priceGrosze: 4_000 - 400 + 999,
        coupon: created.code,
      }),
    );
    expect(placed.statusCode).toBe(201);
    const listed = (await kit.call("moderator", "GET", "/api/shops/coupons")).json();
    expect(listed.find((c: { _id: number }) => c._id === created._id)?.uses).toBe(1);

    const removed = await kit.call("moderator", "DELETE", `/api/shops/coupons/${created._id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ _id: created._id, orders: 1 });
    expect(await rowOf(created._id)).toBeUndefined();
    const [order] = await kit.database.db.select().from(orders).where(eq(orders.id, placed.json()._id));
    expect(order).toMatchObject({ couponId: null, couponCode: created.code, couponDiscountGrosze: 400 });
    const audit = await kit.auditOf("coupon", created._id);
    expect(audit[0]).toMatchObject({ action: "coupon.delete", after: null });
    expect(audit[0]?.before).toMatchObject({ code: created.code, uses: 1 });
  });

  it("answers 404 for a coupon that does not exist", async () => {
    expect((await kit.call("moderator", "PUT", "/api/shops/coupons/999999", coupon())).statusCode).toBe(404);
    expect((await kit.call("moderator", "DELETE", "/api/shops/coupons/999999")).statusCode).toBe(404);
  });

  it("refuses anonymous callers (401) and customers (403) on the list and every write", async () => {
    const target = (await kit.call("moderator", "POST", "/api/shops/coupons", coupon())).json();
    await expectStaffOnly(
      kit,
      [["GET", "/api/shops/coupons"], ...writesTo("/api/shops/coupons", target._id)],
      coupon,
    );
    expect(await rowOf(target._id)).toMatchObject({ code: target.code });
  });
});
