import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DELIVERY_METHOD } from "../../domain/delivery";
import { consentCookie, yearCookie } from "../../web/lib/cookies";
import { flashCookie } from "../../web/lib/flash.server";
import { lastRouteCookie } from "../../web/lib/last-route";
import {
  checkoutDataCookie,
  clearCartCookies,
  couponCookie,
  deliveryMethodCookie,
  deliveryPointCookie,
  savedCartCookie,
} from "../../web/lib/shop-cookies";
import { buildApp } from "../app";
import { createSignedInUser, createUser, FIXTURE_PASSWORD } from "../areas/accounts/accounts.fixtures";
import { loadConfig } from "../config";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { recordFigure } from "../test/figures";
import { testConfig } from "../test/test-config";
import { pageContentSecurityPolicy, withSecureFlag } from "./security-headers";

// Security headers, the CSP nonce, the CSRF rule and cookie flags (issue 7; docs/decisions/020).
// Two in-process apps on one database: the development configuration (http) and a production one.

const HOST = "sklep.test";
const OWN_ORIGIN = `http://${HOST}`;
const EVIL = "https://evil.example";
const PROD_PUBLIC_URL = "https://sklep.example.pl";

let database: TestDatabase;
let dev: FastifyInstance;
let prod: FastifyInstance;
const dirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "security-headers-test-"));
  dirs.push(dir);
  return dir;
}

const PROD_ENV = {
  NODE_ENV: "production",
  PUBLIC_URL: PROD_PUBLIC_URL,
  ADMIN_EMAIL: "szef@sklep.example.pl",
  ADMIN_PASSWORD: "bardzo-tajne-haslo",
  PAYMENT_PROVIDER: "paynow",
  PAYNOW_API_URL: "https://api.sandbox.paynow.pl",
  PAYNOW_API_KEY: "97a55694-5478-43b5-b406-fb49ebfdd2b5",
  PAYNOW_SIGNATURE_KEY: "b305b996-bca5-4404-a0b7-2ccea3d2b64b",
  SELLER_NAME: "Pracownia",
  SELLER_NIP: "1111111111",
  SELLER_ADDRESS: "ul. Krawiecka 1, 00-001 Warszawa",
};

beforeAll(async () => {
  database = await createTestDatabase();
  dev = await buildApp(testConfig({ DATA_DIR: tempDir() }), database, { web: false, logger: false });
  prod = await buildApp(loadConfig({ ...PROD_ENV, DATA_DIR: tempDir() }), database, {
    web: false,
    logger: false,
  });
  // a cookie written the way the web code writes it (no Secure): production must add Secure
  prod.get("/test-cookie", async (_request, reply) => {
    reply.header("set-cookie", "cart=%5B%5D; Path=/; Max-Age=60; HttpOnly; SameSite=Lax");
    reply.header("set-cookie", "lang=en; Path=/; Max-Age=60; HttpOnly; SameSite=Lax");
    return { ok: true };
  });
});

