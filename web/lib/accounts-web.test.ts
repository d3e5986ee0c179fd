import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import type { PublicUser } from "../../domain/types";
import {
  afterLoginTarget,
  loginPathReturningTo,
  redirectSignedIn,
  requestMeta,
  requireUser,
  returnParam,
} from "./auth.server";
import { clearFlashCookie, FLASH_COOKIE, flashCookie, readFlash, redirectWithFlash } from "./flash.server";
import { formValues, keepValues } from "./forms";
import { isRememberedPath, LAST_ROUTE_COOKIE, lastRouteCookie, parseLastRoute } from "./last-route";
import { readLastRoute, rememberRoute } from "./last-route.server";

// The web side of accounts: form plumbing, flash messages, the remembered route and the guards.

/** The cookie pair (`name=value`) of a Set-Cookie value, as a browser would send it back. */
function sent(setCookie: string): string {
  return setCookie.split(";")[0] ?? "";
}

const USER: PublicUser = {
  _id: 7,
  roles: ["user"],
  approved: true,
  displayName: "Jan Kowalski",
  email: "jan@example.com",
  phone: null,
  postCode: null,
  city: null,
  street: null,
  nip: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  approvedAt: null,
};

function context(user: PublicUser | null, extra: Record<string, unknown> = {}): AppLoadContext {
  return { user, lang: "pl", ...extra } as unknown as AppLoadContext;
}

