import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../domain/i18n";
import type { PublicUser } from "../../domain/types";
import { action as cartAction } from "../../web/routes/cart/cart";
import { action as orderResultAction } from "../../web/routes/order/order-result";
import { loader as orderViewLoader } from "../../web/routes/order/order-view";
import type { WebLoadContext } from "../app";
import {
  bearer,
  createSignedInUser,
  createUser,
  FIXTURE_PASSWORD,
} from "../areas/accounts/accounts.fixtures";
import { toPublicUser } from "../areas/accounts/accounts.mapper";
import { insertShopFixtures, type ShopFixtures } from "../areas/orders/orders.fixtures";
import { DEFAULT_RATE_LIMITS, type RateLimitRule, type RateLimits } from "../lib/rate-limit";
import { startApi } from "../test/api";
import { recordFigure } from "../test/figures";
import { placeGuestOrder } from "../test/guest-order";
import { kitForFile } from "../test/kit-for-file";
import { testWebContext } from "../test/web-context";

// Brute force (issue 7): login, password reset, coupon checks (API and the cart form) and the guest
// order lookup (order number + e-mail) are rate-limited with the shop's real limits (DEFAULT_RATE_LIMITS):
// each test hits the real endpoint from one address until it is refused — 429 with the translated
// 'Zbyt wiele prób…' — and checks that the refusal holds for the right answer too (so guessing cannot
// go on). server/areas/accounts/accounts.rate-limit.test.ts covers the per-account/per-address details.

const kit = kitForFile(() => startApi({ name: "brute-force", app: { rateLimits: LIMITS } }));
let shop: ShopFixtures;

beforeAll(async () => {
  shop = await insertShopFixtures(kit.database.db, { plainQuantity: 100 });
});

/**
 * The shop's limits, with windows long enough that no window's edge falls inside a run: the windows
 * are fixed, so attempts that straddle an edge (12:00 for a 15-minute window) would count afresh.
 */
const LONG_WINDOW_MS = 400 * 24 * 60 * 60 * 1000;
const longer = (rule: RateLimitRule): RateLimitRule => ({ ...rule, windowMs: LONG_WINDOW_MS });
const LIMITS = Object.fromEntries(
  Object.entries(DEFAULT_RATE_LIMITS).map(([action, rules]) => [
    action,
    {
      ...rules,
      perAccount: longer(rules.perAccount),
      perAddress: longer(rules.perAddress),
      ...(rules.perPair ? { perPair: longer(rules.perPair) } : {}),
    },
  ]),
) as RateLimits;

let addressCounter = 0;
/** A fresh client address per test, so one test's attempts do not count in another's. */
const newAddress = () => `198.51.100.${++addressCounter}`;

/** The start of the fixed window `windowMs` that now falls into, as the limiter computes it. */
function windowStart(windowMs: number): string {
  return new Date(Math.floor(Date.now() / windowMs) * windowMs).toISOString();
}

function expectRefused(response: LightMyRequestResponse, label?: string) {
  expect(response.statusCode, label).toBe(429);
  expect(response.json()).toMatchObject({ code: "rate-limited", messageKey: "errors.rateLimited" });
}

/** Calls `attempt` until it answers 429 (at most `max` times); returns the attempt that was refused. */
async function attemptsUntilRefused(
  max: number,
  attempt: (index: number) => Promise<{ status: number }>,
): Promise<{ refusedAt: number | null; statuses: Map<number, number> }> {
  const statuses = new Map<number, number>();
  for (let index = 1; index <= max; index++) {
    const { status } = await attempt(index);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status === 429) return { refusedAt: index, statuses };
  }
  return { refusedAt: null, statuses };
}

function webContext(ip: string, user: PublicUser | null = null): WebLoadContext {
  return testWebContext(kit.app.services, { ip, user });
}

it("the refusal is translated (pl and en)", () => {
  expect(translate("pl", "errors.rateLimited")).toMatch(/^Zbyt wiele prób/);
  expect(translate("en", "errors.rateLimited")).toMatch(/^Too many attempts/);
});

