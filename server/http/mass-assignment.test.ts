import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createSignedInUser } from "../areas/accounts/accounts.fixtures";
import { INVOICE_DATA, LOCKER, RECIPIENT } from "../areas/orders/orders.fixtures";
import * as schema from "../db/schema";
import { registeredApiTable } from "../test/api-table";
import {
  inputJsonSchema,
  type JsonSchema,
  type ShopUnderAttack,
  startShopUnderAttack,
  validLooking,
} from "../test/bad-input-arbitraries";
import { recordFigure } from "../test/figures";

// Issue 7, "Mass assignment": fields a caller may not set (roles, approval, ids, prices and totals
// of an order, statuses, usage counters, timestamps) are ignored or refused everywhere.
//
// 1. From the route table: every write route's body schema is walked; at every object of the body
//    (order lines, recipients, variants, options…) each dangerous key the schema does not declare
//    is added, and the parsed payload must not carry it (zod objects strip unknown keys; no schema
//    of the shop is .passthrough()/.loose()). The dangerous keys a schema does declare are listed
//    below with the reason they are safe; a new one fails the test until it is reviewed.
// 2. Through the API, the cases where a declared or stripped key would matter: registration,
//    editing oneself (customer and admin), a shop moderator editing a user, placing an order,
//    staff product, field and coupon writes, and order statuses outside the state machine.

const API_TABLE = await registeredApiTable();

/** Keys no client should be able to set (besides the declared, reviewed ones below). */
const DANGEROUS_KEYS = [
  "roles",
  "role",
  "approved",
  "approvedAt",
  "isAdmin",
  "admin",
  "id",
  "_id",
  "userId",
  "status",
  "paid",
  "paidAt",
  "isPaid",
  "price",
  "priceGrosze",
  "unitPriceGrosze",
  "total",
  "totalGrosze",
  "totalProductsGrosze",
  "discount",
  "discountGrosze",
  "couponDiscountGrosze",
  "uses",
  "usesCount",
  "usageCount",
  "createdAt",
  "updatedAt",
  "emailConfirmedAt",
  "passwordHash",
  "orderNumber",
  "stockReserved",
  "soldCount",
  "priceHistory",
  "lowestPriceGrosze",
] as const;

/** Dangerous-looking keys a body declares on purpose (route → paths), each proven safe in part 2. */
const DECLARED_ON_PURPOSE: Record<string, string[]> = {
  // admins edit other accounts' roles and approval; editing oneself ignores both (tested below)
  "PUT /api/users/:id": ["roles", "approved"],
  // staff set prices; a variant _id must belong to the product (tested below)
  "POST /api/shops/products": ["priceGrosze", "variants[]._id", "variants[].priceGrosze"],
  "PUT /api/shops/products/:id": ["priceGrosze", "variants[]._id", "variants[].priceGrosze"],
  // an option _id must belong to the field being edited (tested below)
  "POST /api/shops/fields": ["options[]._id"],
  "PUT /api/shops/fields/:id": ["options[]._id"],
  // staff bulk reorder: any category / slide by id is theirs to move
  "PUT /api/shops/categories": ["[]._id"],
  "PUT /api/shops/headers": ["[]._id"],
  // the total the customer saw: compared with the server's price, never stored from the client
  "POST /api/orders": ["priceGrosze"],
  // only CANCELED / PARCEL_DELIVERED, through the state machine (tested below)
  "PUT /api/orders/:id/add-status": ["status"],
  // the order the statement or complaint is about: it identifies the order (with the e-mail, or the signed-in
  // customer's own), never names one to change (withdrawal.test.ts: another's order is not found)
  "POST /api/after-sale/withdrawals": ["orderNumber"],
  "POST /api/after-sale/complaints": ["orderNumber"],
};

const isDangerous = (key: string) => (DANGEROUS_KEYS as readonly string[]).includes(key);

interface ObjectNode {
  /** path in the value, e.g. ["cart", 0] */
  path: (string | number)[];
  /** the same path for the report, arrays as [] ("cart[]") */
  label: string;
  node: JsonSchema;
}

function branchOf(node: JsonSchema): JsonSchema {
  return node.anyOf?.find((b) => b.type !== "null") ?? node;
}

