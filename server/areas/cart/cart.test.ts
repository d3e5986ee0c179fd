import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { FastifyInstance } from "fastify";
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartLineId, type SavedCartLine } from "../../../domain/cart";
import { translate } from "../../../domain/i18n";
import type { AppliedCoupon, CartView, PublicUser } from "../../../domain/types";
import { buildApp } from "../../app";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";
import { coupons, orders, products } from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { testConfig } from "../../test/test-config";
import { createUser } from "../accounts/accounts.fixtures";
import { toPublicUser } from "../accounts/accounts.mapper";
import { type CatalogFixtures, insertCatalogFixtures } from "../catalog/catalog.fixtures";
import { type CartService, createCartService } from "./cart.service";

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date();
const days = (n: number) => new Date(now.getTime() + n * DAY_MS);

let database: TestDatabase;
let app: FastifyInstance;
let limitedApp: FastifyInstance;
let fx: CatalogFixtures;
let cart: CartService;
let customer: PublicUser;
let otherCustomer: PublicUser;
let dataDir: string;
const couponIds: Record<string, number> = {};

/** A Db over the same connection that counts the statements it sends (as in the catalog tests). */
function countingDb(target: TestDatabase): { db: Db; count: () => number; reset: () => void } {
  let statements = 0;
  const logger = {
    logQuery: () => {
      statements += 1;
    },
  };
  const client = (target.db as unknown as { $client: unknown }).$client;
  const db =
    target.kind === "pglite"
      ? (drizzlePglite(client as PGlite, { schema, logger }) as unknown as Db)
      : drizzleNodePg(client as Pool, { schema, logger });
  return {
    db,
    count: () => statements,
    reset: () => {
      statements = 0;
    },
  };
}

