import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../domain/i18n";
import type { PublicUser } from "../../domain/types";
import { createUser } from "../../server/areas/accounts/accounts.fixtures";
import { toPublicUser } from "../../server/areas/accounts/accounts.mapper";
import { type CatalogFixtures, insertCatalogFixtures } from "../../server/areas/catalog/catalog.fixtures";
import { coupons, products } from "../../server/db/schema";
import { createServices, type Services } from "../../server/services";
import { createTestDatabase, type TestDatabase } from "../../server/test/database";
import { testConfig } from "../../server/test/test-config";
import { action } from "../routes/cart/cart";
import type { CartActionData } from "./cart";
import { loadCart, restoreChangesNotice } from "./cart.server";
import { CART_COOKIE, COUPON_COOKIE } from "./shop-cookies";

// The /koszyk action and the root loader's cart, against a real database: what a form post does to
// the cart cookies, and the messages the shopper sees (SPEC §8: hidden product, coupon, unapproved).

const DAY_MS = 24 * 60 * 60 * 1000;
let database: TestDatabase;
let services: Services;
let fx: CatalogFixtures;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  fx = await insertCatalogFixtures(database.db, new Date());
  await database.db.insert(coupons).values({
    code: "WITAJ10",
    discountType: "percent",
    discountValue: 10,
    startDate: new Date(Date.now() - DAY_MS),
    endDate: new Date(Date.now() + 30 * DAY_MS),
  });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cart-action-test-"));
  services = createServices(database.db, testConfig({ DATA_DIR: dataDir }));
});

