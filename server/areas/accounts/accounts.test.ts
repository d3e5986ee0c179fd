import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { oneTimeTokens, sessions, users } from "../../db/schema";
import { startApi } from "../../test/api";
import { kitForFile } from "../../test/kit-for-file";
import { bearer, createSignedInUser, createUser, FIXTURE_PASSWORD } from "./accounts.fixtures";
import { createAccountsService } from "./accounts.service";
import { hashPassword } from "./password";
import { hashToken } from "./tokens";

// The auth API end to end in-process: register → e-mail in the outbox → confirm → log in (cookie and
// bearer) → /auth/user → logout; password reset; enumeration safety. Rate limits: accounts.rate-limit.test.ts.

const PUBLIC_URL = "https://sklep.example.com";

const kit = kitForFile(() => startApi({ name: "accounts-test", env: { PUBLIC_URL } }));

let sequence = 0;
const uniqueEmail = (name: string) => `${name}-${++sequence}-${Date.now()}@example.com`;

function register(body: Record<string, unknown>) {
  return kit.app.inject({ method: "POST", url: "/api/auth/register", payload: body });
}

function login(email: string, password: string, remoteAddress?: string) {
  return kit.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function sessionCookie(response: LightMyRequestResponse): string {
  const header = response.headers["set-cookie"];
  const value = Array.isArray(header) ? header.join("\n") : String(header ?? "");
  const match = /(?:^|\n)session=([^;]*)/.exec(value);
  if (!match?.[1]) throw new Error(`no session cookie in ${value}`);
  return match[1];
}

async function latestMail(to: string, template: string) {
  // the reset e-mail is made after the answer
  await kit.app.services.accounts.settled();
  const [message] = (await kit.app.services.mail.list({ to })).filter((mail) => mail.template === template);
  if (!message) throw new Error(`no ${template} e-mail to ${to}`);
  return message;
}

function linkIn(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in ${text}`);
  return new URL(match[0]);
}

/** Follows an e-mail link to the API inside the app; returns the redirect target. */
async function follow(link: URL): Promise<string> {
  const response = await kit.app.inject({ method: "GET", url: `${link.pathname}${link.search}` });
  expect(response.statusCode).toBe(302);
  return String(response.headers.location);
}

describe("register", () => {
  it("creates an unapproved user and sends a confirmation e-mail with a working link", async () => {
    const email = uniqueEmail("ala");
    const response = await register({
      displayName: "Ala Kowalska",
      email: email.toUpperCase(),
      password: "sekret123",
      confirmPassword: "sekret123",
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({ email, displayName: "Ala Kowalska", approved: false, roles: ["user"] });
    expect(JSON.stringify(body)).not.toContain("scrypt");

    const mail = await latestMail(email, "email-confirmation");
    expect(mail.subject).toBe("Potwierdź adres e-mail");
    expect(mail.html).toContain("href=");
    // signed with the shop's configured name (SHOP_NAME), not a bare "Zespół sklepu"
    expect(mail.text).toContain("Pozdrawiamy\nZespół sklepu Szyciowo");
    const link = linkIn(mail.text);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/api/auth/confirm-email`);
    expect(link.searchParams.get("email")).toBe(email);
    expect(link.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // the .eml file is in the outbox folder
    const files = fs.readdirSync(path.join(kit.config.dataDir, "outbox"));
    expect(files.some((file) => file.endsWith("-email-confirmation.eml"))).toBe(true);

    // the stored token is its hash, never the token itself
    const [stored] = await kit.database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(link.searchParams.get("token") ?? "")));
    expect(stored?.kind).toBe("email-confirmation");
    const hoursValid = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hoursValid).toBeGreaterThan(47.9);
    expect(hoursValid).toBeLessThanOrEqual(48);

    expect(await follow(link)).toBe("/token-success");
    const [row] = await kit.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.approved).toBe(true);
    expect(row?.approvedAt).toBeInstanceOf(Date);
    expect(row?.emailConfirmedAt).toBeInstanceOf(Date);

    // the link works once
    expect(await follow(link)).toBe("/token-error?errorType=user-has-already-confirmed-email");
  });

  it("writes the e-mail in English for a visitor who chose English", async () => {
    const email = uniqueEmail("english");
    const response = await kit.app.inject({
      method: "POST",
      url: "/api/auth/register",
      cookies: { lang: "en" },
      payload: { displayName: "Jane Doe", email, password: "secret123", confirmPassword: "secret123" },
    });
    expect(response.statusCode).toBe(201);
    expect((await latestMail(email, "email-confirmation")).subject).toBe("Confirm your e-mail address");
  });

  it("refuses an e-mail already in use, in any letter case", async () => {
    const existing = await createUser(kit.database.db);
    const response = await register({
      displayName: "Ktoś Inny",
      email: existing.email.toUpperCase(),
      password: "sekret123",
      confirmPassword: "sekret123",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "auth/email-already-in-use",
      message: "Failed! Email is already in use!",
      messageKey: "errors.auth/email-already-in-use",
    });
  });

  it("answers invalid input with field keys and creates nothing", async () => {
    const email = uniqueEmail("invalid");
    const response = await register({ displayName: "Al", email, password: "krotk", confirmPassword: "inne" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "validation",
      fields: {
        displayName: { key: "validation.minLength" },
        password: { key: "validation.minLength" },
      },
    });
    const rows = await kit.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(0);
  });
});