async function thrown(fn: () => unknown): Promise<Response> {
  try {
    fn();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("nothing was thrown");
}

describe("formValues", () => {
  it("reads text entries as strings and the named checkboxes as booleans", () => {
    const form = new FormData();
    form.append("email", "a@b.pl");
    form.append("email", "second@b.pl");
    form.append("acceptTerms", "on");
    form.append("photo", new Blob(["x"]), "x.png");
    expect(formValues(form, ["acceptTerms", "newsletter"])).toEqual({
      email: "a@b.pl",
      acceptTerms: true,
      newsletter: false,
    });
  });

  it("keeps only the named text values (never passwords unless named)", () => {
    expect(keepValues({ email: "a@b.pl", password: "secret", age: 3 }, ["email", "age"])).toEqual({
      email: "a@b.pl",
    });
  });
});

describe("flash messages", () => {
  it("round-trip through the cookie with a fresh id", () => {
    const cookie = flashCookie({ type: "success", key: "success.emailSent" });
    expect(cookie).toMatch(/^flash=.+; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax$/);
    const flash = readFlash(sent(cookie));
    expect(flash).toMatchObject({ type: "success", key: "success.emailSent" });
    expect(flash?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(readFlash(sent(flashCookie({ type: "success", key: "success.emailSent" })))?.id).not.toBe(
      flash?.id,
    );
  });

  it("keep the error prefix and params", () => {
    const cookie = flashCookie({
      type: "error",
      key: "errors.rateLimited",
      errorPrefix: true,
      params: { n: 1 },
    });
    expect(readFlash(`other=1; ${sent(cookie)}`)).toMatchObject({
      type: "error",
      key: "errors.rateLimited",
      errorPrefix: true,
      params: { n: 1 },
    });
  });

  it("ignore malformed or foreign values", () => {
    const encode = (value: unknown) => `${FLASH_COOKIE}=${encodeURIComponent(JSON.stringify(value))}`;
    expect(readFlash(undefined)).toBeNull();
    expect(readFlash(`${FLASH_COOKIE}=not-json`)).toBeNull();
    expect(readFlash(encode({ id: "1", type: "success", key: "<script>" }))).toBeNull();
    expect(readFlash(encode({ id: "1", type: "shout", key: "success.emailSent" }))).toBeNull();
    expect(readFlash(encode(["success.emailSent"]))).toBeNull();
  });

  it("are cleared with an expired cookie and carried by a redirect", () => {
    expect(clearFlashCookie()).toMatch(/^flash=; .*Max-Age=0/);
    const response = redirectWithFlash("/logowanie", { type: "success", key: "success.userRegistered" }, [
      "a=1",
    ]);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/logowanie");
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(readFlash(sent(cookies[0] ?? ""))?.key).toBe("success.userRegistered");
    expect(cookies[1]).toBe("a=1");
  });
});

describe("the remembered route", () => {
  it("skips login, the other guest-only pages and form endpoints", () => {
    for (const path of [
      "/logowanie",
      "/rejestracja/",
      "/zresetuj-haslo",
      "/ustaw-nowe-haslo",
      "/token-error",
      "/wyloguj",
      "/jezyk",
      "/api/auth/user",
    ]) {
      expect(isRememberedPath(path), path).toBe(false);
    }
    for (const path of ["/", "/produkty", "/konto/ustawienia", "/blog/1-a"]) {
      expect(isRememberedPath(path), path).toBe(true);
    }
  });

  it("is written by the root loader for anonymous GET page loads, once per route", () => {
    const page = new Request("http://shop.test/produkty?wyprzedaz=tak");
    const cookie = rememberRoute(page, false);
    expect(cookie).toBe(lastRouteCookie("/produkty?wyprzedaz=tak"));
    expect(cookie).toContain("SameSite=Lax");
    expect(rememberRoute(page, true)).toBeNull();
    expect(rememberRoute(new Request("http://shop.test/logowanie?return=%2Fkonto"), false)).toBeNull();
    expect(rememberRoute(new Request("http://shop.test/produkty", { method: "POST" }), false)).toBeNull();
    const again = new Request("http://shop.test/produkty?wyprzedaz=tak", {
      headers: { cookie: sent(cookie ?? "") },
    });
    expect(rememberRoute(again, false)).toBeNull();
  });

  it("drops single-fetch parameters from data requests", () => {
    expect(rememberRoute(new Request("http://shop.test/produkty.data?premium=tak&_routes=root"), false)).toBe(
      lastRouteCookie("/produkty?premium=tak"),
    );
    expect(rememberRoute(new Request("http://shop.test/_root.data?_routes=root"), false)).toBe(
      lastRouteCookie("/"),
    );
  });

  it("is read back only as a safe same-site path", () => {
    const read = (value: string) =>
      readLastRoute(
        new Request("http://shop.test/logowanie", {
          headers: { cookie: `${LAST_ROUTE_COOKIE}=${encodeURIComponent(value)}` },
        }),
      );
    expect(read("/blog?x=1")).toBe("/blog?x=1");
    expect(read("//evil.example")).toBeUndefined();
    expect(read("https://evil.example/")).toBeUndefined();
    expect(read("/logowanie")).toBeUndefined();
    expect(parseLastRoute(undefined)).toBeUndefined();
  });
});

describe("guards and redirects", () => {
  it("send anonymous visitors to login with the route to come back to", async () => {
    expect(requireUser(context(USER), new Request("http://shop.test/konto"))).toBe(USER);
    const response = await thrown(() =>
      requireUser(context(null), new Request("http://shop.test/konto/zakupy?x=1")),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(loginPathReturningTo("/konto/zakupy?x=1"));
    expect(response.headers.get("Location")).toBe("/logowanie?return=%2Fkonto%2Fzakupy%3Fx%3D1");
  });

  it("send signed-in visitors of guest-only pages to the return route or the account", async () => {
    expect(() => redirectSignedIn(context(null), new Request("http://shop.test/logowanie"))).not.toThrow();
    const toAccount = await thrown(() =>
      redirectSignedIn(context(USER), new Request("http://shop.test/logowanie")),
    );
    expect(toAccount.headers.get("Location")).toBe("/konto");
    const back = await thrown(() =>
      redirectSignedIn(context(USER), new Request("http://shop.test/logowanie?return=%2Fkoszyk")),
    );
    expect(back.headers.get("Location")).toBe("/koszyk");
    const evil = await thrown(() =>
      redirectSignedIn(context(USER), new Request("http://shop.test/logowanie?return=https://evil.example")),
    );
    expect(evil.headers.get("Location")).toBe("/konto");
    expect(returnParam(new Request("http://shop.test/logowanie?return=//evil.example"))).toBeUndefined();
  });

  it("after login: the posted return route, else the last visited route, else the account", () => {
    const withLast = new Request("http://shop.test/logowanie", {
      headers: { cookie: sent(lastRouteCookie("/blog")) },
    });
    expect(afterLoginTarget(withLast, "/konto/ustawienia")).toBe("/konto/ustawienia");
    expect(afterLoginTarget(withLast, "")).toBe("/blog");
    expect(afterLoginTarget(withLast, "https://evil.example")).toBe("/blog");
    expect(afterLoginTarget(withLast, "/logowanie")).toBe("/blog");
    expect(afterLoginTarget(new Request("http://shop.test/logowanie"), null)).toBe("/konto");
  });

  it("describe the client for rate limits and e-mails", () => {
    const request = new Request("http://shop.test/logowanie", { headers: { "user-agent": "UA" } });
    expect(requestMeta(request, context(null, { ip: "203.0.113.5" }))).toEqual({
      ip: "203.0.113.5",
      userAgent: "UA",
      lang: "pl",
    });
  });
});