afterAll(async () => {
  await dev?.close();
  await prod?.close();
  await database?.destroy();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function directive(csp: string, name: string): string[] {
  const found = csp
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return found ? found.slice(1) : [];
}

function csp(response: LightMyRequestResponse): string {
  return String(response.headers["content-security-policy"] ?? "");
}

function cookies(response: LightMyRequestResponse): string[] {
  const header = response.headers["set-cookie"];
  return Array.isArray(header) ? header : header ? [String(header)] : [];
}

describe("security headers", () => {
  it("every API answer (200, 401, 404) carries the security headers and a strict policy", async () => {
    const answers = await Promise.all([
      dev.inject({ method: "GET", url: "/api/health" }),
      dev.inject({ method: "GET", url: "/api/auth/user" }),
      dev.inject({ method: "GET", url: "/api/nie-ma-takiej" }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404]);
    for (const response of answers) {
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(response.headers["permissions-policy"]).toContain("camera=()");
      const policy = csp(response);
      expect(directive(policy, "object-src")).toEqual(["'none'"]);
      expect(directive(policy, "base-uri")).toEqual(["'none'"]);
      expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
      expect(directive(policy, "script-src")).not.toContain("'unsafe-inline'");
      expect(directive(policy, "script-src")).not.toContain("'unsafe-eval'");
    }
    recordFigure({
      suite: "security headers",
      tried: "GET /api/health, /api/auth/user (anonymous), an unknown /api path",
      result: `${answers.length} of ${answers.length} answers with CSP, nosniff, Referrer-Policy, X-Frame-Options, COOP`,
      held: true,
    });
  });

  it("HSTS only in production (or on https), never on plain development http", async () => {
    const [plain, production] = await Promise.all([
      dev.inject({ method: "GET", url: "/api/health" }),
      prod.inject({ method: "GET", url: "/api/health" }),
    ]);
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    expect(production.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("gives every page request a fresh nonce in its script-src, with 'strict-dynamic' and no 'unsafe-inline'", async () => {
    const count = 20;
    const responses = await Promise.all(
      Array.from({ length: count }, () => dev.inject({ method: "GET", url: "/produkty" })),
    );
    const nonces = responses.map((response) => {
      const scripts = directive(csp(response), "script-src");
      expect(scripts).toContain("'strict-dynamic'");
      expect(scripts).not.toContain("'unsafe-inline'");
      const nonce = scripts.find((value) => value.startsWith("'nonce-"));
      expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}=='$/);
      return nonce;
    });
    const distinct = new Set(nonces).size;
    expect(distinct).toBe(count);
    recordFigure({
      suite: "security headers",
      tried: `${count} page requests`,
      result: `${distinct} distinct 128-bit CSP nonces`,
      held: distinct === count,
    });
  });

  it("page policy: analytics and widget hosts only when configured, the Paynow paywall in form-action", () => {
    const bare = pageContentSecurityPolicy(testConfig({}), "abc");
    expect(directive(bare, "connect-src")).toEqual(["'self'"]);
    expect(directive(bare, "form-action")).toEqual(["'self'"]);
    expect(directive(bare, "style-src")).toEqual(["'self'", "'unsafe-inline'"]);

    const full = pageContentSecurityPolicy(
      loadConfig({ ...PROD_ENV, GA_MEASUREMENT_IDS: "G-ABC123", INPOST_GEOWIDGET_TOKEN: "token" }),
      "abc",
    );
    expect(directive(full, "connect-src")).toEqual(
      expect.arrayContaining(["https://*.google-analytics.com", "https://geowidget.inpost.pl"]),
    );
    expect(directive(full, "form-action")).toEqual(
      expect.arrayContaining(["'self'", "https://paywall.sandbox.paynow.pl"]),
    );
    expect(directive(full, "script-src")).toEqual(["'self'", "'nonce-abc'", "'strict-dynamic'", "https:"]);

    // npm run dev: Vite's inline scripts and HMR websocket work, and no nonce switches them off
    const development = pageContentSecurityPolicy(testConfig({}), "abc", { development: true });
    expect(directive(development, "script-src").join(" ")).not.toContain("nonce-");
    expect(directive(development, "connect-src")).toContain("ws:");
    expect(directive(development, "object-src")).toEqual(["'none'"]);
  });
});

describe("CSRF: state-changing requests from another site are refused", () => {
  // a refused login never reaches the (slow, scrypt) handler; passing requests use logout (no body)
  function loginFrom(headers: Record<string, string>) {
    return dev.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { host: HOST, ...headers },
      payload: { email: "klient@example.com", password: FIXTURE_PASSWORD },
    });
  }
  function logoutFrom(headers: Record<string, string>) {
    return dev.inject({ method: "POST", url: "/api/auth/logout", headers: { host: HOST, ...headers } });
  }

  it("refuses a login POST with another site's Origin (403 csrf/cross-origin, no session)", async () => {
    const response = await loginFrom({ origin: EVIL });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: "csrf/cross-origin",
      messageKey: "errors.csrf/cross-origin",
    });
    expect(cookies(response)).toEqual([]);
  });

  it("refuses Origin: null and, without Origin, Sec-Fetch-Site: cross-site", async () => {
    expect((await loginFrom({ origin: "null" })).statusCode).toBe(403);
    expect((await loginFrom({ "sec-fetch-site": "cross-site" })).statusCode).toBe(403);
  });

  it("lets the same origin, PUBLIC_URL's origin and requests without Origin (curl) reach the handler", async () => {
    const same = await logoutFrom({ origin: OWN_ORIGIN, "sec-fetch-site": "same-origin" });
    const publicOrigin = await logoutFrom({ origin: "http://localhost:3000" });
    const curl = await logoutFrom({});
    expect([same.statusCode, publicOrigin.statusCode, curl.statusCode]).toEqual([200, 200, 200]);
  });

  it("refuses cross-site PUT and DELETE too, but not GET", async () => {
    const put = await dev.inject({
      method: "PUT",
      url: "/api/auth/reset-password",
      headers: { host: HOST, origin: EVIL },
      payload: { email: "kto@example.com" },
    });
    const del = await dev.inject({
      method: "DELETE",
      url: "/api/users/1",
      headers: { host: HOST, origin: EVIL },
    });
    const get = await dev.inject({
      method: "GET",
      url: "/api/health",
      headers: { host: HOST, origin: EVIL },
    });
    expect([put.statusCode, del.statusCode, get.statusCode]).toEqual([403, 403, 200]);
  });

  it("exempts the payment webhook (signature-checked) and bearer calls without the session cookie", async () => {
    const webhook = await prod.inject({
      method: "POST",
      url: "/api/payments/paynow/notifications",
      headers: { origin: EVIL, "content-type": "application/json", signature: "bad" },
      payload: JSON.stringify({ paymentId: "X", externalId: "Y", status: "CONFIRMED" }),
    });
    expect(webhook.statusCode).toBe(400); // reached the handler: bad signature

    const { token } = await createSignedInUser(database.db);
    const bearerOnly = await dev.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { host: HOST, origin: EVIL, authorization: `Bearer ${token}` },
    });
    expect(bearerOnly.statusCode).toBe(200);
    const bearerWithCookie = await dev.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { host: HOST, origin: EVIL, authorization: `Bearer ${token}`, cookie: `session=${token}` },
    });
    expect(bearerWithCookie.statusCode).toBe(403);
  });

  it("refuses a cross-site page action with a translated page (pl, en) before any route runs", async () => {
    const polish = await dev.inject({
      method: "POST",
      url: "/koszyk",
      headers: { host: HOST, origin: EVIL, "content-type": "application/x-www-form-urlencoded" },
      payload: "intent=add&productId=1",
    });
    expect(polish.statusCode).toBe(403);
    expect(polish.headers["content-type"]).toContain("text/html");
    expect(polish.body).toContain("Żądanie z innej witryny zostało odrzucone");
    const english = await dev.inject({
      method: "POST",
      url: "/logowanie",
      headers: { host: HOST, origin: EVIL, cookie: "lang=en" },
      payload: "",
    });
    expect(english.statusCode).toBe(403);
    expect(english.body).toContain("A request from another site was refused");
    // without Origin it passes on (no web app here: 404)
    const plain = await dev.inject({ method: "POST", url: "/koszyk", headers: { host: HOST }, payload: "" });
    expect(plain.statusCode).toBe(404);
  });
});

