import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../../domain/i18n";
import { products } from "../../db/schema";
import { DEFAULT_RATE_LIMITS } from "../../lib/rate-limit";
import { startApi } from "../../test/api";
import { kitForFile } from "../../test/kit-for-file";
import { insertShopFixtures, orderBody, RECIPIENT, type ShopFixtures } from "./orders.fixtures";

// Issue 24 item 3: unpaid orders as a weapon. Order creation is limited per client address and per
// e-mail with the shop's real numbers (DEFAULT_RATE_LIMITS.order), counted in the database like the
// login limits; only orders created count (a refusal or a replay of the same Idempotency-Key does not).

const kit = kitForFile(() => startApi({ name: "order-limit" }));
let shop: ShopFixtures;

beforeAll(async () => {
  shop = await insertShopFixtures(kit.database.db, { plainQuantity: 1_000 });
});

const PER_ADDRESS = DEFAULT_RATE_LIMITS.order.perAddress.limit;
const PER_EMAIL = DEFAULT_RATE_LIMITS.order.perAccount.limit;
const TOTAL = 4_000 + 999;

let counter = 0;
const newAddress = () => `203.0.113.${++counter}`;
const newEmail = () => `kupujacy-${++counter}@example.com`;

function place(
  remoteAddress: string,
  email: string,
  options: { priceGrosze?: number; key?: string; quantity?: number } = {},
) {
  const quantity = options.quantity ?? 1;
  return kit.app.inject({
    method: "POST",
    url: "/api/orders",
    remoteAddress,
    headers: options.key ? { "idempotency-key": options.key } : {},
    payload: orderBody({
      cart: [{ productId: shop.plain.id, quantity, variantKeys: {}, variantId: null }],
      priceGrosze: options.priceGrosze ?? (quantity === 1 ? TOTAL : 4_000 * quantity),
      recipient: { ...RECIPIENT, email },
    }) as object,
  });
}

async function stock(): Promise<number> {
  const [row] = await kit.database.db
    .select({ q: products.quantity })
    .from(products)
    .where(eq(products.id, shop.plain.id));
  return row?.q ?? -1;
}

describe("order creation limit", () => {
  it(`refuses the ${PER_ADDRESS + 1}th order from one address in the window with a translated 429; another address still orders`, async () => {
    const address = newAddress();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await place(address, newEmail())).statusCode).toBe(201);
    const before = await stock();
    const refused = await place(address, newEmail());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "order/too-many", messageKey: "errors.tooManyOrders" });
    expect(translate("pl", "errors.tooManyOrders")).toBe(
      "Złożono zbyt wiele zamówień w krótkim czasie. Spróbuj ponownie później albo napisz do nas.",
    );
    expect(translate("en", "errors.tooManyOrders")).toContain("Too many orders");
    // nothing was held for the refused order
    expect(await stock()).toBe(before);
    expect((await place(newAddress(), newEmail())).statusCode).toBe(201);
  });

  it(`refuses the ${PER_EMAIL + 1}th order to one e-mail in the window, from any address (any case)`, async () => {
    const email = newEmail();
    for (let i = 0; i < PER_EMAIL; i++) expect((await place(newAddress(), email)).statusCode).toBe(201);
    const refused = await place(newAddress(), email.toUpperCase());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe("order/too-many");
    expect((await place(newAddress(), newEmail())).statusCode).toBe(201);
  });

  it("50 unpaid orders at once from one address: the limit answers before the stock is gone", async () => {
    const address = newAddress();
    const before = await stock();
    const replies = await Promise.all(Array.from({ length: 50 }, () => place(address, newEmail())));
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(PER_ADDRESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - PER_ADDRESS);
    expect(await stock()).toBe(before - PER_ADDRESS);
  });

  it("refused orders (a changed price, bad input) do not count", async () => {
    const address = newAddress();
    const email = newEmail();
    for (let i = 0; i < PER_ADDRESS + PER_EMAIL; i++) {
      expect((await place(address, email, { priceGrosze: 1 })).json().code).toBe("order/price-changed");
    }
    expect((await place(address, email, { quantity: 5_000 })).json().code).toBe("validation");
    expect((await place(address, email)).statusCode).toBe(201);
  });

  it("replays of one Idempotency-Key count once, and a replay is answered even over the limit", async () => {
    const address = newAddress();
    const email = newEmail();
    const key = `limit-replay-${counter}`;
    const first = await place(address, email, { key });
    expect(first.statusCode).toBe(201);
    for (let i = 0; i < PER_ADDRESS + 2; i++) {
      const again = await place(address, email, { key });
      expect(again.statusCode).toBe(201);
      expect(again.json().orderNumber).toBe(first.json().orderNumber);
    }
    // the same e-mail still has its other orders
    for (let i = 1; i < PER_EMAIL; i++) expect((await place(address, email)).statusCode).toBe(201);
    expect((await place(address, email)).statusCode).toBe(429);
    // over the limit now: the first order's replay still answers with it
    const replay = await place(address, email, { key });
    expect(replay.statusCode).toBe(201);
    expect(replay.json().orderNumber).toBe(first.json().orderNumber);
  });

  it("one Idempotency-Key sent many times at once (a client racing its own retry) is one order, none refused", async () => {
    const address = newAddress();
    const email = newEmail();
    const key = `limit-race-${counter}`;
    const before = await stock();
    const replies = await Promise.all(
      Array.from({ length: PER_ADDRESS + PER_EMAIL }, () => place(address, email, { key })),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(replies.map(() => 201));
    expect(new Set(replies.map((reply) => reply.json().orderNumber)).size).toBe(1);
    expect(await stock()).toBe(before - 1);
    // the e-mail's other orders are still there: the race counted once
    for (let i = 1; i < PER_EMAIL; i++) expect((await place(newAddress(), email)).statusCode).toBe(201);
    expect((await place(newAddress(), email)).statusCode).toBe(429);
  });
});