let orderCounter = 0;
async function insertOrder(couponId: number, status: string, userId: number | null = null) {
  orderCounter += 1;
  const address = {
    displayName: "Jan Kowalski",
    email: "jan@example.com",
    phone: "500600700",
    postCode: "00-001",
    city: "Warszawa",
    street: "Prosta 1",
  };
  await database.db.insert(orders).values({
    orderNumber: `CART-TEST-${orderCounter}-${Math.random().toString(36).slice(2, 8)}`,
    userId,
    email: address.email,
    status,
    priceGrosze: 10_000,
    totalProductsGrosze: 10_000,
    deliveryMethod: "courier",
    deliveryTitle: "Kurier",
    deliveryPriceGrosze: 0,
    couponId,
    couponCode: "x",
    recipient: address,
    invoiceData: address,
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  fx = await insertCatalogFixtures(database.db, now);
  const rows = await database.db
    .insert(coupons)
    .values([
      { code: "Witaj10", discountType: "percent", discountValue: 10, startDate: days(-1), endDate: days(30) },
      {
        code: "MINUS20",
        discountType: "fixed",
        discountValue: 2_000,
        startDate: days(-1),
        endDate: days(30),
        minOrderGrosze: 10_000,
      },
      { code: "STARY", discountType: "percent", discountValue: 15, startDate: days(-60), endDate: days(-30) },
      { code: "PRZYSZLY", discountType: "percent", discountValue: 15, startDate: days(2), endDate: days(30) },
      {
        code: "JEDEN",
        discountType: "percent",
        discountValue: 5,
        startDate: days(-1),
        endDate: days(30),
        usageLimit: 1,
      },
      {
        code: "RAZNAKLIENTA",
        discountType: "percent",
        discountValue: 5,
        startDate: days(-1),
        endDate: days(30),
        usageLimitPerCustomer: 1,
      },
    ])
    .returning({ id: coupons.id, code: coupons.code });
  for (const row of rows) couponIds[row.code] = row.id;
  customer = toPublicUser(await createUser(database.db));
  otherCustomer = toPublicUser(await createUser(database.db));
  // JEDEN: one canceled order (does not count) and one paid (uses it up)
  await insertOrder(couponIds.JEDEN as number, "CANCELED");
  await insertOrder(couponIds.JEDEN as number, "PAYMENT_CONFIRMED");
  // RAZNAKLIENTA: used once by `customer`
  await insertOrder(couponIds.RAZNAKLIENTA as number, "NEW", customer._id);

  cart = createCartService(database.db, { now: () => now });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cart-test-"));
  app = await buildApp(testConfig({ DATA_DIR: dataDir }), database, { web: false, logger: false });
  await app.ready();
  const tight = { limit: 2, windowMs: 60_000 };
  limitedApp = await buildApp(testConfig({ DATA_DIR: dataDir }), database, {
    web: false,
    logger: false,
    rateLimits: { coupon: { perAccount: tight, perAddress: tight } },
  });
  await limitedApp.ready();
});

afterAll(async () => {
  await app?.close();
  await limitedApp?.close();
  await database?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const blanketLine = (variant: keyof CatalogFixtures["variants"], quantity = 1): SavedCartLine => ({
  productId: fx.products.blanket,
  variantId: fx.variants[variant],
  variantKeys: {},
  quantity,
});
const simpleLine = (quantity = 1): SavedCartLine => ({
  productId: fx.products.simpleSale,
  variantId: null,
  variantKeys: {},
  quantity,
});

/** the address the service-level checks come from (far below the coupon limit in this file) */
const SHOPPER_IP = "192.0.2.10";

async function viewOf(
  saved: SavedCartLine[],
  couponCode: string | null = null,
  user: PublicUser | null = null,
) {
  return cart.view({ saved, couponCode, deliveryMethod: "parcel-locker", user, ip: SHOPPER_IP });
}

describe("restoring the saved cart", () => {
  it("gives an empty cart with default figures for no lines", async () => {
    const { cart: view, couponDropped } = await viewOf([]);
    expect(couponDropped).toBe(false);
    expect(view).toEqual<CartView>({
      lines: [],
      coupon: null,
      deliveryMethod: "parcel-locker",
      itemCount: 0,
      productsGrosze: 0,
      deliveryGrosze: 999,
      couponDiscountGrosze: 0,
      totalGrosze: 999,
      missingForFreeDeliveryGrosze: 9_900,
      maxProcessingTime: "1-2",
    });
  });

  it("drops hidden products, products and variants without stock, unknown products and variants", async () => {
    const { cart: view } = await viewOf([
      { productId: fx.products.hidden, variantId: null, variantKeys: {}, quantity: 1 },
      { productId: fx.products.outOfStock, variantId: null, variantKeys: {}, quantity: 1 },
      // variantsNoStock: its only variant has 0 units
      { productId: fx.products.variantsNoStock, variantId: null, variantKeys: {}, quantity: 1 },
      blanketLine("sPink"), // 0 units
      { productId: fx.products.blanket, variantId: 2_000_000_000, variantKeys: {}, quantity: 1 },
      { productId: fx.products.blanket, variantId: null, variantKeys: {}, quantity: 1 }, // has variants
      { productId: fx.products.simpleSale, variantId: fx.variants.sWhite, variantKeys: {}, quantity: 1 },
      { productId: 2_000_000_000, variantId: null, variantKeys: {}, quantity: 1 },
      simpleLine(1),
    ]);
    expect(view.lines.map((line) => line.productId)).toEqual([fx.products.simpleSale]);
  });

  it("caps quantities to the stock and merges lines of the same variant", async () => {
    const { cart: view } = await viewOf([simpleLine(10), blanketLine("mWhite", 3), blanketLine("mWhite", 4)]);
    expect(view.lines.map((line) => [line.productId, line.variantId, line.quantity, line.stock])).toEqual([
      [fx.products.simpleSale, null, 3, 3],
      [fx.products.blanket, fx.variants.mWhite, 5, 5],
    ]);
    expect(view.itemCount).toBe(8);
  });

  it("matches variants by id and refreshes keys, texts, prices, slug and the first image", async () => {
    const stale = { [fx.fields.size]: fx.fields.sizeS, [fx.fields.colour]: fx.fields.pink };
    const { cart: view } = await viewOf([
      { ...blanketLine("mPink"), variantKeys: stale, variantTitle: "stary", variantLabel: "stary" },
    ]);
    const [line] = view.lines;
    const keys = { [fx.fields.size]: fx.fields.sizeM, [fx.fields.colour]: fx.fields.pink };
    expect(line).toEqual({
      lineId: cartLineId({ productId: fx.products.blanket, variantKeys: keys }),
      productId: fx.products.blanket,
      productTitle: "Kocyk z wariantami",
      productSlug: "Kocyk_z_wariantami",
      variantTitle: "M, Różowy",
      variantLabel: "Rozmiar: M, Kolor: Różowy",
      variantKeys: keys,
      variantId: fx.variants.mPink,
      unitPriceGrosze: 13_500,
      quantity: 1,
      stock: 1,
      processingTime: "3-6",
      image: { url: "/media/a.jpg", thumb_url: "/media/a-thumb.jpg", name: "a", isNew: true },
    });
  });

  it("computes the totals: products, delivery until 99 zł, the missing amount, the longest processing time", async () => {
    const { cart: small } = await viewOf([simpleLine(2)]);
    expect(small).toMatchObject({
      productsGrosze: 8_000,
      deliveryGrosze: 999,
      totalGrosze: 8_999,
      missingForFreeDeliveryGrosze: 1_900,
      maxProcessingTime: "1-2",
    });
    const courier = await cart.view({
      saved: [simpleLine(2)],
      couponCode: null,
      deliveryMethod: "courier",
      user: null,
      ip: SHOPPER_IP,
    });
    expect(courier.cart).toMatchObject({
      deliveryMethod: "courier",
      deliveryGrosze: 1_499,
      totalGrosze: 9_499,
    });
    const { cart: big } = await viewOf([simpleLine(1), blanketLine("sWhite")]);
    expect(big).toMatchObject({
      productsGrosze: 16_000,
      deliveryGrosze: 0,
      totalGrosze: 16_000,
      missingForFreeDeliveryGrosze: 0,
      maxProcessingTime: "3-6",
    });
  });

  it("applies a valid saved coupon and drops one that is no longer valid", async () => {
    const applied = await viewOf([blanketLine("sWhite")], "witaj10");
    expect(applied.couponDropped).toBe(false);
    expect(applied.cart.coupon).toMatchObject({
      code: "Witaj10",
      discountType: "percent",
      discountValue: 10,
    });
    expect(applied.cart).toMatchObject({
      productsGrosze: 12_000,
      couponDiscountGrosze: 1_200,
      totalGrosze: 10_800,
    });

    const expired = await viewOf([blanketLine("sWhite")], "STARY");
    expect(expired).toMatchObject({ couponDropped: true, cart: { coupon: null, couponDiscountGrosze: 0 } });
    // MINUS20 needs 100 zł of products: 40 zł is not enough any more
    const below = await viewOf([simpleLine(1)], "MINUS20");
    expect(below).toMatchObject({ couponDropped: true, cart: { coupon: null, totalGrosze: 4_999 } });
    const unknown = await viewOf([simpleLine(1)], "NIEMA");
    expect(unknown.couponDropped).toBe(true);
  });

  it("reads a cart of many products in a fixed number of queries", async () => {
    const counting = countingDb(database);
    const service = createCartService(counting.db, { now: () => now });
    const input = (saved: SavedCartLine[], couponCode: string | null) => ({
      saved,
      couponCode,
      deliveryMethod: "parcel-locker" as const,
      user: customer,
      ip: SHOPPER_IP,
    });
    counting.reset();
    await service.view(input([], null));
    expect(counting.count()).toBe(0);
    counting.reset();
    await service.view(input([simpleLine(1)], null));
    const one = counting.count();
    // products, variants, fields with options and first images: one statement (cart.catalog.ts)
    expect(one).toBe(1);
    counting.reset();
    await service.view(
      input(
        [
          simpleLine(1),
          blanketLine("sWhite"),
          blanketLine("mWhite"),
          blanketLine("mPink"),
          { productId: fx.products.hidden, variantId: null, variantKeys: {}, quantity: 1 },
          { productId: fx.products.outOfStock, variantId: null, variantKeys: {}, quantity: 1 },
        ],
        null,
      ),
    );
    expect(counting.count()).toBe(one);
    // a code: the coupon with its uses (one statement), and the coupon limit's count and give-back
    // per account and per address (coupon-guard.ts: one statement each); a first call also prunes
    await service.view(input([simpleLine(1), blanketLine("sWhite")], "WITAJ10"));
    counting.reset();
    await service.view(input([simpleLine(1), blanketLine("sWhite")], "WITAJ10"));
    expect(counting.count()).toBe(one + 3);
  });
});

describe("adding to the cart", () => {
  it("refuses missing and hidden products, foreign or missing variants and zero stock", async () => {
    const cases = [
      { productId: 2_000_000_000, variantId: null },
      { productId: fx.products.hidden, variantId: null },
      { productId: fx.products.outOfStock, variantId: null },
      { productId: fx.products.blanket, variantId: null },
      { productId: fx.products.blanket, variantId: 2_000_000_000 },
      { productId: fx.products.blanket, variantId: fx.variants.sPink },
      { productId: fx.products.simpleSale, variantId: fx.variants.sWhite },
      { productId: fx.products.variantsNoStock, variantId: fx.variants.sWhite },
    ];
    for (const input of cases) {
      const result = await cart.lineForAdd({ ...input, variantKeys: {} });
      expect(result, JSON.stringify(input)).toMatchObject({ ok: false, code: "product/unavailable" });
    }
  });

  it("gives the line with every field's option, the variant's price and its stock", async () => {
    const result = await cart.lineForAdd({
      productId: fx.products.blanket,
      variantId: fx.variants.mWhite,
      // a wrong size for the variant and no colour: the variant's own options win
      variantKeys: { [fx.fields.size]: fx.fields.sizeS },
    });
    expect(result).toEqual({
      ok: true,
      value: {
        stock: 5,
        line: {
          productId: fx.products.blanket,
          productTitle: "Kocyk z wariantami",
          variantTitle: "M, Biały",
          variantLabel: "Rozmiar: M, Kolor: Biały",
          variantKeys: { [fx.fields.size]: fx.fields.sizeM, [fx.fields.colour]: fx.fields.white },
          variantId: fx.variants.mWhite,
          unitPriceGrosze: 15_000,
          quantity: 1,
          processingTime: "3-6",
        },
      },
    });
  });

  it("adds one piece: a new line, then +1 on the same variant, never beyond the stock", async () => {
    const item = { productId: fx.products.simpleSale, variantId: null, variantKeys: {} };
    const first = await cart.add([], item);
    expect(first).toMatchObject({ ok: true, value: { added: true, saved: [{ quantity: 1 }] } });
    if (!first.ok) return;
    const second = await cart.add(first.value.saved, item);
    const third = second.ok ? await cart.add(second.value.saved, item) : second;
    const fourth = third.ok ? await cart.add(third.value.saved, item) : third;
    expect(fourth).toMatchObject({ ok: true, value: { added: false, saved: [{ quantity: 3 }] } });

    const withBlanket = await cart.add(first.value.saved, {
      productId: fx.products.blanket,
      variantId: fx.variants.mPink,
      variantKeys: {},
    });
    expect(withBlanket.ok && withBlanket.value.saved.map((line) => [line.productId, line.quantity])).toEqual([
      [fx.products.simpleSale, 1],
      [fx.products.blanket, 1],
    ]);
  });

  it("refuses a product hidden after the page was loaded", async () => {
    const [row] = await database.db
      .insert(products)
      .values({ title: "Znika", slug: "znika", quantity: 5, priceGrosze: 1_000 })
      .returning({ id: products.id });
    const productId = row?.id as number;
    const item = { productId, variantId: null, variantKeys: {} };
    expect((await cart.add([], item)).ok).toBe(true);
    const { eq } = await import("drizzle-orm");
    await database.db.update(products).set({ isHidden: true }).where(eq(products.id, productId));
    expect(await cart.add([], item)).toMatchObject({ ok: false, code: "product/unavailable" });
  });
});

describe("changing quantities", () => {
  it("sets 0..stock, removes at 0 and ignores unknown lines", async () => {
    const saved = [simpleLine(1), blanketLine("mWhite", 2)];
    const { cart: view } = await viewOf(saved);
    const blanketId = view.lines[1]?.lineId as string;
    const capped = await cart.setQuantity(saved, blanketId, 50);
    expect(capped.map((line) => line.quantity)).toEqual([1, 5]);
    const removed = await cart.setQuantity(saved, blanketId, 0);
    expect(removed.map((line) => line.productId)).toEqual([fx.products.simpleSale]);
    const unchanged = await cart.setQuantity(saved, "nope", 3);
    expect(unchanged.map((line) => line.quantity)).toEqual([1, 2]);
  });
});

describe("coupon check", () => {
  const check = (code: string, productsGrosze: number | null = 10_000, user: PublicUser | null = null) =>
    cart.checkCoupon(code, { productsGrosze, user, ip: SHOPPER_IP });

  it("accepts a known active code, ignoring case and spaces around it", async () => {
    const result = await check("  wItAj10 ");
    expect(result).toEqual({
      ok: true,
      value: {
        _id: couponIds.Witaj10 as number,
        code: "Witaj10",
        discountType: "percent",
        discountValue: 10,
        startDate: days(-1).toISOString(),
        endDate: days(30).toISOString(),
        minOrderGrosze: null,
      } satisfies AppliedCoupon,
    });
  });

  it("refuses unknown, expired, not yet started, used-up and below-minimum codes, each with its own code", async () => {
    const codes = {
      NIEMA: "coupon/invalid",
      "": "coupon/invalid",
      STARY: "coupon/expired",
      PRZYSZLY: "coupon/not-started",
      JEDEN: "coupon/used-up",
    };
    for (const [code, failure] of Object.entries(codes)) {
      expect(await check(code), code).toMatchObject({ ok: false, code: failure, fields: { code: {} } });
    }
    expect(await check("MINUS20", 9_999)).toMatchObject({
      ok: false,
      code: "coupon/below-minimum",
      details: { params: { amount: "100,00 zł" } },
    });
    expect(await check("MINUS20", 10_000)).toMatchObject({ ok: true });
    // without a products total (the API check) the minimum is not checked
    expect(await check("MINUS20", null)).toMatchObject({ ok: true });
  });

  it("says why a proven code is refused (issue 25): expired, not yet valid (from when), used up, needs a larger order (how much)", async () => {
    const reasons = {
      NIEMA: { key: "coupon.invalid" },
      STARY: { key: "coupon.expired" },
      // PRZYSZLY starts in 2 days: the day as read in Poland, e.g. "29.11.2026"
      PRZYSZLY: {
        key: "coupon.notStarted",
        params: {
          date: new Intl.DateTimeFormat("pl-PL", {
            timeZone: "Europe/Warsaw",
            day: "numeric",
            month: "2-digit",
            year: "numeric",
          }).format(days(2)),
        },
      },
      JEDEN: { key: "coupon.usedUp" },
    };
    for (const [code, reason] of Object.entries(reasons)) {
      const result = await check(code);
      expect(result.ok ? undefined : result.fields, code).toEqual({ code: reason });
    }
    expect(await check("RAZNAKLIENTA", 10_000, customer)).toMatchObject({
      fields: { code: { key: "coupon.usedUp" } },
    });
    expect(await check("MINUS20", 9_999)).toMatchObject({
      fields: { code: { key: "coupon.belowMinimum", params: { amount: "100,00 zł" } } },
    });
    expect(translate("pl", "coupon.belowMinimum", { amount: "100,00 zł" })).toBe(
      "Ten kod rabatowy działa przy zamówieniu od 100,00 zł",
    );
    expect(translate("en", "coupon.expired")).toBe("This discount code has expired");
  });

  it("checks the minimum against the saved cart's products total when applied in the cart", async () => {
    const below = await cart.applyCoupon("minus20", { saved: [simpleLine(1)], user: null, ip: SHOPPER_IP });
    expect(below).toMatchObject({ ok: false, code: "coupon/below-minimum" });
    const enough = await cart.applyCoupon("minus20", {
      saved: [simpleLine(1), blanketLine("sWhite")],
      user: null,
      ip: SHOPPER_IP,
    });
    expect(enough).toMatchObject({ ok: true, value: { code: "MINUS20", minOrderGrosze: 10_000 } });
  });

  it("counts uses per customer by account; guests are not counted", async () => {
    expect(await check("RAZNAKLIENTA", 10_000, customer)).toMatchObject({
      ok: false,
      code: "coupon/used-up",
    });
    expect(await check("RAZNAKLIENTA", 10_000, otherCustomer)).toMatchObject({ ok: true });
    expect(await check("RAZNAKLIENTA", 10_000, null)).toMatchObject({ ok: true });
  });
});

describe("API", () => {
  it("GET /api/shops/coupons/is-active/:code returns the coupon, 400 coupon/invalid for an unknown code", async () => {
    const res = await app.inject({ method: "GET", url: "/api/shops/coupons/is-active/witaj10" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: couponIds.Witaj10, code: "Witaj10", discountValue: 10 });

    const bad = await app.inject({ method: "GET", url: "/api/shops/coupons/is-active/NIEMA" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: "coupon/invalid",
      message: "Kod rabatowy jest niepoprawny",
      messageKey: "coupon.invalid",
    });
  });

  it("a known code refused says why (issue 25): expired, not yet valid from a day, used up — each its own code and message", async () => {
    const answers = {
      STARY: { code: "coupon/expired", message: "Ten kod rabatowy już wygasł", messageKey: "coupon.expired" },
      PRZYSZLY: {
        code: "coupon/not-started",
        messageKey: "coupon.notStarted",
        details: { params: { date: expect.stringMatching(/^\d{1,2}\.\d{2}\.\d{4}$/) } },
      },
      JEDEN: { code: "coupon/used-up", messageKey: "coupon.usedUp" },
    };
    for (const [code, answer] of Object.entries(answers)) {
      const res = await app.inject({ method: "GET", url: `/api/shops/coupons/is-active/${code}` });
      expect(res.statusCode, code).toBe(400);
      expect(res.json(), code).toMatchObject(answer);
    }
    expect(translate("pl", "coupon.notStarted", { date: "1.12.2026" })).toBe(
      "Ten kod rabatowy będzie aktywny od 1.12.2026",
    );
  });

  it("rate-limits coupon checks per client address", async () => {
    const url = "/api/shops/coupons/is-active/NIEMA";
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await limitedApp.inject({ method: "GET", url, remoteAddress: "203.0.113.77" })).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 429]);
    const other = await limitedApp.inject({ method: "GET", url, remoteAddress: "203.0.113.78" });
    expect(other.statusCode).toBe(400);
    const limited = await limitedApp.inject({ method: "GET", url, remoteAddress: "203.0.113.77" });
    expect(limited.json()).toMatchObject({ code: "rate-limited", messageKey: "errors.rateLimited" });
  });

  it("POST /api/cart/restore says what changed since the cart was saved (issue 25): a quantity lowered to the stock, lines gone", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/cart/restore",
      payload: {
        cart: [
          { productId: fx.products.simpleSale, variantId: null, variantKeys: {}, quantity: 999 },
          { productId: fx.products.hidden, variantId: null, variantKeys: {}, quantity: 1 },
          { productId: 987_654, variantId: null, variantKeys: {}, quantity: 2 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().changes).toEqual([
      {
        kind: "reduced",
        productId: fx.products.simpleSale,
        productTitle: "Poduszka (promocja)",
        from: 999,
        to: 3,
      },
      { kind: "removed", productId: fx.products.hidden, productTitle: "Ukryty produkt" },
      { kind: "removed", productId: 987_654, productTitle: null },
    ]);

    // a cart that restores as it was saved has nothing to tell
    const same = await app.inject({
      method: "POST",
      url: "/api/cart/restore",
      payload: {
        cart: [{ productId: fx.products.simpleSale, variantId: null, variantKeys: {}, quantity: 3 }],
      },
    });
    expect(same.json().changes).toEqual([]);
  });

  it("POST /api/cart/restore answers the priced cart of saved lines", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/cart/restore",
      payload: {
        cart: [
          { productId: fx.products.simpleSale, variantId: null, variantKeys: {}, quantity: 9 },
          { productId: fx.products.hidden, variantId: null, variantKeys: {}, quantity: 1 },
          { nonsense: true },
        ],
        coupon: "WITAJ10",
        delivery: "courier",
      },
    });
    expect(res.statusCode).toBe(200);
    const view = res.json<CartView>();
    expect(view.lines.map((line) => [line.productId, line.quantity])).toEqual([[fx.products.simpleSale, 3]]);
    expect(view).toMatchObject({
      deliveryMethod: "courier",
      productsGrosze: 12_000,
      couponDiscountGrosze: 1_200,
      deliveryGrosze: 0,
      totalGrosze: 10_800,
      coupon: { code: "Witaj10" },
    });

    const invalid = await app.inject({ method: "POST", url: "/api/cart/restore", payload: { cart: "x" } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: "validation" });
  });
});