afterAll(async () => {
  await database?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function context(user: PublicUser | null = null): AppLoadContext {
  return { services, user, lang: "pl", ip: "198.51.100.7" } as unknown as AppLoadContext;
}

/** The cookie pairs a browser sends back after these Set-Cookie values (removed ones left out). */
function cookieHeader(setCookies: readonly string[]): string {
  return setCookies
    .map((value) => value.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

interface Answer {
  status: number;
  body: CartActionData | null;
  setCookies: string[];
  location: string | null;
}

async function post(
  fields: Record<string, string>,
  cookie = "",
  user: PublicUser | null = null,
): Promise<Answer> {
  const request = new Request("http://shop.test/koszyk", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
  });
  const result: unknown = await action({ request, context: context(user), params: {} } as Parameters<
    typeof action
  >[0]);
  if (result instanceof Response) {
    return {
      status: result.status,
      body: null,
      setCookies: result.headers.getSetCookie(),
      location: result.headers.get("location"),
    };
  }
  const { data, init } = result as { data: CartActionData; init: ResponseInit | null };
  const headers = new Headers(init?.headers);
  return { status: init?.status ?? 200, body: data, setCookies: headers.getSetCookie(), location: null };
}

const addFields = (
  productId: number,
  variantId: number | null = null,
  keys: Record<string, number> = {},
) => ({
  intent: "add",
  productId: String(productId),
  variantId: variantId === null ? "" : String(variantId),
  variantKeys: JSON.stringify(keys),
});

describe("intent=add", () => {
  it("stores the line in the cart cookie and raises its quantity on a second add", async () => {
    const first = await post(addFields(fx.products.simpleSale));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ intent: "add", ok: true, added: true });
    expect(first.setCookies[0]).toMatch(new RegExp(`^${CART_COOKIE}=.+Max-Age=604800`));
    const second = await post(addFields(fx.products.simpleSale), cookieHeader(first.setCookies));
    const { cart } = await loadCart(
      new Request("http://shop.test/", { headers: { cookie: cookieHeader(second.setCookies) } }),
      context(),
    );
    expect(cart.lines.map((line) => [line.productId, line.quantity])).toEqual([[fx.products.simpleSale, 2]]);
    expect(cart.itemCount).toBe(2);
  });

  it("answers a plain form post (no JavaScript) with a redirect carrying the cookie; failures stay on the page", async () => {
    const plain = await post({ ...addFields(fx.products.simpleSale), returnTo: "/koszyk" });
    expect(plain.status).toBe(303);
    expect(plain.location).toBe("/koszyk");
    expect(plain.setCookies[0]).toMatch(new RegExp(`^${CART_COOKIE}=.+`));
    const offSite = await post({ ...addFields(fx.products.simpleSale), returnTo: "//evil.example" });
    expect(offSite.location).toBe("/koszyk");
    const refused = await post({ ...addFields(fx.products.outOfStock), returnTo: "/koszyk" });
    expect(refused).toMatchObject({
      status: 409,
      location: null,
      body: { ok: false, error: "product.unavailable" },
    });
  });

  it("answers a hidden product with the spec's message and leaves the cookie alone", async () => {
    const [row] = await database.db
      .insert(products)
      .values({ title: "Za chwilę ukryty", slug: "ukryty", quantity: 4, priceGrosze: 1_500 })
      .returning({ id: products.id });
    const id = row?.id as number;
    await database.db.update(products).set({ isHidden: true }).where(eq(products.id, id));
    const answer = await post(addFields(id));
    expect(answer.status).toBe(409);
    expect(answer.setCookies).toEqual([]);
    expect(answer.body).toMatchObject({ intent: "add", ok: false, error: "product.unavailable" });
    if (answer.body && !answer.body.ok) {
      expect(translate("pl", answer.body.error)).toBe(
        "Ten produkt jest niedostępny. Odśwież stronę i spróbuj ponownie.",
      );
    }
    const malformed = await post({ intent: "add", productId: "abc", variantKeys: "{" });
    expect(malformed.body).toMatchObject({ ok: false, error: "product.unavailable" });
  });
});

describe("intent=quantity and remove", () => {
  it("changes the quantity up to the stock and removes the line at 0", async () => {
    const added = await post(addFields(fx.products.blanket, fx.variants.mWhite));
    const cookie = cookieHeader(added.setCookies);
    const lineId = added.body?.ok ? (added.body.lineId as string) : "";
    const more = await post({ intent: "quantity", lineId, quantity: "9" }, cookie);
    const { cart } = await loadCart(
      new Request("http://shop.test/", { headers: { cookie: cookieHeader(more.setCookies) } }),
      context(),
    );
    expect(cart.lines.map((line) => line.quantity)).toEqual([5]);
    const zero = await post({ intent: "quantity", lineId, quantity: "0" }, cookieHeader(more.setCookies));
    expect(zero.setCookies[0]).toMatch(new RegExp(`^${CART_COOKIE}=;.*Max-Age=0`));
    const removed = await post({ intent: "remove", lineId }, cookie);
    expect(removed.setCookies[0]).toMatch(/Max-Age=0/);
  });
});

describe("the restored cart (issue 25)", () => {
  it("tells once what changed since the visit that saved it: the notice names each line, the cookie is saved as restored", async () => {
    const saved = JSON.stringify([
      { productId: fx.products.simpleSale, variantId: null, variantKeys: {}, quantity: 999 },
      { productId: fx.products.hidden, variantId: null, variantKeys: {}, quantity: 1 },
    ]);
    const first = await loadCart(
      new Request("http://shop.test/", {
        headers: { cookie: `${CART_COOKIE}=${encodeURIComponent(saved)}` },
      }),
      context(),
    );
    expect(first.cart.lines.map((line) => line.quantity)).toEqual([3]);
    const notice = restoreChangesNotice(first.changes, "pl");
    expect(notice && translate("pl", notice.key, notice.params)).toBe(
      "Koszyk zmienił się od Twojej ostatniej wizyty: Poduszka (promocja) – dostępnych jest tylko 3 szt., tyle zostawiliśmy w koszyku; Ukryty produkt – produkt jest niedostępny i został usunięty z koszyka.",
    );
    const rewritten = first.setCookies.find((value) => value.startsWith(`${CART_COOKIE}=`));
    expect(rewritten).toBeDefined();

    // the next page, with the rewritten cookie, has nothing more to say
    const next = await loadCart(
      new Request("http://shop.test/", { headers: { cookie: cookieHeader(first.setCookies) } }),
      context(),
    );
    expect(next.cart.lines.map((line) => line.quantity)).toEqual([3]);
    expect(next.changes).toEqual([]);
    expect(restoreChangesNotice(next.changes, "pl")).toBeNull();
    expect(next.setCookies).toEqual([]);
  });
});

describe("intent=coupon", () => {
  it("asks for a code when empty and refuses an unknown one, keeping what was typed", async () => {
    const empty = await post({ intent: "coupon", code: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ ok: false, errors: { code: { key: "coupon.enterCode" } } });
    expect(translate("pl", "coupon.enterCode")).toBe("Wprowadź kod rabatowy");
    const wrong = await post({ intent: "coupon", code: "ZLYKOD" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      ok: false,
      error: "coupon.invalid",
      errors: { code: { key: "coupon.invalid" } },
      values: { code: "ZLYKOD" },
    });
    expect(wrong.setCookies).toEqual([]);
  });

  it("stores a valid code (as the shop spells it), which the cart then applies; coupon-remove drops it", async () => {
    const added = await post(addFields(fx.products.simpleSale));
    const applied = await post({ intent: "coupon", code: "witaj10" }, cookieHeader(added.setCookies));
    expect(applied.body).toMatchObject({ ok: true });
    expect(applied.setCookies[0]).toMatch(new RegExp(`^${COUPON_COOKIE}=WITAJ10;`));
    const cookie = cookieHeader([...added.setCookies, ...applied.setCookies]);
    const { cart, setCookies } = await loadCart(
      new Request("http://shop.test/", { headers: { cookie } }),
      context(),
    );
    expect(setCookies).toEqual([]);
    expect(cart).toMatchObject({
      coupon: { code: "WITAJ10" },
      productsGrosze: 4_000,
      couponDiscountGrosze: 400,
    });
    const removed = await post({ intent: "coupon-remove" }, cookie);
    expect(removed.setCookies[0]).toMatch(new RegExp(`^${COUPON_COOKIE}=;.*Max-Age=0`));
  });

  it("makes the root loader drop a saved code that is no longer valid", async () => {
    const cookie = `${COUPON_COOKIE}=NIEMATAKIEGO`;
    const { cart, setCookies } = await loadCart(
      new Request("http://shop.test/", { headers: { cookie } }),
      context(),
    );
    expect(cart.coupon).toBeNull();
    expect(setCookies).toEqual([expect.stringMatching(new RegExp(`^${COUPON_COOKIE}=;.*Max-Age=0`))]);
  });
});

describe("intent=checkout", () => {
  it("sends guests and approved users to delivery and payment", async () => {
    expect((await post({ intent: "checkout" })).location).toBe("/dostawa-i-platnosc");
    const approved = toPublicUser(await createUser(database.db));
    expect((await post({ intent: "checkout" }, "", approved)).location).toBe("/dostawa-i-platnosc");
  });

  it("stops an unapproved user with the spec's message and sends the confirmation e-mail again", async () => {
    const user = toPublicUser(await createUser(database.db, { approved: false, emailConfirmed: false }));
    const outbox = path.join(dataDir, "outbox");
    const emails = () =>
      fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith(".eml")) : [];
    const before = emails().length;
    const answer = await post({ intent: "checkout" }, "", user);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ ok: false, error: "checkout.accountNotApproved" });
    expect(translate("pl", "checkout.accountNotApproved")).toBe(
      "Twoje konto nie zostało aktywowane. Postępuj zgodnie z instrukcją, którą otrzymasz na email.",
    );
    expect(emails().length).toBe(before + 1);
  });
});
