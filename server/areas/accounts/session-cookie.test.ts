import { describe, expect, it } from "vitest";
import {
  isSecureCookie,
  readSessionToken,
  SESSION_COOKIE,
  serializeClearSessionCookie,
  serializeSessionCookie,
} from "./session-cookie";

const TOKEN = "AbC-_0123456789abcdefghijklmnopqrstuvwxyzAB";

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax, Path=/ and expires with the session", () => {
    const expiresAt = new Date(Date.now() + 24 * 3_600_000);
    const cookie = serializeSessionCookie(TOKEN, expiresAt, { secure: false });
    expect(cookie.startsWith(`${SESSION_COOKIE}=${TOKEN}; `)).toBe(true);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain(`Expires=${expiresAt.toUTCString()}`);
    expect(cookie).toMatch(/Max-Age=(86399|86400)(;|$)/);
    expect(cookie).not.toContain("Secure");
    expect(serializeSessionCookie(TOKEN, expiresAt, { secure: true })).toMatch(/; Secure$/);
  });

  it("clears with Max-Age=0", () => {
    expect(serializeClearSessionCookie({ secure: false })).toMatch(
      /^session=; Path=\/; .*Max-Age=0; HttpOnly; SameSite=Lax$/,
    );
    expect(serializeClearSessionCookie({ secure: true })).toMatch(/; Secure$/);
  });

  it("is Secure in production or behind https", () => {
    expect(isSecureCookie({ env: "production", publicUrl: "http://localhost:3000" })).toBe(true);
    expect(isSecureCookie({ env: "development", publicUrl: "https://sklep.pl" })).toBe(true);
    expect(isSecureCookie({ env: "development", publicUrl: "http://localhost:3000" })).toBe(false);
  });

  it.each([
    [{ cookie: `lang=pl; session=${TOKEN}; other=1` }, TOKEN],
    [{ cookie: `session="${TOKEN}"` }, TOKEN],
    [{ authorization: `Bearer ${TOKEN}` }, TOKEN],
    [
      { authorization: `bearer ${TOKEN}`, cookie: "session=zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz" },
      TOKEN,
    ],
    [{ authorization: "Basic dXNlcjpwYXNz", cookie: `session=${TOKEN}` }, TOKEN],
    [{}, null],
    [{ cookie: null, authorization: null }, null],
    [{ cookie: "mysession=abc; lang=pl" }, null],
    [{ cookie: "session=short" }, null],
    [{ cookie: "session=%E0%A4%A" }, null],
    [{ cookie: `session=${"a".repeat(500)}` }, null],
    [{ authorization: "Bearer " }, null],
    [{ authorization: "Bearer has spaces in it" }, null],
  ])("reads %j → %s", (headers, expected) => {
    expect(readSessionToken(headers)).toBe(expected);
  });
});
