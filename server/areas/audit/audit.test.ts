import { beforeAll, describe, expect, it } from "vitest";
import { startApi } from "../../test/api";
import { kitForFile } from "../../test/kit-for-file";
import { bearer, createSignedInUser, createUser, type FixtureUser } from "../accounts/accounts.fixtures";
import { insertShopFixtures, orderBody, type ShopFixtures } from "../orders/orders.fixtures";

// The staff audit log: GET /api/audit is for admins only, and order status / shipment number
// changes and an admin's changes of a user (roles, approval, data, deletion) are recorded with
// the actor and the values before and after.

const kit = kitForFile(() => startApi({ name: "audit" }));

let shop: ShopFixtures;
let admin: FixtureUser & { token: string };
let moderator: FixtureUser & { token: string };
let customer: FixtureUser & { token: string };

beforeAll(async () => {
  shop = await insertShopFixtures(kit.database.db);
  admin = await createSignedInUser(kit.database.db, { roles: ["admin", "user"] });
  moderator = await createSignedInUser(kit.database.db, { roles: ["shop-moderator", "user"] });
  customer = await createSignedInUser(kit.database.db);
});

async function auditOf(query: string) {
  const response = await kit.app.inject({ url: `/api/audit?${query}`, headers: bearer(admin.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    items: {
      action: string;
      actorEmail: string;
      actorId: number;
      entityId: string;
      before: unknown;
      after: unknown;
    }[];
    total: number;
  };
}

async function placeOrder() {
  const response = await kit.app.inject({
    method: "POST",
    url: "/api/orders",
    payload: orderBody({
      cart: [{ productId: shop.plain.id, quantity: 1, variantKeys: {}, variantId: null }],
      priceGrosze: 4_999,
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  return {
    id: body._id as number,
    externalId: String(body.payment.redirectUrl).replace("/bramka-demo/", ""),
  };
}

describe("GET /api/audit", () => {
  it("is for admins only: anonymous 401, customer and shop moderator 403", async () => {
    expect((await kit.app.inject({ url: "/api/audit" })).statusCode).toBe(401);
    expect((await kit.app.inject({ url: "/api/audit", headers: bearer(customer.token) })).statusCode).toBe(
      403,
    );
    const refused = await kit.app.inject({ url: "/api/audit", headers: bearer(moderator.token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Required admin role");
  });
});

describe("audited staff writes", () => {
  it("a shipment number and mark delivered record the status and number before and after", async () => {
    const order = await placeOrder();
    await kit.app.services.payments.demoDecide(order.externalId, "pay");
    const put = (url: string, payload: object) =>
      kit.app.inject({ method: "PUT", url, payload, headers: bearer(moderator.token) });
    expect(
      (
        await put(`/api/orders/${order.id}/add-shipment-number`, {
          shipmentNumber: "620000000000000000000042",
        })
      ).statusCode,
    ).toBe(200);
    expect((await put(`/api/orders/${order.id}/add-status`, { status: "PARCEL_DELIVERED" })).statusCode).toBe(
      200,
    );
    // a refused change records nothing
    expect((await put(`/api/orders/${order.id}/add-status`, { status: "CANCELED" })).statusCode).toBe(409);

    const log = await auditOf(`entity=order&entityId=${order.id}`);
    expect(log.total).toBe(2);
    expect(log.items.map((item) => item.action)).toEqual(["order.status", "order.shipment-number"]);
    expect(log.items[1]).toMatchObject({
      actorId: moderator.id,
      actorEmail: moderator.email,
      before: { status: "PAYMENT_CONFIRMED", shipmentNumber: null },
      after: { status: "SHIPMENT_NUMBER_ADDED", shipmentNumber: "620000000000000000000042" },
    });
    expect(log.items[0]).toMatchObject({
      before: { status: "SHIPMENT_NUMBER_ADDED" },
      after: { status: "PARCEL_DELIVERED" },
    });
  });

  it("canceling an unpaid order records the status change", async () => {
    const order = await placeOrder();
    const response = await kit.app.inject({
      method: "PUT",
      url: `/api/orders/${order.id}/add-status`,
      payload: { status: "CANCELED" },
      headers: bearer(moderator.token),
    });
    expect(response.statusCode).toBe(200);
    const log = await auditOf(`entity=order&entityId=${order.id}`);
    expect(log.items).toMatchObject([
      { action: "order.status", before: { status: "PAYMENT_NEW" }, after: { status: "CANCELED" } },
    ]);
  });

  it("an admin's role change, approval and deletion of a user record the values before and after", async () => {
    const target = await createUser(kit.database.db, { approved: false });
    const update = await kit.app.inject({
      method: "PUT",
      url: `/api/users/${target.id}`,
      payload: { roles: ["shop-moderator", "user"] },
      headers: bearer(admin.token),
    });
    expect(update.statusCode, update.body).toBe(200);
    const confirm = await kit.app.inject({
      method: "PUT",
      url: `/api/users/${target.id}/confirm`,
      headers: bearer(admin.token),
    });
    expect(confirm.statusCode).toBe(200);
    const removed = await kit.app.inject({
      method: "DELETE",
      url: `/api/users/${target.id}`,
      headers: bearer(admin.token),
    });
    expect(removed.statusCode).toBe(200);

    const log = await auditOf(`entity=user&entityId=${target.id}`);
    expect(log.items.map((item) => item.action)).toEqual(["user.delete", "user.approve", "user.roles"]);
    expect(log.items[2]).toMatchObject({
      actorId: admin.id,
      before: { roles: ["user"] },
      after: { roles: ["shop-moderator", "user"] },
    });
    expect(log.items[1]).toMatchObject({ before: { approved: false }, after: { approved: true } });
    expect(log.items[0]).toMatchObject({ before: { email: target.email }, after: null });

    // filter by actor
    const byAdmin = await auditOf(`actorId=${admin.id}`);
    expect(byAdmin.items.every((item) => item.actorId === admin.id)).toBe(true);
    expect(byAdmin.total).toBe(3);
  });

  it("an admin's edit of an account's data records only the changed fields; an edit that changes nothing records nothing", async () => {
    const target = await createUser(kit.database.db, { displayName: "Stara Nazwa" });
    const put = (url: string, payload?: object) =>
      kit.app.inject({ method: "PUT", url, ...(payload ? { payload } : {}), headers: bearer(admin.token) });
    const edit = await put(`/api/users/${target.id}`, { displayName: "Nowa Nazwa", city: "Kraków" });
    expect(edit.statusCode, edit.body).toBe(200);
    // the same values again, and approving an approved account: no entry
    expect((await put(`/api/users/${target.id}`, { displayName: "Nowa Nazwa" })).statusCode).toBe(200);
    expect((await put(`/api/users/${target.id}/confirm`)).statusCode).toBe(200);

    const log = await auditOf(`entity=user&entityId=${target.id}`);
    expect(log.total).toBe(1);
    expect(log.items[0]).toMatchObject({ action: "user.update", actorId: admin.id });
    expect([log.items[0]?.before, log.items[0]?.after]).toEqual([
      { displayName: "Stara Nazwa", city: null },
      { displayName: "Nowa Nazwa", city: "Kraków" },
    ]);
  });

  it("editing oneself is not a staff write and records nothing", async () => {
    const before = (await auditOf(`actorId=${customer.id}`)).total;
    const response = await kit.app.inject({
      method: "PUT",
      url: `/api/users/${customer.id}`,
      payload: {
        displayName: "Nowa Nazwa",
        phone: "501 234 567",
        postCode: "31-128",
        city: "Kraków",
        street: "Karmelicka 1",
      },
      headers: bearer(customer.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await auditOf(`actorId=${customer.id}`)).total).toBe(before);
  });
});
