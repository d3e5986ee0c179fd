import { createElement } from "react";
import { describe, expect, it } from "vitest";
import type { Order } from "../../domain/types";
import { renderInRouter } from "../test/render-in-router";
import { OrderCard, type OrderCardProps, trackingUrl } from "./order-card";

// The order card rendered as the server renders it, inside a router, in the language of its LangProvider.

const ORDER: Order = {
  _id: 41,
  orderNumber: "ZAM-2026-0041",
  createdAt: "2026-03-05T10:15:00.000Z",
  status: "SHIPMENT_NUMBER_ADDED",
  statuses: [
    { status: "NEW", createdAt: "2026-03-05T10:15:00.000Z", hidden: false, data: null },
    { status: "PAYMENT_PENDING", createdAt: "2026-03-05T10:16:00.000Z", hidden: true, data: null },
    { status: "PAYMENT_CONFIRMED", createdAt: "2026-03-05T10:17:00.000Z", hidden: false, data: null },
    { status: "SHIPMENT_NUMBER_ADDED", createdAt: "2026-03-06T08:00:00.000Z", hidden: false, data: null },
  ],
  priceGrosze: 13_998,
  totalProductsGrosze: 15_000,
  cart: [
    {
      product: 3,
      productTitle: "Kocyk bambusowy",
      variantTitle: "Kolor",
      variantLabel: "Kolor: miętowy",
      variantKeys: { "1": 2 },
      variant: 9,
      unitPriceGrosze: 7_500,
      quantity: 2,
      priceGrosze: 15_000,
      vatRate: 23,
    },
  ],
  delivery: { method: "parcel-locker", title: "Paczkomat InPost", priceGrosze: 999 },
  coupon: { code: "MINUS20" },
  couponDiscountGrosze: 2_001,
  maxProcessingTime: "3-6",
  shipmentNumber: "620000000000000000000001",
  invoiceUrl: null,
  reservedUntil: null,
  user: { _id: 7, displayName: "Katarzyna Nowak", email: "klient@example.com" },
  email: "klient@example.com",
  recipient: {
    displayName: "Katarzyna Nowak",
    email: "klient@example.com",
    phone: "600 700 800",
    postCode: "00-950",
    city: "Warszawa",
    street: "ul. Krawiecka 7",
    nip: null,
  },
  invoiceData: {
    displayName: "Pracownia Igła",
    email: "",
    phone: "",
    postCode: "30-001",
    city: "Kraków",
    street: "ul. Nitkowa 1",
    nip: "5261040828",
  },
  deliveryPoint: {
    foreign_access_point_id: "KRA01M",
    name: "Paczkomat KRA01M",
    street: "Długa",
    house_number: "5",
    flat_number: null,
    postal_code: "31-147",
    city: "Kraków",
  },
};

function render(props: OrderCardProps, lang: "pl" | "en" = "pl"): Promise<string> {
  return renderInRouter(createElement(OrderCard, props), lang);
}

