import { describe, expect, it } from "vitest";
import { startApi } from "../../test/api";
import { kitForFile } from "../../test/kit-for-file";
import { bearer, createSignedInUser, createUser, FIXTURE_PASSWORD } from "./accounts.fixtures";

// Login, register, reset and resend are limited per account (e-mail) and per address (IP): 429 with a
// translated message; login also per (account, address) pair, with the account's own limit higher and
// not applied to an address the account logged in from (ADR 036). Small limits are injected through
// buildApp's options.

/** Fixed windows restart at multiples of windowMs since 1970: a very long window never restarts mid-test. */
const HOUR = 10_000 * 24 * 3_600_000;

const kit = kitForFile(() =>
  startApi({
    name: "accounts-limits",
    app: {
      rateLimits: {
        login: {
          perAccount: { limit: 6, windowMs: HOUR },
          perAddress: { limit: 5, windowMs: HOUR },
          perPair: { limit: 3, windowMs: HOUR },
          backOff: { after: 3, baseMs: 1, maxMs: 4 },
          knownForMs: HOUR,
        },
        register: { perAccount: { limit: 2, windowMs: HOUR }, perAddress: { limit: 3, windowMs: HOUR } },
        reset: { perAccount: { limit: 2, windowMs: HOUR }, perAddress: { limit: 4, windowMs: HOUR } },
        resend: { perAccount: { limit: 2, windowMs: HOUR }, perAddress: { limit: 10, windowMs: HOUR } },
        confirm: { perAccount: { limit: 3, windowMs: HOUR }, perAddress: { limit: 3, windowMs: HOUR } },
      },
    },
  }),
);

let address = 0;
/** A fresh client address per test, so per-address counts do not leak between tests. */
const newAddress = () => `198.51.100.${++address}`;

function login(email: string, password: string, remoteAddress: string) {
  return kit.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    remoteAddress,
  });
}

function expectRateLimited(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({
    code: "rate-limited",
    messageKey: "errors.rateLimited",
    message: "Too many requests",
  });
}

describe("login limits", () => {
  it("stops guessing one account's password from one address, even with the right password, and even for an unknown e-mail", async () => {
    const user = await createUser(kit.database.db);
    const ip = newAddress();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await login(user.email, "zle-haslo-1", ip)).statusCode).toBe(401);
    }
    expectRateLimited(await login(user.email, FIXTURE_PASSWORD, ip));
    // an unknown e-mail is limited the same way (no hint that it has no account)
    const ghost = `ghost-${Date.now()}@example.com`;
    const other = newAddress();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await login(ghost, "zle-haslo-1", other)).statusCode).toBe(401);
    }
    expectRateLimited(await login(ghost, "zle-haslo-1", other));
  });

  it("a stranger's wrong passwords from another address do not keep the owner out", async () => {
    const user = await createUser(kit.database.db);
    const stranger = newAddress();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await login(user.email, "zle-haslo-1", stranger)).statusCode).toBe(401);
    }
    expectRateLimited(await login(user.email, "zle-haslo-1", stranger));
    // the owner, from their own address, with the right password
    expect((await login(user.email, FIXTURE_PASSWORD, newAddress())).statusCode).toBe(200);
  });

  it("guessing from many addresses stops at the account's limit, except for an address the owner logged in from", async () => {
    const user = await createUser(kit.database.db);
    const home = newAddress();
    expect((await login(user.email, FIXTURE_PASSWORD, home)).statusCode).toBe(200);
    // 6 wrong passwords from 3 addresses (2 each, under the pair limit): the account's limit
    for (let attempt = 0; attempt < 6; attempt++) {
      const from = attempt % 2 === 0 ? newAddress() : `198.51.100.${address}`;
      expect((await login(user.email, `zle-haslo-${attempt}`, from)).statusCode).toBe(401);
    }
    // a further guess from a fresh address is refused, the right password too: guessing cannot go on
    expectRateLimited(await login(user.email, FIXTURE_PASSWORD, newAddress()));
    // the owner's known address still logs in
    expect((await login(user.email, FIXTURE_PASSWORD, home)).statusCode).toBe(200);
  });

  it("successful logins do not count", async () => {
    const user = await createUser(kit.database.db);
    const ip = newAddress();
    for (let attempt = 0; attempt < 6; attempt++) {
      expect((await login(user.email, FIXTURE_PASSWORD, ip)).statusCode).toBe(200);
    }
  });

  it("stops one address trying many accounts", async () => {
    const ip = newAddress();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login(`probe-${attempt}-${Date.now()}@example.com`, "zle-haslo-1", ip)).statusCode).toBe(
        401,
      );
    }
    expectRateLimited(await login(`probe-last-${Date.now()}@example.com`, "zle-haslo-1", ip));
    const other = await createUser(kit.database.db);
    expect((await login(other.email, FIXTURE_PASSWORD, newAddress())).statusCode).toBe(200);
  });
});

