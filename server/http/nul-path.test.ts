import { describe, expect, it } from "vitest";
import { startBuiltShop } from "../test/built-shop";
import { kitForFile } from "../test/kit-for-file";

// A path with U+0000 names nothing (issue 24 item 8): /%00 and /bramka-demo/%00 answered 500 and
// logged the failed SQL; every such path, page or API, is 404 now, before any lookup.

const shop = kitForFile(() => startBuiltShop({ name: "nul-path-test" }), 120_000);

describe("paths with U+0000", () => {
  it.each([
    "/%00",
    "/o-nas%00",
    "/bramka-demo/%00",
    "/bramka-demo/DEMO-%00?x=1",
    "/produkt/1-%00",
    "/blog/%00",
    "/konto/zakupy/%00",
  ])("page %s: 404 page, translated", async (url) => {
    const response = await shop.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("Nie znaleziono strony");
  });

  it("a page action too", async () => {
    const response = await shop.app.inject({
      method: "POST",
      url: "/bramka-demo/%00",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "decision=pay",
    });
    expect(response.statusCode).toBe(404);
  });

  it.each(["/api/orders/%00?email=a%40b.pl", "/api/pages/by-link/%00", "/api/%00"])(
    "API %s: JSON 404",
    async (url) => {
      const response = await shop.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "not-found" });
    },
  );

  it("a query value with U+0000 is still each field's business (not refused as a path)", async () => {
    const response = await shop.app.inject({ method: "GET", url: "/produkty?szukaj=%00" });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.statusCode).not.toBe(404);
  });
});