describe("confirm-email", () => {
  async function registered() {
    const email = uniqueEmail("confirm");
    const response = await register({
      displayName: "Jan Nowak",
      email,
      password: "sekret123",
      confirmPassword: "sekret123",
    });
    expect(response.statusCode).toBe(201);
    return { email, link: linkIn((await latestMail(email, "email-confirmation")).text) };
  }

  it("sends a bad token to invalid-token and leaves the account unapproved", async () => {
    const { email, link } = await registered();
    link.searchParams.set("token", "x".repeat(43));
    expect(await follow(link)).toBe("/token-error?errorType=invalid-token");
    const [row] = await kit.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.approved).toBe(false);
  });

  it("sends a missing token to invalid-token", async () => {
    const { email } = await registered();
    expect(
      await follow(new URL(`${PUBLIC_URL}/api/auth/confirm-email?email=${encodeURIComponent(email)}`)),
    ).toBe("/token-error?errorType=invalid-token");
  });

  it("tells an anonymous caller nothing about an e-mail: an unknown token is invalid-token for any address", async () => {
    const { email } = await registered();
    const confirmed = await createUser(kit.database.db);
    for (const address of [email, confirmed.email, "nikt-taki@example.com"]) {
      const link = new URL(
        `${PUBLIC_URL}/api/auth/confirm-email?token=${"x".repeat(43)}&email=${encodeURIComponent(address)}`,
      );
      expect(await follow(link), address).toBe("/token-error?errorType=invalid-token");
    }
  });

  it("sends a real token with an e-mail that is not its account's to user-not-found, and confirms nothing", async () => {
    const first = await registered();
    const second = await registered();
    for (const address of ["nikt-taki@example.com", second.email]) {
      first.link.searchParams.set("email", address);
      expect(await follow(first.link), address).toBe("/token-error?errorType=user-not-found");
    }
    const rows = await kit.database.db
      .select()
      .from(users)
      .where(sql`${users.email} in (${first.email}, ${second.email})`);
    expect(rows.map((row) => row.approved)).toEqual([false, false]);
  });

  it("refuses an expired token", async () => {
    const { email, link } = await registered();
    await kit.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(link.searchParams.get("token") ?? "")));
    expect(await follow(link)).toBe("/token-error?errorType=invalid-token");
    const [row] = await kit.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.approved).toBe(false);
  });

  it("works without the e-mail parameter too", async () => {
    const { link } = await registered();
    link.searchParams.delete("email");
    expect(await follow(link)).toBe("/token-success");
  });
});