/** Every object (with declared properties) of a value shaped like `node`. */
function objectNodes(
  node: JsonSchema,
  value: unknown,
  path: (string | number)[] = [],
  label = "",
): ObjectNode[] {
  const branch = branchOf(node);
  if (branch.properties && typeof value === "object" && value !== null && !Array.isArray(value)) {
    return [
      { path, label, node: branch },
      ...Object.entries(branch.properties).flatMap(([name, child]) =>
        objectNodes(
          child,
          (value as Record<string, unknown>)[name],
          [...path, name],
          label ? `${label}.${name}` : name,
        ),
      ),
    ];
  }
  if (branch.items && Array.isArray(value)) {
    return value.flatMap((item, index) =>
      objectNodes(branch.items ?? {}, item, [...path, index], `${label}[]`),
    );
  }
  return [];
}

/** Dangerous keys the schema itself declares, at any depth (labels as "variants[]._id"). */
function declaredDangerous(node: JsonSchema, label = ""): string[] {
  const branches = node.anyOf ?? [node];
  return branches.flatMap((branch) => [
    ...Object.entries(branch.properties ?? {}).flatMap(([name, child]) => {
      const path = label ? `${label}.${name}` : name;
      return [...(isDangerous(name) ? [path] : []), ...declaredDangerous(child, path)];
    }),
    ...(branch.items ? declaredDangerous(branch.items, `${label}[]`) : []),
  ]);
}

function at(value: unknown, path: (string | number)[]): unknown {
  let cursor = value;
  for (const step of path) {
    if (typeof cursor !== "object" || cursor === null) return undefined;
    cursor = (cursor as Record<string | number, unknown>)[step];
  }
  return cursor;
}

let shop: ShopUnderAttack;
const figure = { routes: 0, tried: 0, tookEffect: 0 };

beforeAll(async () => {
  shop = await startShopUnderAttack();
});

afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;

async function userRow(id: number) {
  const [row] = await db().select().from(schema.users).where(eq(schema.users.id, id));
  if (!row) throw new Error("no user");
  return row;
}

describe("mass assignment, from the route table's schemas", () => {
  const writeRoutes = Object.entries(API_TABLE).filter(
    ([key, route]) => route.body && !key.startsWith("GET "),
  );

  it.each(writeRoutes.map(([key]) => key))(
    "%s: every undeclared dangerous key is stripped at every level; declared ones are the reviewed list",
    (key) => {
      const zodSchema = API_TABLE[key]?.body;
      if (!zodSchema) throw new Error("no body");
      const json = inputJsonSchema(zodSchema);
      const base = validLooking(json);
      expect(zodSchema.safeParse(base).success, `${key}: the base body is valid`).toBe(true);
      const nodes = objectNodes(json, base);
      expect(nodes.length, key).toBeGreaterThan(0);

      const declared = declaredDangerous(json);
      expect([...new Set(declared)].sort(), `${key}: declared dangerous keys`).toEqual(
        [...(DECLARED_ON_PURPOSE[key] ?? [])].sort(),
      );

      const attacked = structuredClone(base) as Record<string, unknown>;
      let tried = 0;
      for (const { path, node } of nodes) {
        const target = at(attacked, path) as Record<string, unknown>;
        for (const name of DANGEROUS_KEYS) {
          if (node.properties && name in node.properties) continue;
          target[name] = name === "roles" ? ["admin"] : name.endsWith("Grosze") ? 1 : "NIE";
          tried++;
        }
      }
      const parsed = zodSchema.safeParse(attacked);
      expect(parsed.success, `${key}: extra keys do not make a valid body invalid`).toBe(true);
      let tookEffect = 0;
      for (const { path, node, label } of nodes) {
        const out = at(parsed.data, path);
        if (typeof out !== "object" || out === null) continue; // e.g. a delivery point dropped for the courier
        const leaked = DANGEROUS_KEYS.filter(
          (name) => !(node.properties && name in node.properties) && Object.hasOwn(out, name),
        );
        tookEffect += leaked.length;
        expect(leaked, `${key}: ${label || "body"} kept ${leaked.join(", ")}`).toEqual([]);
      }
      figure.routes++;
      figure.tried += tried;
      figure.tookEffect += tookEffect;
    },
  );
});

