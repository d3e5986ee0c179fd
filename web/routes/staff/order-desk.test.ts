import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { shopDay } from "../../../domain/shop-time";
import type { Role } from "../../../domain/types";
import { createUser } from "../../../server/areas/accounts/accounts.fixtures";
import { toPublicUser } from "../../../server/areas/accounts/accounts.mapper";
import { insertShopFixtures, placeOrderAtServerPrice } from "../../../server/areas/orders/orders.fixtures";
import { startApi } from "../../../server/test/api";
import { kitForFile } from "../../../server/test/kit-for-file";
import { testWebContext } from "../../../server/test/web-context";
import { OrderDeskPanel } from "../../components/staff/order-desk/order-desk-panel";
import { OrdersExportForm } from "../../components/staff/order-desk/orders-export-form";
import { renderInRouter } from "../../test/render-in-router";
import { loader as customerLoader } from "./customer";
import { action as orderAction, loader as orderLoader } from "./order";
import { loader as exportLoader } from "./orders-export";

// The order desk's staff pages in process (issue 29): the order page's note form and its notes, the
// customer's page, the export download, and what the panel and the export form render.

const kit = kitForFile(() => startApi({ name: "order-desk-pages" }));

async function staffContext(roles: Role[] = ["shop-moderator", "user"]) {
  const user = toPublicUser(await createUser(kit.database.db, { roles }));
  return testWebContext(kit.app.services, { user });
}

async function paidOrder() {
  const shop = await insertShopFixtures(kit.database.db);
  const cart = [{ productId: shop.plain.id, quantity: 1, variantKeys: {}, variantId: null }];
  const placed = await placeOrderAtServerPrice(kit.app, { cart });
  expect(placed.statusCode, placed.body).toBe(201);
  const { _id, payment } = placed.json();
  await kit.app.services.payments.demoDecide(String(payment.redirectUrl).replace("/bramka-demo/", ""), "pay");
  return _id as number;
}

const page = (url: string, init?: RequestInit) => new Request(`http://localhost${url}`, init);

describe("the order desk's staff pages", () => {
  it("adds a note from the order page and shows it; links the customer; exports the day", async () => {
    const context = await staffContext();
    const orderId = await paidOrder();
    const body = new URLSearchParams({ intent: "note", text: "Pakować na prezent" });
    const posted = (await orderAction({
      context,
      request: page(`/konto/sklep/zamowienia/${orderId}`, { method: "POST", body }),
      params: { id: String(orderId) },
    } as never)) as Response;
    expect([posted.status, posted.headers.get("location")]).toEqual([
      302,
      `/konto/sklep/zamowienia/${orderId}`,
    ]);
    const loaded = await orderLoader({
      context,
      request: page(`/konto/sklep/zamowienia/${orderId}`),
      params: { id: String(orderId) },
    } as never);
    expect(loaded.notes.map((note) => note.text)).toEqual(["Pakować na prezent"]);

    const html = await renderInRouter(
      createElement(OrderDeskPanel, { order: loaded.order, notes: loaded.notes }),
    );
    expect(html).toContain("Pakować na prezent");
    expect(html).toContain(`href="/konto/sklep/klienci/z${orderId}"`);
    expect(html).toContain('maxLength="2000"');

    const customer = await customerLoader({
      context,
      request: page(`/konto/sklep/klienci/z${orderId}`),
      params: { id: `z${orderId}` },
    } as never);
    expect(customer.customer.orders.items.map((order) => order._id)).toContain(orderId);
    await expect(
      customerLoader({
        context,
        request: page("/konto/sklep/klienci/z999999"),
        params: { id: "z999999" },
      } as never),
    ).rejects.toMatchObject({ init: { status: 404 } });

    const today = shopDay(new Date());
    const xlsx = (await exportLoader({
      context,
      request: page(`/konto/sklep/zamowienia/eksport?od=${today}&do=${today}&format=xlsx`),
      params: {},
    } as never)) as Response;
    expect(xlsx.headers.get("content-type")).toContain("spreadsheetml");
    expect(new Uint8Array(await xlsx.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
    const csv = (await exportLoader({
      context,
      request: page("/konto/sklep/zamowienia/eksport"),
      params: {},
    } as never)) as Response;
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const refused = (await exportLoader({
      context,
      request: page("/konto/sklep/zamowienia/eksport?od=2026-05-02&do=2026-05-01"),
      params: {},
    } as never)) as Response;
    expect([refused.status, refused.headers.get("location")]).toEqual([302, "/konto/sklep/zamowienia"]);

    const form = await renderInRouter(createElement(OrdersExportForm));
    expect(form).toContain('action="/konto/sklep/zamowienia/eksport"');
    expect(form).toContain('value="xlsx"');
  });

  it("refuses a customer on each of them", async () => {
    const context = await staffContext(["user"]);
    const refusedWith403 = { init: { status: 403 } };
    await expect(
      customerLoader({ context, request: page("/konto/sklep/klienci/1"), params: { id: "1" } } as never),
    ).rejects.toMatchObject(refusedWith403);
    await expect(
      exportLoader({ context, request: page("/konto/sklep/zamowienia/eksport"), params: {} } as never),
    ).rejects.toMatchObject(refusedWith403);
  });
});
