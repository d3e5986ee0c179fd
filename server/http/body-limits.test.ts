import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { startBuiltShop } from "../test/built-shop";
import { kitForFile } from "../test/kit-for-file";
import { BODY_LIMIT_BYTES, complaintPageBodyLimit } from "./page-body-limit";

// Request bodies are limited on every route, pages included (issue 24 item 5; docs/decisions/034):
// a declared length over the limit is refused at once, a chunked body is cut at the limit, and each
// refusal says why (issue 24 item 9: 413, 415 and unknown /api paths in Polish and English). The
// complaint page, which carries photos, has its own larger limit (issue 27).

const shop = kitForFile(() => startBuiltShop({ name: "body-limits-test" }), 120_000);

const FORM = "application/x-www-form-urlencoded";
const MB = 1024 * 1024;

/** A body of `total` bytes made lazily, 64 kB at a time; `pulled` says how much was asked for. */
function lazyBody(total: number): { stream: Readable; pulled: () => number } {
  let made = 0;
  const chunk = Buffer.alloc(64 * 1024, "a");
  const stream = new Readable({
    read() {
      if (made >= total) {
        this.push(null);
        return;
      }
      made += chunk.length;
      this.push(chunk);
    },
  });
  return { stream, pulled: () => made };
}

describe("page bodies", () => {
  it("a declared 100 MB post to /kontakt is refused with 413 before its body is read", async () => {
    const body = lazyBody(100 * MB);
    const response = await shop.app.inject({
      method: "POST",
      url: "/kontakt",
      headers: { "content-type": FORM, "content-length": String(100 * MB), accept: "text/html" },
      payload: body.stream,
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain("Przesłane dane są za duże.");
    expect(body.pulled()).toBeLessThan(BODY_LIMIT_BYTES);
  });

  it("a chunked 100 MB post to /logowanie is cut at the limit with 413", async () => {
    const body = lazyBody(100 * MB);
    const response = await shop.app.inject({
      method: "POST",
      url: "/logowanie",
      headers: {
        "content-type": FORM,
        "transfer-encoding": "chunked",
        accept: "text/html",
        cookie: "lang=en",
      },
      payload: body.stream,
    });
    expect(response.statusCode).toBe(413);
    expect(response.body).toContain("The data sent is too large.");
    expect(body.pulled()).toBeLessThan(BODY_LIMIT_BYTES + 4 * 64 * 1024);
  });

  it("a page post that is not a browser navigation gets the refusal as JSON", async () => {
    const response = await shop.app.inject({
      method: "POST",
      url: "/kontakt.data",
      headers: { "content-type": FORM },
      payload: `message=${"a".repeat(BODY_LIMIT_BYTES)}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: "request/too-large",
      messageKey: "errors.request/too-large",
    });
  });

  it("a body within the limit still reaches the page's action", async () => {
    const response = await shop.app.inject({
      method: "POST",
      url: "/jezyk",
      headers: { "content-type": FORM, "transfer-encoding": "chunked" },
      payload: Readable.from([Buffer.from("lang=en&"), Buffer.from("redirectTo=%2Fkontakt")]),
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/kontakt");
    expect(String(response.headers["set-cookie"])).toContain("lang=en");
  });

  it("the complaint page alone takes more (its photos), up to its own limit", async () => {
    const limit = complaintPageBodyLimit(shop.app.services.config.media.maxUploadBytes);
    const post = (url: string, length: number) =>
      shop.app.inject({
        method: "POST",
        url,
        headers: { "content-type": FORM, "content-length": String(length), accept: "text/html" },
        payload: lazyBody(length).stream,
      });
    // 3 MB: read and handed to the page (no order named: its lookup answers 404), refused elsewhere
    expect((await post("/reklamacja", 3 * MB)).statusCode).toBe(404);
    expect((await post("/kontakt", 3 * MB)).statusCode).toBe(413);
    expect((await post("/reklamacja.data", limit + MB)).statusCode).toBe(413);
  });
});

describe("API refusals say why", () => {
  it.each<[string, string, string, number, Record<string, string>]>([
    [
      "a JSON body over the limit: 413 request/too-large",
      "application/json",
      JSON.stringify({ email: "jan@example.com", password: "a".repeat(BODY_LIMIT_BYTES) }),
      413,
      { code: "request/too-large", messageKey: "errors.request/too-large" },
    ],
    [
      "a body of a type the route does not read: 415 request/unsupported-media-type",
      "application/xml",
      "<signin/>",
      415,
      { code: "request/unsupported-media-type", messageKey: "errors.request/unsupported-media-type" },
    ],
    [
      "malformed JSON: 400 request/malformed",
      "application/json",
      "{email:",
      400,
      { code: "request/malformed" },
    ],
  ])("%s", async (_name, contentType, payload, status, refusal) => {
    const response = await shop.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": contentType },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject(refusal);
  });

  it.each(["/api/unknown", "/api/orders/x/y/z", "/api"])(
    "%s answers JSON 404, not the HTML page",
    async (url) => {
      const response = await shop.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ code: "not-found", messageKey: "errors.notFound" });
    },
  );
});