/** Visible text, tags dropped and whitespace collapsed. */
function text(html: string): string {
  return html
    .replace(/<wbr\/>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

describe("order card, list mode", () => {
  it("shows number, date, total, status and processing time with the two buttons", async () => {
    const html = await render({ order: ORDER, mode: "list", detailsTo: "/konto/zakupy/41" });
    const shown = text(html);
    expect(shown).toContain("Zamówienie ZAM-2026-0041");
    expect(shown).toContain("5.03.2026");
    expect(shown).toContain("139,98 zł");
    expect(shown).toContain("Dodano numer przesyłki");
    expect(shown).toContain("3-6 dni");
    expect(html).toMatch(/<a [^>]*href="\/konto\/zakupy\/41"[^>]*>Szczegóły/);
    // no invoice yet: the button is there but disabled
    expect(html).toMatch(/<button type="button" disabled=""[^>]*>Faktura/);
    // list mode has no full blocks
    expect(shown).not.toContain("Dane odbiorcy");
    expect(shown).not.toContain("Śledź przesyłkę");
  });

  it("opens an existing invoice in a new window", async () => {
    const html = await render({ order: { ...ORDER, invoiceUrl: "/api/orders/41/invoice" }, mode: "list" });
    expect(html).toMatch(
      /<a href="\/api\/orders\/41\/invoice" target="_blank" rel="noopener noreferrer"[^>]*>Faktura/,
    );
  });

  it("is translated", async () => {
    const shown = text(await render({ order: ORDER, mode: "list", detailsTo: "/konto/zakupy/41" }, "en"));
    expect(shown).toContain("Details");
    expect(shown).toContain("Invoice");
    expect(shown).not.toContain("Szczegóły");
  });
});

describe("order card, full mode", () => {
  it("lists products, delivery, the negative RABAT line and the total", async () => {
    const shown = text(await render({ order: ORDER, mode: "full" }));
    expect(shown).toContain("Kocyk bambusowy");
    expect(shown).toContain("Kolor: miętowy");
    expect(shown).toContain("150,00 zł");
    expect(shown).toContain("Dostawa: Paczkomat InPost 9,99 zł");
    expect(shown).toContain("RABAT (MINUS20) -20,01 zł");
    expect(shown).toContain("Razem 139,98 zł");
  });

  it("shows user, recipient, invoice data with NIP and the pickup point", async () => {
    const shown = text(await render({ order: ORDER, mode: "full" }));
    expect(shown).toContain("Dane użytkownika Katarzyna Nowak klient@example.com");
    expect(shown).toContain("Dane odbiorcy Katarzyna Nowak ul. Krawiecka 7 00-950 Warszawa 600 700 800");
    expect(shown).toContain("Dane do faktury Pracownia Igła ul. Nitkowa 1 30-001 Kraków NIP: 5261040828");
    expect(shown).toContain("Punkt odbioru Kod paczkomatu KRA01M");
    expect(shown).toContain("Numer domu 5");
    expect(shown).not.toContain("Numer lokalu");
  });

  it("shows the visible status history in order, with colours", async () => {
    const html = await render({ order: ORDER, mode: "full" });
    const history = text(html.slice(html.indexOf("Historia statusów")));
    expect(history.indexOf("Nowe")).toBeLessThan(history.indexOf("Opłacone"));
    expect(history.indexOf("Opłacone")).toBeLessThan(history.indexOf("Dodano numer przesyłki"));
    expect(history).not.toContain("Płatność w toku");
    expect(html).toMatch(/bg-stone-200[^"]*">Nowe/);
    expect(html).toMatch(/bg-indigo-100[^"]*">Opłacone/);
  });

  it("links the carrier's tracking page for customers but not for moderators", async () => {
    const customer = await render({ order: ORDER, mode: "full" });
    expect(customer).toContain(`href="${trackingUrl(ORDER.shipmentNumber ?? "")}"`);
    expect(trackingUrl("62 00")).toBe("https://inpost.pl/sledzenie-przesylek?number=62%2000");
    expect(text(customer)).toContain("Śledź przesyłkę");
    const moderator = await render({ order: ORDER, mode: "full", viewerIsModerator: true });
    expect(text(moderator)).not.toContain("Śledź przesyłkę");
    const noNumber = await render({ order: { ...ORDER, shipmentNumber: null }, mode: "full" });
    expect(text(noNumber)).not.toContain("Śledź przesyłkę");
  });

  it("renders a guest order, free delivery, no coupon and the moderators' slot", async () => {
    const guest: Order = {
      ...ORDER,
      user: null,
      email: "gosc@example.com",
      coupon: null,
      couponDiscountGrosze: 0,
      delivery: { method: "courier", title: "Kurier", priceGrosze: 0 },
      deliveryPoint: null,
      statuses: [{ status: "CANCELED", createdAt: "2026-03-05T10:15:00.000Z", hidden: false, data: null }],
    };
    const html = await render({
      order: guest,
      mode: "full",
      viewerIsModerator: true,
      children: createElement("button", { type: "button" }, "Anuluj zamówienie"),
    });
    const shown = text(html);
    expect(shown).toContain("Zamówienie złożone bez logowania gosc@example.com");
    expect(shown).toContain("Dostawa: Kurier Darmowa dostawa");
    expect(shown).not.toContain("RABAT");
    expect(shown).not.toContain("Punkt odbioru");
    expect(html).toMatch(/bg-red-100[^"]*">Anulowane/);
    expect(shown).toContain("Anuluj zamówienie");
  });
});

describe("order card, e-mail addresses", () => {
  it("wrap after the @ and before a dot, never inside a word (only a part wider than the box may break)", async () => {
    const email = "zofia.lecka-kowalska@pracownia.example.com";
    const html = await render({
      order: { ...ORDER, user: null, email, recipient: { ...ORDER.recipient, email } },
      mode: "full",
    });
    expect(html).not.toContain("break-all");
    const shown = html.match(/<p class="wrap-anywhere">(.*?)<\/p>/g) ?? [];
    expect(shown).toHaveLength(2);
    for (const block of shown) {
      const parts = block
        .replace(/^<p[^>]*>|<\/p>$/g, "")
        .split("<wbr/>")
        .map((part) => part.replace(/<[^>]+>/g, ""));
      expect(parts).toEqual(["zofia", ".lecka-kowalska@", "pracownia", ".example", ".com"]);
    }
  });
});