describe("login", () => {
  it("guessing one account's password is refused after the limit, even with the right password", async () => {
    const user = await createUser(kit.database.db);
    const ip = newAddress();
    const limit = DEFAULT_RATE_LIMITS.login.perPair?.limit ?? 0;
    const login = (password: string, remoteAddress = ip) =>
      kit.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: user.email, password },
        remoteAddress,
      });
    const { refusedAt, statuses } = await attemptsUntilRefused(limit + 5, async (index) => ({
      status: (await login(`zle-haslo-${index}`)).statusCode,
    }));
    expect(refusedAt).toBe(limit + 1);
    expect(statuses.get(401)).toBe(limit);
    expectRefused(await login(FIXTURE_PASSWORD));
    // the stranger's attempts did not lock the owner out: from their own address the right password works
    const owner = await login(FIXTURE_PASSWORD, newAddress());
    expect(owner.statusCode).toBe(200);
    recordFigure({
      suite: "brute force",
      tried: "wrong passwords for one account from one address (POST /api/auth/login)",
      result: `${limit} × 401, refused (429) at attempt ${refusedAt}; the right password then 429 too from there, 200 from the owner's address`,
      held: refusedAt === limit + 1 && owner.statusCode === 200,
    });
  });

  it("guessing one account from many addresses is slowed down and stopped at the account's limit", async () => {
    const user = await createUser(kit.database.db);
    const rules = LIMITS.login;
    const pair = rules.perPair?.limit ?? 0;
    // the account's count as earlier guesses from many addresses left it, short of its limit
    await kit.database.db.execute(
      sql`insert into rate_limit_hits (key, window_start, count)
          values (${`login:email:${user.email.toLowerCase()}`}, ${windowStart(rules.perAccount.windowMs)}, ${rules.perAccount.limit - 1})`,
    );
    const guess = (password: string, remoteAddress: string) =>
      kit.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: user.email, password },
        remoteAddress,
      });
    const started = Date.now();
    expect((await guess("zle-haslo", newAddress())).statusCode).toBe(401);
    // that last allowed guess waited the longest back-off
    expect(Date.now() - started).toBeGreaterThanOrEqual((rules.backOff?.maxMs ?? 0) - 50);
    // the next guess, from yet another address and with the right password, is refused
    expectRefused(await guess(FIXTURE_PASSWORD, newAddress()));
    recordFigure({
      suite: "brute force",
      tried: `wrong passwords for one account from many addresses (each under its pair limit of ${pair})`,
      result: `replies slowed to ${rules.backOff?.maxMs} ms each past ${rules.backOff?.after} failures, refused (429) past ${rules.perAccount.limit} per 15 min, the right password too`,
      held: true,
    });
  });
});

describe("password reset", () => {
  it("reset e-mails for one address are refused after the limit, and no more e-mails go out", async () => {
    const user = await createUser(kit.database.db);
    const limit = DEFAULT_RATE_LIMITS.reset.perAccount.limit;
    const reset = () =>
      kit.app.inject({
        method: "PUT",
        url: "/api/auth/reset-password",
        payload: { email: user.email },
        remoteAddress: newAddress(),
      });
    const { refusedAt } = await attemptsUntilRefused(limit + 5, async () => ({
      status: (await reset()).statusCode,
    }));
    expect(refusedAt).toBe(limit + 1);
    expectRefused(await reset());
    await kit.app.services.accounts.settled();
    const mails = await kit.app.services.mail.list({ to: user.email });
    expect(mails.length).toBe(limit);
    recordFigure({
      suite: "brute force",
      tried: "password reset requests for one e-mail, each from a new address (PUT /api/auth/reset-password)",
      result: `refused (429) at attempt ${refusedAt}; ${mails.length} e-mails sent`,
      held: refusedAt === limit + 1 && mails.length === limit,
    });
  });
});

describe("coupon checks", () => {
  it("GET /api/shops/coupons/is-active/:code: guessing codes from one address is refused after the limit, a real code too", async () => {
    const ip = newAddress();
    const limit = DEFAULT_RATE_LIMITS.coupon.perAddress.limit;
    const check = (code: string, remoteAddress = ip) =>
      kit.app.inject({ url: `/api/shops/coupons/is-active/${code}`, remoteAddress });
    const { refusedAt, statuses } = await attemptsUntilRefused(limit + 5, async (index) => ({
      status: (await check(`ZGADUJE${index}`)).statusCode,
    }));
    expect(refusedAt).toBe(limit + 1);
    expect(statuses.get(400)).toBe(limit);
    // the coupon that exists is refused as well: the guess cannot be confirmed
    expectRefused(await check(shop.percentCoupon.code));
    // another address is not affected
    expect((await check(shop.percentCoupon.code, newAddress())).statusCode).toBe(200);
    recordFigure({
      suite: "brute force",
      tried: "guessed coupon codes from one address (GET /api/shops/coupons/is-active/:code)",
      result: `${limit} × 400, refused (429) at attempt ${refusedAt}; a real code then 429 too`,
      held: refusedAt === limit + 1,
    });
  });

  it("the cart's coupon form (/koszyk, intent coupon) counts against the same limit and answers the translated refusal", async () => {
    const ip = newAddress();
    const limit = DEFAULT_RATE_LIMITS.coupon.perAddress.limit;
    const submit = async (code: string) => {
      const form = new URLSearchParams({ intent: "coupon", code });
      const reply = (await cartAction({
        request: new Request("http://localhost/koszyk", {
          method: "POST",
          body: form,
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
        context: webContext(ip),
        params: {},
      } as never)) as { data: { ok: boolean; error?: string }; init: ResponseInit | null };
      return { status: reply.init?.status ?? 200, data: reply.data };
    };
    const { refusedAt } = await attemptsUntilRefused(limit + 5, async (index) => submit(`FORMULARZ${index}`));
    expect(refusedAt).toBe(limit + 1);
    const refused = await submit(shop.percentCoupon.code);
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ ok: false, error: "errors.rateLimited" });
    // the API from the same address is refused too: one counter per address for both doors
    expectRefused(
      await kit.app.inject({
        url: `/api/shops/coupons/is-active/${shop.percentCoupon.code}`,
        remoteAddress: ip,
      }),
    );
    recordFigure({
      suite: "brute force",
      tried: "guessed coupon codes through the cart form from one address",
      result: `refused (429, '${translate("pl", "errors.rateLimited")}') at attempt ${refusedAt}; the API then 429 too`,
      held: refusedAt === limit + 1,
    });
  });
});