describe("register limits", () => {
  it("per e-mail and per address", async () => {
    const email = `rejestracja-${Date.now()}@example.com`;
    const body = { displayName: "Jan Nowak", email, password: "sekret123", confirmPassword: "sekret123" };
    const send = (payload: object, remoteAddress: string) =>
      kit.app.inject({ method: "POST", url: "/api/auth/register", payload, remoteAddress });
    expect((await send(body, newAddress())).statusCode).toBe(201);
    expect((await send(body, newAddress())).statusCode).toBe(409);
    expectRateLimited(await send(body, newAddress()));

    const ip = newAddress();
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await send({ ...body, email: `adres-${attempt}-${Date.now()}@example.com` }, ip);
      expect(response.statusCode).toBe(201);
    }
    expectRateLimited(await send({ ...body, email: `adres-last-${Date.now()}@example.com` }, ip));
  });
});

describe("reset limits", () => {
  it("per e-mail, whether or not it has an account", async () => {
    const user = await createUser(kit.database.db);
    const ghost = `nikt-${Date.now()}@example.com`;
    for (const email of [user.email, ghost]) {
      const send = () =>
        kit.app.inject({
          method: "PUT",
          url: "/api/auth/reset-password",
          payload: { email },
          remoteAddress: newAddress(),
        });
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      expectRateLimited(await send());
    }
    await kit.app.services.accounts.settled();
    expect((await kit.app.services.mail.list({ to: user.email })).length).toBe(2);
  });

  it("per address", async () => {
    const ip = newAddress();
    const send = (email: string) =>
      kit.app.inject({
        method: "PUT",
        url: "/api/auth/reset-password",
        payload: { email },
        remoteAddress: ip,
      });
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await send(`reset-${attempt}-${Date.now()}@example.com`)).statusCode).toBe(200);
    }
    expectRateLimited(await send(`reset-last-${Date.now()}@example.com`));
  });
});

describe("resend limits", () => {
  it("per account", async () => {
    const user = await createSignedInUser(kit.database.db, { approved: false });
    const send = () =>
      kit.app.inject({
        method: "GET",
        url: "/api/users/send-confirmation-email",
        headers: bearer(user.token),
        remoteAddress: newAddress(),
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    expectRateLimited(await send());
    expect((await kit.app.services.mail.list({ to: user.email })).length).toBe(2);
  });
});

describe("confirm-email limits", () => {
  it("per address: tokens cannot be tried in bulk", async () => {
    const ip = newAddress();
    const follow = (token: string, remoteAddress = ip) =>
      kit.app.inject({ url: `/api/auth/confirm-email?token=${token}`, remoteAddress });
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await follow(`zgaduje-${attempt}-${"x".repeat(30)}`);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/token-error?errorType=invalid-token");
    }
    expectRateLimited(await follow(`zgaduje-last-${"x".repeat(30)}`));
    expect((await follow(`inny-adres-${"x".repeat(30)}`, newAddress())).statusCode).toBe(302);
  });
});