describe("login, session, logout", () => {
  it("logs in with the cookie and the bearer token, both resolving the user", async () => {
    const user = await createUser(kit.database.db, { displayName: "Basia Zalogowana" });
    const response = await login(user.email.toUpperCase(), FIXTURE_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ _id: user.id, email: user.email, displayName: "Basia Zalogowana" });
    expect(body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(body)).not.toContain("scrypt");

    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).toContain("Secure"); // PUBLIC_URL is https
    expect(sessionCookie(response)).toBe(body.accessToken);

    // stored as its SHA-256, expiring in 24 h
    const [session] = await kit.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.accessToken)));
    expect(session?.userId).toBe(user.id);
    const hours = ((session?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const byCookie = await kit.app.inject({
      method: "GET",
      url: "/api/auth/user",
      cookies: { session: body.accessToken },
    });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json()).toMatchObject({ _id: user.id, email: user.email });
    expect(byCookie.headers["cache-control"]).toBe("no-store");

    const byBearer = await kit.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: bearer(body.accessToken),
    });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json()._id).toBe(user.id);
  });

  it("answers an unknown e-mail and a wrong password the same way", async () => {
    const user = await createUser(kit.database.db);
    const wrongPassword = await login(user.email, "zle-haslo-123");
    const unknownEmail = await login(uniqueEmail("nobody"), "zle-haslo-123");
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json()).toMatchObject({
      code: "auth/wrong-password",
      message: "Invalid Password!",
      messageKey: "errors.auth/wrong-password",
    });
  });

  it("validates the login form", async () => {
    const response = await login("nie-email", "");
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      email: { key: "validation.email" },
      password: { key: "validation.required" },
    });
  });

  it("lets an unapproved user log in (the banner shows on the pages)", async () => {
    const user = await createUser(kit.database.db, { approved: false });
    const response = await login(user.email, FIXTURE_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.approved).toBe(false);
  });

  it("GET /auth/user is 401 without, with a garbage, and with an expired token", async () => {
    const user = await createSignedInUser(kit.database.db);
    await kit.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    for (const headers of [{}, bearer("x".repeat(43)), bearer(user.token), { authorization: "Basic abc" }]) {
      const response = await kit.app.inject({ method: "GET", url: "/api/auth/user", headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: "unauthorized", messageKey: "errors.unauthorized" });
    }
  });

  it("logout ends the session on the server and clears the cookie", async () => {
    const user = await createUser(kit.database.db);
    const token = (await login(user.email, FIXTURE_PASSWORD)).json().accessToken as string;
    const other = (await login(user.email, FIXTURE_PASSWORD)).json().accessToken as string;
    const response = await kit.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      cookies: { session: token },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers["set-cookie"])).toMatch(/^session=; .*Max-Age=0/);
    const after = await kit.app.inject({ method: "GET", url: "/api/auth/user", headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    // another device stays signed in
    const otherDevice = await kit.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: bearer(other),
    });
    expect(otherDevice.statusCode).toBe(200);
  });

  // The app above hashes at the tests' quick cost; a shop at the standard cost (production's) is the
  // one that must upgrade what it finds: an old N = 2^14 hash, or a quick one a test run left behind.
  it.each([
    [
      "an old (N = 2^14)",
      async () => {
        const { scryptSync, randomBytes } = await import("node:crypto");
        const salt = randomBytes(16);
        const key = scryptSync("stare-haslo", salt, 64, { N: 16_384, r: 8, p: 1 });
        return `scrypt$16384$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
      },
    ],
    ["a quick (N = 2^12, test run)", () => hashPassword("stare-haslo", "quick")],
  ])("upgrades %s password hash at login", async (_kind, oldHash) => {
    const standard = createAccountsService(
      kit.database.db,
      { publicUrl: PUBLIC_URL, shopName: "Szyciowo", passwordCost: "standard" },
      kit.app.services.mail,
    );
    const user = await createUser(kit.database.db);
    await kit.database.db
      .update(users)
      .set({ passwordHash: await oldHash() })
      .where(eq(users.id, user.id));
    const logIn = () => standard.login({ email: user.email, password: "stare-haslo" }, { ip: "192.0.2.7" });
    expect((await logIn()).ok).toBe(true);
    const [row] = await kit.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await logIn()).ok).toBe(true);
  });
});

describe("password reset", () => {
  function requestReset(email: string) {
    return kit.app.inject({ method: "PUT", url: "/api/auth/reset-password", payload: { email } });
  }
  function setNewPassword(body: Record<string, unknown>) {
    return kit.app.inject({ method: "PUT", url: "/api/auth/new-password", payload: body });
  }
  async function resetLink(email: string): Promise<URL> {
    const response = await requestReset(email);
    expect(response.statusCode).toBe(200);
    return linkIn((await latestMail(email, "password-reset")).text);
  }
  const linkParams = (link: URL) => ({
    token: link.searchParams.get("token"),
    email: link.searchParams.get("email"),
  });

  it("answers the same for a known and an unknown e-mail; only the known one gets mail", async () => {
    const user = await createUser(kit.database.db);
    const unknown = uniqueEmail("unknown");
    const known = await requestReset(user.email);
    const missing = await requestReset(unknown);
    expect(known.statusCode).toBe(200);
    expect(missing.statusCode).toBe(200);
    expect(known.json()).toEqual(missing.json());
    expect(known.json()).toMatchObject({ messageKey: "success.emailSent" });
    const mail = await latestMail(user.email, "password-reset");
    expect(mail.subject).toBe("Ustaw nowe hasło");
    expect(await kit.app.services.mail.list({ to: unknown })).toHaveLength(0);
  });

  it("answers a known e-mail without waiting for its link and e-mail, so even a failing e-mail does not tell", async () => {
    const user = await createUser(kit.database.db);
    const outbox = path.join(kit.config.dataDir, "outbox");
    const saved = path.join(kit.config.dataDir, "outbox-saved");
    // the outbox cannot be written: a file where its folder should be
    fs.renameSync(outbox, saved);
    fs.writeFileSync(outbox, "");
    try {
      const known = await requestReset(user.email);
      const missing = await requestReset(uniqueEmail("nikt"));
      // before: the known e-mail's answer waited for the e-mail, and failed with it (500)
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual(missing.json());
      await kit.app.services.accounts.settled();
    } finally {
      fs.rmSync(outbox);
      fs.renameSync(saved, outbox);
    }
    // the link is made and mailed after the answer
    await requestReset(user.email);
    expect((await latestMail(user.email, "password-reset")).subject).toBe("Ustaw nowe hasło");
  });

  it("sets the new password through the link once, and ends every session", async () => {
    const user = await createSignedInUser(kit.database.db);
    const link = await resetLink(user.email);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/ustaw-nowe-haslo`);
    expect(link.searchParams.get("email")).toBe(user.email);
    const [stored] = await kit.database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(link.searchParams.get("token") ?? "")));
    const minutesValid = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutesValid).toBeGreaterThan(59);
    expect(minutesValid).toBeLessThanOrEqual(60);

    const response = await setNewPassword({
      ...linkParams(link),
      password: "nowe-haslo-1",
      confirmPassword: "nowe-haslo-1",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ messageKey: "success.passwordUpdated" });

    // the old session is gone, the old password no longer works, the new one does
    const old = await kit.app.inject({ method: "GET", url: "/api/auth/user", headers: bearer(user.token) });
    expect(old.statusCode).toBe(401);
    expect((await login(user.email, FIXTURE_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, "nowe-haslo-1")).statusCode).toBe(200);

    // the link is single use
    const again = await setNewPassword({
      ...linkParams(link),
      password: "inne-haslo-2",
      confirmPassword: "inne-haslo-2",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: "invalid-token",
      message: "Invalid or expired link",
      messageKey: "errors.invalidToken",
    });
    expect((await login(user.email, "inne-haslo-2")).statusCode).toBe(401);
  });

  it("refuses an expired link, a bad token and another account's e-mail", async () => {
    const user = await createUser(kit.database.db);
    const other = await createUser(kit.database.db);
    const link = await resetLink(user.email);
    const passwords = { password: "nowe-haslo-1", confirmPassword: "nowe-haslo-1" };

    const wrongEmail = await setNewPassword({ ...linkParams(link), email: other.email, ...passwords });
    expect(wrongEmail.json().code).toBe("invalid-token");
    const badToken = await setNewPassword({ token: "y".repeat(43), email: user.email, ...passwords });
    expect(badToken.json().code).toBe("invalid-token");
    const noToken = await setNewPassword({ email: user.email, ...passwords });
    expect(noToken.json().code).toBe("invalid-token");

    await kit.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(link.searchParams.get("token") ?? "")));
    const expired = await setNewPassword({ ...linkParams(link), ...passwords });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe("invalid-token");
    expect((await login(user.email, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it("a newer link replaces the older one", async () => {
    const user = await createUser(kit.database.db);
    const first = await resetLink(user.email);
    const second = await resetLink(user.email);
    const passwords = { password: "nowe-haslo-1", confirmPassword: "nowe-haslo-1" };
    expect((await setNewPassword({ ...linkParams(first), ...passwords })).statusCode).toBe(400);
    expect((await setNewPassword({ ...linkParams(second), ...passwords })).statusCode).toBe(200);
  });

  it("validates the new password and keeps the link usable", async () => {
    const user = await createUser(kit.database.db);
    const link = await resetLink(user.email);
    const response = await setNewPassword({
      ...linkParams(link),
      password: "krotk",
      confirmPassword: "inne",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "validation",
      fields: { password: { key: "validation.minLength" } },
    });
    const ok = await setNewPassword({
      ...linkParams(link),
      password: "dobre-haslo",
      confirmPassword: "dobre-haslo",
    });
    expect(ok.statusCode).toBe(200);
  });

  it("a link used by several requests at once works for exactly one", async () => {
    const user = await createUser(kit.database.db);
    const link = await resetLink(user.email);
    const responses = await Promise.all(
      ["pierwsze-1", "drugie-22", "trzecie-3"].map((password) =>
        setNewPassword({ ...linkParams(link), password, confirmPassword: password }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it("validates the reset e-mail", async () => {
    const response = await requestReset("bez-malpy");
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ email: { key: "validation.email" } });
  });
});

describe("change password (signed in)", () => {
  function changePassword(token: string, body: Record<string, unknown>, remoteAddress?: string) {
    return kit.app.inject({
      method: "PUT",
      url: "/api/auth/change-password",
      headers: bearer(token),
      payload: body,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  }
  const whoAmI = (token: string) => kit.app.inject({ url: "/api/auth/user", headers: bearer(token) });

  it("changes the password: the old one no longer logs in, the new one does; other sessions end, this one stays", async () => {
    const user = await createSignedInUser(kit.database.db);
    const other = (await login(user.email, FIXTURE_PASSWORD)).json().accessToken as string;
    const response = await changePassword(user.token, {
      currentPassword: FIXTURE_PASSWORD,
      password: "zupelnie-nowe-7",
      confirmPassword: "zupelnie-nowe-7",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ messageKey: "success.passwordUpdated" });
    expect((await whoAmI(user.token)).statusCode).toBe(200);
    expect((await whoAmI(other)).statusCode).toBe(401);
    expect((await login(user.email, FIXTURE_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, "zupelnie-nowe-7")).statusCode).toBe(200);
  });

  it("refuses a wrong current password as a field error and changes nothing", async () => {
    const user = await createSignedInUser(kit.database.db);
    const response = await changePassword(user.token, {
      currentPassword: "nie-to-haslo",
      password: "zupelnie-nowe-7",
      confirmPassword: "zupelnie-nowe-7",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "validation",
      fields: { currentPassword: { key: "validation.currentPasswordWrong" } },
    });
    expect((await login(user.email, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a common new password, a mismatch and a huge input before hashing", async () => {
    const user = await createSignedInUser(kit.database.db);
    const common = await changePassword(user.token, {
      currentPassword: FIXTURE_PASSWORD,
      password: "sklep1234",
      confirmPassword: "sklep1234",
    });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ fields: { password: { key: "validation.commonPassword" } } });
    const huge = await changePassword(user.token, {
      currentPassword: "x".repeat(200_000),
      password: "zupelnie-nowe-7",
      confirmPassword: "zupelnie-nowe-8",
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({
      fields: {
        currentPassword: { key: "validation.maxLength" },
        confirmPassword: { key: "validation.sameAsPassword" },
      },
    });
  });

  it("is for signed-in users only", async () => {
    const response = await kit.app.inject({
      method: "PUT",
      url: "/api/auth/change-password",
      payload: { currentPassword: "x", password: "zupelnie-nowe-7", confirmPassword: "zupelnie-nowe-7" },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("common passwords", () => {
  it("register and the new password of a reset refuse them; the demo seed's still log in", async () => {
    const refused = await register({
      displayName: "Jan Nowak",
      email: uniqueEmail("popularne"),
      password: "klient1234",
      confirmPassword: "klient1234",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { password: { key: "validation.commonPassword" } } });
    const newPassword = await kit.app.inject({
      method: "PUT",
      url: "/api/auth/new-password",
      payload: { token: "x".repeat(43), password: "qwerty123", confirmPassword: "qwerty123" },
    });
    expect(newPassword.statusCode).toBe(400);
    expect(newPassword.json()).toMatchObject({ fields: { password: { key: "validation.commonPassword" } } });
    // an account that has such a password (as the seed makes them) logs in
    const user = await createUser(kit.database.db);
    await kit.database.db
      .update(users)
      .set({ passwordHash: await hashPassword("klient1234", "quick") })
      .where(eq(users.id, user.id));
    expect((await login(user.email, "klient1234")).statusCode).toBe(200);
  });
});

describe("resend confirmation", () => {
  it("sends a new working link to an unapproved user", async () => {
    const user = await createSignedInUser(kit.database.db, { approved: false });
    const response = await kit.app.inject({
      method: "GET",
      url: "/api/users/send-confirmation-email",
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ messageKey: "success.emailSent" });
    const link = linkIn((await latestMail(user.email, "email-confirmation")).text);
    expect(await follow(link)).toBe("/token-success");
    const me = await kit.app.inject({ method: "GET", url: "/api/auth/user", headers: bearer(user.token) });
    expect(me.json()).toMatchObject({ approved: true });
  });

  it("sends nothing to an approved user", async () => {
    const user = await createSignedInUser(kit.database.db);
    const response = await kit.app.inject({
      method: "GET",
      url: "/api/users/send-confirmation-email",
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(200);
    expect(await kit.app.services.mail.list({ to: user.email })).toHaveLength(0);
  });

  it("tells a confirmed but unapproved user that the admin has not approved the account", async () => {
    const user = await createSignedInUser(kit.database.db, { approved: false, emailConfirmed: true });
    const response = await kit.app.inject({
      method: "GET",
      url: "/api/users/send-confirmation-email",
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: "account-not-approved",
      message: "Your account has not been approved by the admin yet",
      messageKey: "errors.accountNotApproved",
    });
  });
});

describe("session bookkeeping", () => {
  it("touches last_seen_at at most once a minute", async () => {
    const user = await createSignedInUser(kit.database.db);
    const tokenHash = hashToken(user.token);
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await kit.database.db
      .update(sessions)
      .set({ lastSeenAt: longAgo })
      .where(eq(sessions.tokenHash, tokenHash));
    await kit.app.services.accounts.userFromToken(user.token);
    const [touched] = await kit.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
    expect(touched?.lastSeenAt.getTime()).toBeGreaterThan(longAgo.getTime());
    const recent = new Date(Date.now() - 5_000);
    await kit.database.db
      .update(sessions)
      .set({ lastSeenAt: recent })
      .where(eq(sessions.tokenHash, tokenHash));
    await kit.app.services.accounts.userFromToken(user.token);
    const [untouched] = await kit.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash));
    expect(untouched?.lastSeenAt.getTime()).toBe(recent.getTime());
  });

  it("a login clears expired sessions and long-expired links of every user", async () => {
    const stale = await createSignedInUser(kit.database.db);
    const fresh = await createSignedInUser(kit.database.db);
    await kit.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(stale.token)));
    const [oldLink] = await kit.database.db
      .insert(oneTimeTokens)
      .values({
        userId: stale.id,
        kind: "password-reset",
        tokenHash: hashToken(`old-${Date.now()}`),
        expiresAt: new Date(Date.now() - 8 * 24 * 3_600_000),
      })
      .returning({ id: oneTimeTokens.id });
    // a service of its own, so its first login prunes
    const accounts = createAccountsService(
      kit.database.db,
      { publicUrl: PUBLIC_URL, shopName: "Szyciowo", passwordCost: "quick" },
      kit.app.services.mail,
    );
    const someone = await createUser(kit.database.db);
    expect(
      (await accounts.login({ email: someone.email, password: FIXTURE_PASSWORD }, { ip: "192.0.2.1" })).ok,
    ).toBe(true);
    expect(
      await kit.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(stale.token))),
    ).toHaveLength(0);
    expect(
      await kit.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(fresh.token))),
    ).toHaveLength(1);
    expect(
      await kit.database.db
        .select()
        .from(oneTimeTokens)
        .where(eq(oneTimeTokens.id, oldLink?.id ?? 0)),
    ).toHaveLength(0);
  });

  it("stores no plain token anywhere", async () => {
    const user = await createSignedInUser(kit.database.db);
    const rows = await kit.database.db.execute(
      sql`select count(*)::int as n from sessions where token_hash = ${user.token}`,
    );
    expect(Number((rows.rows[0] as { n: number }).n)).toBe(0);
  });
});
