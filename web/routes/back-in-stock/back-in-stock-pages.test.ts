import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CatalogFixtures, insertCatalogFixtures } from "../../../server/areas/catalog/catalog.fixtures";
import { type ApiKit, startApi } from "../../../server/test/api";
import { testWebContext } from "../../../server/test/web-context";
import { action as linkAction, loader as linkLoader } from "./email-link";
import { action as subscribe } from "./subscribe";

// The back-in-stock form's action and the e-mails' link pages in process (issue 30, ADR 080): a plain
// form post (no JavaScript) is sent back to the product page with ?powiadomienie=, a fetcher gets data,
// a bad address is refused by the shared schema; the links only show a button, whose post confirms.

let kit: ApiKit;
let fx: CatalogFixtures;

beforeAll(async () => {
  kit = await startApi({ name: "back-in-stock-pages" });
  fx = await insertCatalogFixtures(kit.database.db, new Date());
});
afterAll(async () => {
  await kit?.close();
});

const context = () => testWebContext(kit.app.services, { ip: "203.0.113.40" });

function post(url: string, fields: Record<string, string>): Request {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields) });
}

describe("the back-in-stock form and links", () => {
  it("sends a plain post back to the product page, answers a fetcher with data, refuses a bad address", async () => {
    const productId = String(fx.products.outOfStock);
    const plain = (await subscribe({
      context: context(),
      request: post("http://localhost/powiadom-mnie", {
        productId,
        variantId: "",
        email: "plain.form@example.com",
        returnTo: "/produkt/3-x?opcja-1=2",
      }),
      params: {},
    } as never)) as Response;
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toBe("/produkt/3-x?opcja-1=2&powiadomienie=ok");

    const fetched = (await subscribe({
      context: context(),
      request: post("http://localhost/powiadom-mnie", {
        productId,
        variantId: "",
        email: "fetcher@example.com",
      }),
      params: {},
    } as never)) as { data: unknown };
    expect(fetched.data).toEqual({ ok: true, confirmed: false });

    const bad = (await subscribe({
      context: context(),
      request: post("http://localhost/powiadom-mnie", { productId, email: "nie-adres" }),
      params: {},
    } as never)) as { data: unknown; init: ResponseInit };
    expect(bad.data).toEqual({ ok: false, error: "validation.email" });
    expect(bad.init.status).toBe(400);

    // a return address elsewhere is not followed
    const away = (await subscribe({
      context: context(),
      request: post("http://localhost/powiadom-mnie", {
        productId,
        email: "away@example.com",
        returnTo: "//evil.example/x",
      }),
      params: {},
    } as never)) as Response;
    expect(away.headers.get("location")).toBe("/?powiadomienie=ok");
  });

  it("shows the confirmation link's page without confirming; its button confirms", async () => {
    const mail = (await kit.app.services.mail.list({ to: "fetcher@example.com" }))[0];
    const token = mail?.text.match(/potwierdz\?token=([\w-]+)/)?.[1] as string;
    const url = `http://localhost/powiadom-mnie/potwierdz?token=${token}`;
    const shown = linkLoader({ request: new Request(url), context: context(), params: {} } as never);
    expect(shown).toEqual({ kind: "confirm", token });
    const waiting = () => kit.app.services.backInStock.waitingCounts([fx.products.outOfStock]);
    expect((await waiting()).get(fx.products.outOfStock)).toBeUndefined();
    const done = await linkAction({ request: post(url, { token }), context: context(), params: {} } as never);
    expect(done).toEqual({ done: true, error: null });
    expect((await waiting()).get(fx.products.outOfStock)).toBe(1);
    const again = (await linkAction({
      request: post(url, { token }),
      context: context(),
      params: {},
    } as never)) as {
      data: unknown;
    };
    expect(again.data).toEqual({ done: false, error: "errors.invalidToken" });
  });
});