describe("mass assignment through the API", () => {
  it("registering with roles, approval, a confirmed e-mail and an id makes a plain, unapproved user", async () => {
    const email = `mass-${Date.now()}@example.com`;
    const response = await shop.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        displayName: "Mallory Register",
        email,
        password: "haslo-testowe-123",
        confirmPassword: "haslo-testowe-123",
        roles: ["admin", "shop-moderator"],
        approved: true,
        approvedAt: "2020-01-01",
        emailConfirmedAt: "2020-01-01",
        isAdmin: true,
        id: 999_999,
        _id: 999_999,
        createdAt: "2000-01-01",
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await db().select().from(schema.users).where(eq(schema.users.email, email));
    expect(row?.roles).toEqual(["user"]);
    expect(row?.approved).toBe(false);
    expect(row?.approvedAt).toBeNull();
    expect(row?.emailConfirmedAt).toBeNull();
    expect(row?.id).not.toBe(999_999);
    expect(row?.createdAt.getFullYear()).toBeGreaterThan(2020);
    figure.tried += 8;
  });

  it("a customer editing themselves cannot set roles, approval, e-mail or confirmation", async () => {
    const customer = await createSignedInUser(db(), { roles: ["user"], approved: false });
    const response = await shop.app.inject({
      method: "PUT",
      url: `/api/users/${customer.id}`,
      headers: bearer(customer.token),
      payload: {
        displayName: "Nowa Nazwa",
        phone: "600 100 200",
        postCode: "00-001",
        city: "Warszawa",
        street: "Prosta 1",
        nip: "",
        roles: ["admin"],
        approved: true,
        email: "hijack@example.com",
        emailConfirmedAt: "2020-01-01",
        id: shop.admin.id,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const row = await userRow(customer.id);
    expect(row.displayName).toBe("Nowa Nazwa");
    expect(row.roles).toEqual(["user"]);
    expect(row.approved).toBe(false);
    expect(row.email).toBe(customer.email);
    expect(row.emailConfirmedAt).toBeNull();
    expect((await userRow(shop.admin.id)).displayName).not.toBe("Nowa Nazwa");
    figure.tried += 5;
  });

  it("an admin editing themselves cannot change their own roles or approval", async () => {
    const before = await userRow(shop.admin.id);
    const response = await shop.app.inject({
      method: "PUT",
      url: `/api/users/${shop.admin.id}`,
      headers: bearer(shop.admin.token),
      payload: {
        displayName: "Admin Sam",
        phone: "600 100 200",
        postCode: "00-001",
        city: "Warszawa",
        street: "Prosta 1",
        nip: "",
        roles: ["user"],
        approved: false,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = await userRow(shop.admin.id);
    expect(after.roles).toEqual(before.roles);
    expect(after.approved).toBe(true);
    figure.tried += 2;
  });

  it("a shop moderator cannot edit another user's roles or approval (admin only: 403, unchanged)", async () => {
    const moderator = await createSignedInUser(db(), { roles: ["shop-moderator", "user"] });
    const victim = await createSignedInUser(db(), { roles: ["user"], approved: false });
    const response = await shop.app.inject({
      method: "PUT",
      url: `/api/users/${victim.id}`,
      headers: bearer(moderator.token),
      payload: { roles: ["admin"], approved: true },
    });
    expect(response.statusCode).toBe(403);
    const row = await userRow(victim.id);
    expect(row.roles).toEqual(["user"]);
    expect(row.approved).toBe(false);
    figure.tried += 2;
  });

  it("an order with prices, totals, discounts, status and payment fields per line and per order is priced by the server, status NEW (then PAYMENT_NEW), unpaid", async () => {
    const { plain } = shop.shop;
    const hostileLine = {
      productId: plain.id,
      quantity: 2,
      priceGrosze: 1,
      unitPriceGrosze: 1,
      totalGrosze: 2,
      discountGrosze: 4_000,
      vatRate: 0,
      title: "Za darmo",
    };
    const hostileOrder = {
      delivery: "parcel-locker",
      coupon: null,
      recipient: { ...RECIPIENT, roles: ["admin"] },
      invoiceData: INVOICE_DATA,
      deliveryPoint: LOCKER,
      acceptTermsAndConditions: true,
      maxProcessingTime: "1-2",
      cart: [hostileLine],
      status: "PAYMENT_CONFIRMED",
      paid: true,
      paidAt: "2026-01-01T00:00:00Z",
      totalGrosze: 1,
      totalProductsGrosze: 1,
      couponDiscountGrosze: 100_000,
      deliveryPriceGrosze: 0,
      userId: shop.admin.id,
      orderNumber: "HACKED-1",
      stockReserved: false,
      idempotencyKey: "x",
    };
    // the price the client claims is refused: the server's own total comes back
    const cheap = await shop.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { ...hostileOrder, priceGrosze: 2 },
    });
    expect(cheap.statusCode, cheap.body).toBe(409);
    expect(cheap.json().code).toBe("order/price-changed");
    const total = cheap.json().details.totalGrosze as number;
    expect(cheap.json().details.unitPricesGrosze).toEqual([plain.priceGrosze]);
    expect(total).toBeGreaterThan(2 * plain.priceGrosze - 1);

    const placed = await shop.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { ...hostileOrder, priceGrosze: total },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(["NEW", "PAYMENT_NEW"]).toContain(placed.json().status);
    const [order] = await db().select().from(schema.orders).where(eq(schema.orders.id, placed.json()._id));
    // NEW, then PAYMENT_NEW once the payment is registered: never paid by the client's say-so
    expect(["NEW", "PAYMENT_NEW"]).toContain(order?.status);
    expect(order?.paidAt).toBeNull();
    expect(order?.userId).toBeNull();
    expect(order?.orderNumber).not.toBe("HACKED-1");
    expect(order?.couponDiscountGrosze).toBe(0);
    expect(order?.totalProductsGrosze).toBe(2 * plain.priceGrosze);
    expect(order?.stockReserved).toBe(true);
    expect(order?.priceGrosze).toBe(total);
    expect(order?.recipient).not.toHaveProperty("roles");
    const items = await db()
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, order?.id ?? 0));
    expect(items.map((item) => item.unitPriceGrosze)).toEqual([plain.priceGrosze]);
    figure.tried += 17;
  });

  it("a product written by staff with id, createdAt, sold counts, views and a price history keeps the server's values", async () => {
    const createdBefore = Date.now() - 60_000;
    const response = await shop.app.inject({
      method: "POST",
      url: "/api/shops/products",
      headers: bearer(shop.admin.token),
      payload: {
        title: "Produkt masowy",
        priceGrosze: 12_300,
        promotionalPriceGrosze: null,
        id: 999_999,
        _id: 999_999,
        slug: "hacked-slug",
        createdAt: "2000-01-01T00:00:00Z",
        updatedAt: "2000-01-01T00:00:00Z",
        sold: 1_000,
        soldCount: 1_000,
        views: 1_000,
        priceHistory: [{ priceGrosze: 1, recordedAt: "2000-01-01" }],
        lowestPriceGrosze: 1,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json()._id as number;
    expect(id).not.toBe(999_999);
    const [row] = await db().select().from(schema.products).where(eq(schema.products.id, id));
    expect(row?.createdAt.getTime()).toBeGreaterThan(createdBefore);
    expect(row?.slug).not.toBe("hacked-slug");
    const history = await db()
      .select()
      .from(schema.priceHistory)
      .where(eq(schema.priceHistory.productId, id));
    expect(history.map((h) => h.priceGrosze)).not.toContain(1);
    const views = await db().select().from(schema.productViews).where(eq(schema.productViews.productId, id));
    expect(views).toEqual([]);

    // an update with a createdAt keeps the original one
    const update = await shop.app.inject({
      method: "PUT",
      url: `/api/shops/products/${id}`,
      headers: bearer(shop.admin.token),
      payload: {
        title: "Produkt masowy 2",
        priceGrosze: 12_300,
        promotionalPriceGrosze: null,
        createdAt: "2000-01-01T00:00:00Z",
        id: shop.ids.product,
      },
    });
    expect(update.statusCode, update.body).toBe(200);
    const [after] = await db().select().from(schema.products).where(eq(schema.products.id, id));
    expect(after?.createdAt.getTime()).toBe(row?.createdAt.getTime());
    const [other] = await db().select().from(schema.products).where(eq(schema.products.id, shop.ids.product));
    expect(other?.title).not.toBe("Produkt masowy 2");
    figure.tried += 11;
  });

  it("a product update cannot take over another product's variant by its _id", async () => {
    const { plain, variantProduct } = shop.shop;
    const response = await shop.app.inject({
      method: "PUT",
      url: `/api/shops/products/${plain.id}`,
      headers: bearer(shop.admin.token),
      payload: {
        title: "Kocyk przejęty",
        priceGrosze: 4_000,
        promotionalPriceGrosze: null,
        fields: [variantProduct.fieldId],
        variants: [
          {
            _id: variantProduct.pink.variantId,
            fields: { [String(variantProduct.fieldId)]: variantProduct.pink.optionId },
            priceGrosze: 1,
            promotionalPriceGrosze: null,
            quantity: 999,
          },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(400);
    const [variant] = await db()
      .select()
      .from(schema.productVariants)
      .where(eq(schema.productVariants.id, variantProduct.pink.variantId));
    expect(variant?.productId).toBe(variantProduct.id);
    expect(variant?.priceGrosze).toBe(9_000);
    expect(variant?.quantity).not.toBe(999);
    figure.tried += 1;
  });

  it("a field update cannot take over another field's option by its _id", async () => {
    const { variantProduct } = shop.shop;
    const [other] = await db()
      .insert(schema.productFields)
      .values({ title: "Inne pole" })
      .returning({ id: schema.productFields.id });
    const response = await shop.app.inject({
      method: "PUT",
      url: `/api/shops/fields/${other?.id}`,
      headers: bearer(shop.admin.token),
      payload: {
        title: "Inne pole",
        options: [{ _id: variantProduct.pink.optionId, title: "przejęta", image: null }],
      },
    });
    expect(response.statusCode, response.body).toBe(400);
    const [option] = await db()
      .select()
      .from(schema.fieldOptions)
      .where(eq(schema.fieldOptions.id, variantProduct.pink.optionId));
    expect(option?.fieldId).toBe(variantProduct.fieldId);
    expect(option?.title).toBe("różowy");
    figure.tried += 1;
  });

  it("a coupon's uses cannot be set: a new coupon with uses/usageCount in the body has 0 uses", async () => {
    const code = `MASS${Date.now()}`;
    const response = await shop.app.inject({
      method: "POST",
      url: "/api/shops/coupons",
      headers: bearer(shop.admin.token),
      payload: {
        code,
        discountType: "percent",
        discountValue: 10,
        startDate: "2026-01-01",
        endDate: "2026-12-31",
        uses: 5,
        usesCount: 5,
        usageCount: 5,
        timesUsed: 5,
        id: shop.ids.coupon,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().uses).toBe(0);
    expect(response.json()._id).not.toBe(shop.ids.coupon);
    const list = await shop.app.inject({ url: "/api/shops/coupons", headers: bearer(shop.admin.token) });
    const created = (list.json() as { code: string; uses: number }[]).find((c) => c.code === code);
    expect(created?.uses).toBe(0);
    figure.tried += 5;
  });

  it("order statuses only through the state machine: add-status refuses PAID, NEW, PAYMENT_CONFIRMED…; a shipment number body cannot set a status", async () => {
    const orderId = shop.order.id;
    const statusOf = async () =>
      (
        await db()
          .select({ status: schema.orders.status })
          .from(schema.orders)
          .where(eq(schema.orders.id, orderId))
      )[0]?.status;
    const before = await statusOf();
    for (const status of [
      "PAID",
      "NEW",
      "PAYMENT_CONFIRMED",
      "SHIPMENT_NUMBER_ADDED",
      "IN_DELIVERY",
      "paid",
    ]) {
      const response = await shop.app.inject({
        method: "PUT",
        url: `/api/orders/${orderId}/add-status`,
        headers: bearer(shop.admin.token),
        payload: { status, paid: true },
      });
      expect(response.statusCode, `${status}: ${response.body}`).toBe(400);
      expect(response.json().fields?.status).toBeDefined();
      figure.tried++;
    }
    expect(await statusOf()).toBe(before);

    const shipment = await shop.app.inject({
      method: "PUT",
      url: `/api/orders/${orderId}/add-shipment-number`,
      headers: bearer(shop.admin.token),
      payload: { shipmentNumber: "MASS123", status: "PARCEL_DELIVERED", paidAt: "2026-01-01" },
    });
    expect(shipment.statusCode).toBeLessThan(500);
    expect(await statusOf()).not.toBe("PARCEL_DELIVERED");
    const [row] = await db()
      .select({ paidAt: schema.orders.paidAt })
      .from(schema.orders)
      .where(and(eq(schema.orders.id, orderId)));
    expect(row?.paidAt).toBeNull();
    figure.tried += 2;
  });

  it("records the figure: routes × fields tried, none took effect", () => {
    recordFigure({
      suite: "mass assignment",
      tried: `${figure.routes} write routes' schemas × dangerous keys at every level + API cases (${figure.tried} key placements)`,
      result: `${figure.tookEffect} took effect`,
      held: figure.tookEffect === 0 && figure.routes > 0,
    });
    expect(figure.routes).toBe(
      Object.entries(API_TABLE).filter(([key, r]) => r.body && !key.startsWith("GET ")).length,
    );
    expect(figure.tookEffect).toBe(0);
  });
});