describe("guest order lookup", () => {
  let paid: { orderNumber: string; email: string };
  let unpaid: { orderNumber: string; email: string; redirectUrl: string };

  async function guestOrder(email: string) {
    const body = await placeGuestOrder(kit.app, shop.plain.id, email, newAddress());
    return {
      orderNumber: body.orderNumber,
      email: body.email,
      redirectUrl: body.payment.redirectUrl as string,
    };
  }

  beforeAll(async () => {
    const first = await guestOrder("zgadnij-mnie@example.com");
    const paidNow = await kit.app.services.payments.demoDecide(
      first.redirectUrl.replace("/bramka-demo/", ""),
      "pay",
    );
    expect(paidNow.ok).toBe(true);
    paid = first;
    unpaid = await guestOrder("druga-osoba@example.com");
  });

  it("guessing the e-mail of an order number is refused after the limit, and then every door of the lookup is closed", async () => {
    const ip = newAddress();
    const limit = DEFAULT_RATE_LIMITS["order-lookup"].perAccount.limit;
    const lookup = (orderNumber: string, email: string, remoteAddress = ip) =>
      kit.app.inject({ url: `/api/orders/${orderNumber}?email=${encodeURIComponent(email)}`, remoteAddress });
    const { refusedAt, statuses } = await attemptsUntilRefused(limit + 5, async (index) => ({
      status: (await lookup(paid.orderNumber, `zgaduje-${index}@example.com`)).statusCode,
    }));
    expect(refusedAt).toBe(limit + 1);
    expect(statuses.get(404)).toBe(limit);

    // the right e-mail now: refused through the API, the invoice (guest and signed in), the order page
    // and the payment retry of /gotowe — from this address, and for this number from any address
    expectRefused(await lookup(paid.orderNumber, paid.email), "the right e-mail");
    expectRefused(
      await lookup(paid.orderNumber, paid.email, newAddress()),
      "the number from another address",
    );
    expectRefused(await lookup(unpaid.orderNumber, unpaid.email), "another number from this address");
    const invoiceUrl = `/api/orders/${paid.orderNumber}/invoice?email=${encodeURIComponent(paid.email)}`;
    expectRefused(await kit.app.inject({ url: invoiceUrl, remoteAddress: ip }), "invoice as a guest");
    const signedIn = await createSignedInUser(kit.database.db);
    const invoiceSignedIn = await kit.app.inject({
      url: invoiceUrl,
      remoteAddress: ip,
      headers: bearer(signedIn.token),
    });
    expectRefused(invoiceSignedIn, "invoice, signed in, with ?email=");
    const retry = await kit.app.inject({
      url: `/api/orders/retry-payment/${unpaid.orderNumber}?email=${encodeURIComponent(unpaid.email)}`,
      remoteAddress: ip,
    });
    expect(retry.statusCode).toBe(404);

    const page = (await orderViewLoader({
      context: webContext(ip),
      request: new Request(
        `http://localhost/zamowienie?orderNumber=${unpaid.orderNumber}&email=${encodeURIComponent(unpaid.email)}`,
      ),
      params: {},
    } as never)) as { init: ResponseInit | null; data: { order: unknown } };
    expect(page.init?.status).toBe(404);
    expect(page.data.order).toBeNull();

    const retryForm = (await orderResultAction({
      context: webContext(ip, toPublicUser(signedIn)),
      request: new Request(
        `http://localhost/gotowe?orderNumber=${unpaid.orderNumber}&email=${encodeURIComponent(unpaid.email)}`,
        { method: "POST" },
      ),
      params: {},
    } as never)) as Response;
    // not sent on to the payment gateway: the lookup is refused like a wrong e-mail
    expect(retryForm.headers.get("location")).not.toMatch(/bramka-demo/);

    // an order nobody guessed at, asked from another address, is still served
    expect((await lookup(unpaid.orderNumber, unpaid.email, newAddress())).statusCode).toBe(200);
    recordFigure({
      suite: "brute force",
      tried: "guessed e-mails for one order number from one address (GET /api/orders/{number}?email=)",
      result: `${limit} × 404, refused (429) at attempt ${refusedAt}; then the right e-mail refused by the API, invoice (guest and signed in), /zamowienie and /gotowe`,
      held: refusedAt === limit + 1,
    });
  });
});