describe("cookies", () => {
  async function login(app: FastifyInstance) {
    const user = await createUser(database.db);
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: FIXTURE_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const session = cookies(response).find((cookie) => cookie.startsWith("session="));
    if (!session) throw new Error("no session cookie");
    return session;
  }

  it("the session cookie is HttpOnly and SameSite=Lax, Secure only in production", async () => {
    const [plain, production] = await Promise.all([login(dev), login(prod)]);
    for (const cookie of [plain, production]) {
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("SameSite=Lax");
    }
    expect(plain).not.toMatch(/;\s*Secure/i);
    expect(production).toMatch(/;\s*Secure/i);
  });

  it("in production every cookie the server sends gets Secure, whichever code wrote it", async () => {
    const response = await prod.inject({ method: "GET", url: "/test-cookie" });
    const sent = cookies(response);
    expect(sent).toHaveLength(2);
    for (const cookie of sent) expect(cookie).toMatch(/; Secure$/);
    expect(withSecureFlag("a=1; Path=/; Secure")).toBe("a=1; Path=/; Secure");
  });

  it("the shop's cookies are SameSite=Lax, HttpOnly unless the browser's code reads or writes them", () => {
    const point = {
      foreign_access_point_id: "KRA01M",
      name: "KRA01M",
      street: "Długa",
      house_number: "1",
      flat_number: "",
      postal_code: "30-001",
      city: "Kraków",
    };
    const serverOnly = [
      savedCartCookie([{ productId: 1, variantId: null, variantKeys: {}, quantity: 1 }]),
      savedCartCookie([]),
      couponCookie("WITAJ10"),
      couponCookie(null),
      deliveryMethodCookie(DEFAULT_DELIVERY_METHOD),
      deliveryPointCookie(point),
      deliveryPointCookie(null),
      checkoutDataCookie(null, null, { recipient: { name: "A" } }),
      ...clearCartCookies(),
      yearCookie("lang", "en"),
      flashCookie({ type: "success", key: "common.homeLink" }),
    ];
    // the consent notice and the route memory write these from the browser
    const browserWritten = [consentCookie("accepted"), lastRouteCookie("/produkty")];
    for (const cookie of [...serverOnly, ...browserWritten]) expect(cookie).toContain("SameSite=Lax");
    for (const cookie of serverOnly) expect(cookie, cookie).toContain("HttpOnly");
    for (const cookie of browserWritten) expect(cookie).not.toContain("HttpOnly");
    recordFigure({
      suite: "security headers",
      tried: `${serverOnly.length + browserWritten.length} cookie writers`,
      result: `all SameSite=Lax; ${serverOnly.length} HttpOnly, ${browserWritten.length} browser-written (consent, last route)`,
      held: true,
    });
  });
});
