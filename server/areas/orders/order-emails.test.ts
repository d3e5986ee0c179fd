import { describe, expect, it } from "vitest";
import type { Lang } from "../../../domain/i18n";
import { orderItem, sampleOrder } from "../../../domain/order.fixtures";
import { ORDER_EMAIL_TEMPLATES, type OrderEmailKind, orderEmail } from "./order-emails";

const ORDER_URL = "https://sklep.example.pl/zamowienie?orderNumber=20261121-0007&email=zofia%40example.com";
const TRACKING_URL = "https://inpost.pl/sledzenie-przesylek?number=620000111222333";
const INVOICE_URL = "https://sklep.example.pl/api/orders/17/invoice";
const SHOP = "Pracownia Igiełka";

const order = sampleOrder({
  coupon: { code: "WITAJ10" },
  couponDiscountGrosze: 1_280,
  shipmentNumber: "620000111222333",
});

const SUBJECTS: Record<Lang, Record<OrderEmailKind, string>> = {
  pl: {
    received: "Otrzymaliśmy Twoje zamówienie 20261121-0007",
    paid: "Dziękujemy! Zamówienie 20261121-0007 jest opłacone",
    shipped: "Zamówienie 20261121-0007 zostało wysłane",
    canceled: "Zamówienie 20261121-0007 zostało anulowane",
    expired: "Zamówienie 20261121-0007 zostało anulowane",
  },
  en: {
    received: "We have received your order 20261121-0007",
    paid: "Thank you! Order 20261121-0007 is paid",
    shipped: "Order 20261121-0007 has been shipped",
    canceled: "Order 20261121-0007 has been canceled",
    expired: "Order 20261121-0007 has been canceled",
  },
};

const SUMMARY: Record<Lang, string[]> = {
  pl: [
    "Dzień dobry Zofia Łęcka,",
    "Numer zamówienia: 20261121-0007",
    "- Kocyk minky Żółty (Rozmiar: 75×100) × 1: 89,00 zł",
    "- Śliniak bawełniany × 2: 39,00 zł",
    "Dostawa (Paczkomat): Darmowa dostawa",
    "RABAT (WITAJ10): -12,80 zł",
    "Razem: 115,20 zł",
    "Punkt odbioru:\nKRA01M\nDługa 12\n31-147 Kraków",
    `Szczegóły i aktualny status zamówienia:\n${ORDER_URL}`,
    "Pozdrawiamy\nZespół sklepu Pracownia Igiełka",
  ],
  en: [
    "Hello Zofia Łęcka,",
    "Order number: 20261121-0007",
    "- Kocyk minky Żółty (Rozmiar: 75×100) × 1: 89,00 zł",
    "- Śliniak bawełniany × 2: 39,00 zł",
    "Delivery (Parcel locker): Free delivery",
    "DISCOUNT (WITAJ10): -12,80 zł",
    "Total: 115,20 zł",
    "Pickup point:\nKRA01M\nDługa 12\n31-147 Kraków",
    `Order details and current status:\n${ORDER_URL}`,
    "Best regards\nThe Pracownia Igiełka team",
  ],
};

const KIND_TEXT: Record<Lang, Record<OrderEmailKind, string[]>> = {
  pl: {
    received: [
      "dziękujemy za zakupy! Otrzymaliśmy Twoje zamówienie 20261121-0007.",
      "Czas realizacji: 3-6 dni",
    ],
    paid: [
      "Otrzymaliśmy płatność za zamówienie 20261121-0007",
      "Gdy paczka zostanie nadana, wyślemy Ci e-mail z numerem przesyłki.",
      `Faktura VAT do zamówienia jest już dostępna.\n${INVOICE_URL}`,
      "Czas realizacji: 3-6 dni",
    ],
    shipped: [
      "Twoje zamówienie 20261121-0007 zostało nadane",
      "Numer przesyłki: 620000111222333",
      `Śledź przesyłkę: ${TRACKING_URL}`,
    ],
    canceled: [
      "Twoje zamówienie 20261121-0007 zostało anulowane i nie zostanie wysłane.",
      "napisz do nas: https://sklep.example.pl/kontakt",
    ],
    expired: [
      "Twoje zamówienie 20261121-0007 zostało anulowane i nie zostanie wysłane.",
      "Nie otrzymaliśmy płatności w wyznaczonym czasie",
      "Jeśli płatność mimo to zostanie pobrana, zwrócimy pieniądze.",
      "napisz do nas: https://sklep.example.pl/kontakt",
    ],
  },
  en: {
    received: ["We have received your order 20261121-0007.", "Processing time: 3-6 days"],
    paid: [
      "We have received the payment for order 20261121-0007",
      "Once the parcel is shipped, we will email you the shipment number.",
      `The VAT invoice for the order is now available.\n${INVOICE_URL}`,
      "Processing time: 3-6 days",
    ],
    shipped: [
      "your order 20261121-0007 has been handed to the carrier",
      "Shipment number: 620000111222333",
      `Track shipment: ${TRACKING_URL}`,
    ],
    canceled: [
      "your order 20261121-0007 has been canceled and will not be shipped.",
      "write to us: https://sklep.example.pl/kontakt",
    ],
    expired: [
      "your order 20261121-0007 has been canceled and will not be shipped.",
      "We did not receive the payment in time",
      "If the payment is taken after all, we will return the money.",
      "write to us: https://sklep.example.pl/kontakt",
    ],
  },
};

const KINDS: OrderEmailKind[] = ["received", "paid", "shipped", "canceled", "expired"];
const CASES = (["pl", "en"] as const).flatMap((lang) => KINDS.map((kind) => [kind, lang] as const));

function send(kind: OrderEmailKind, lang: Lang, target = order) {
  return orderEmail(kind, target, {
    lang,
    shopName: SHOP,
    orderUrl: ORDER_URL,
    trackingUrl: TRACKING_URL,
    invoiceUrl: INVOICE_URL,
  });
}

describe("orderEmail", () => {
  it.each(CASES)("%s in %s: subject, recipient, template, text with the summary", (kind, lang) => {
    const mail = send(kind, lang);
    expect(mail.subject).toBe(SUBJECTS[lang][kind]);
    expect(mail.to).toBe("zofia@example.com");
    expect(mail.template).toBe(ORDER_EMAIL_TEMPLATES[kind]);
    expect(mail.template).toBe(`order-${kind}`);
    for (const expected of [...SUMMARY[lang], ...KIND_TEXT[lang][kind]]) {
      expect(mail.text).toContain(expected);
    }
    const processing = lang === "pl" ? "Czas realizacji" : "Processing time";
    expect(mail.text.includes(processing)).toBe(kind === "received" || kind === "paid");
  });

  it.each(CASES)("%s in %s: HTML in the language with the same figures and the order link", (kind, lang) => {
    const html = send(kind, lang).html ?? "";
    expect(html).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${lang}">`));
    expect(html).toContain(`<title>${SUBJECTS[lang][kind]}</title>`);
    for (const amount of ["89,00 zł", "39,00 zł", "-12,80 zł", "115,20 zł"]) expect(html).toContain(amount);
    expect(html).toContain("Kocyk minky Żółty");
    expect(html).toContain("Rozmiar: 75×100");
    expect(html).toContain("WITAJ10");
    expect(html).toContain(`href="${ORDER_URL.replaceAll("&", "&amp;")}"`);
    expect(html.includes(`href="${TRACKING_URL}"`)).toBe(kind === "shipped");
    expect(html.includes(`href="${INVOICE_URL}"`)).toBe(kind === "paid");
    if (kind === "canceled" || kind === "expired")
      expect(html).toContain('href="https://sklep.example.pl/kontakt"');
  });

  it("escapes every user value in the HTML (name, product title, variant, address, code)", () => {
    const evil = sampleOrder({
      recipient: {
        displayName: "<script>alert(1)</script> Ala",
        email: "ala@example.com",
        phone: "600100200",
        postCode: "00-001",
        city: 'Warszawa"><img src=x onerror=alert(2)>',
        street: "ul. <b>Długa</b> 1",
      },
      cart: [
        orderItem({
          productTitle: "Kocyk <script>steal()</script>",
          variantLabel: "Kolor: <i>róż</i>",
          unitPriceGrosze: 5_000,
        }),
      ],
      delivery: { method: "courier", title: "Kurier", priceGrosze: 1_499 },
      deliveryPoint: null,
      coupon: { code: "<B>X</B>" },
      couponDiscountGrosze: 500,
      shipmentNumber: "<script>1</script>",
    });
    for (const kind of KINDS) {
      const mail = orderEmail(kind, evil, {
        lang: "pl",
        shopName: SHOP,
        orderUrl: ORDER_URL,
        trackingUrl: TRACKING_URL,
      });
      const html = mail.html ?? "";
      expect(html).not.toMatch(/<script|<img|<b>|<i>|<B>/i);
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Ala");
      expect(html).toContain("Kocyk &lt;script&gt;steal()&lt;/script&gt;");
      expect(html).toContain("Kolor: &lt;i&gt;róż&lt;/i&gt;");
      expect(html).toContain("Warszawa&quot;&gt;&lt;img src=x onerror=alert(2)&gt;");
      expect(html).toContain("RABAT (&lt;B&gt;X&lt;/B&gt;)");
      // the plain-text part carries the values as they are (no markup is interpreted there)
      expect(mail.text).toContain("Dzień dobry <script>alert(1)</script> Ala,");
      expect(mail.text).toContain("Adres dostawy:\n<script>alert(1)</script> Ala\nul. <b>Długa</b> 1");
      expect(mail.text).toContain("Dostawa (Kurier): 14,99 zł");
    }
    expect(orderEmail("shipped", evil, { lang: "pl", shopName: SHOP, orderUrl: ORDER_URL }).html).toContain(
      "Numer przesyłki: <strong>&lt;script&gt;1&lt;/script&gt;</strong>",
    );
  });

  it("shipped: the tracking link only when given, and never a non-http link", () => {
    const without = orderEmail("shipped", order, { lang: "pl", shopName: SHOP, orderUrl: ORDER_URL });
    expect(without.text).toContain("Numer przesyłki: 620000111222333");
    expect(without.text).not.toContain("Śledź przesyłkę");
    const unsafe = orderEmail("shipped", order, {
      lang: "en",
      shopName: SHOP,
      orderUrl: ORDER_URL,
      trackingUrl: "javascript:alert(1)",
    });
    expect(unsafe.html).not.toContain("javascript:");
    expect(unsafe.html).toContain("<p>Track shipment</p>");
  });

  it("paid without an invoice yet points to the order page; no coupon means no RABAT line", () => {
    const plain = sampleOrder();
    const pl = orderEmail("paid", plain, {
      lang: "pl",
      shopName: SHOP,
      orderUrl: ORDER_URL,
      invoiceUrl: null,
    });
    expect(pl.text).toContain("Fakturę VAT znajdziesz na stronie zamówienia.");
    expect(pl.text).not.toContain("RABAT");
    expect(pl.text).toContain("Razem: 128,00 zł");
    const en = orderEmail("paid", plain, { lang: "en", shopName: SHOP, orderUrl: ORDER_URL });
    expect(en.text).toContain("You will find the VAT invoice on the order page.");
    expect(en.text).not.toContain("DISCOUNT");
  });

  it("paid with an invoice sent to KSeF: its KSeF number, or that it is on its way (docs/decisions/068)", () => {
    const options = { shopName: SHOP, orderUrl: ORDER_URL, invoiceUrl: INVOICE_URL };
    const number = "1111111111-20261128-0001928D2B0A-87";
    const pl = orderEmail("paid", order, { ...options, lang: "pl", ksef: { number } });
    expect(pl.text).toContain(`ma numer KSeF: ${number}.`);
    expect(pl.html).toContain(number);
    const pending = orderEmail("paid", order, { ...options, lang: "en", ksef: { number: null } });
    expect(pending.text).toContain("The invoice is on its way to KSeF");
    expect(send("paid", "pl").text).not.toContain("KSeF");
  });

  it("shows the discount without a code when the coupon no longer exists", () => {
    const mail = orderEmail("received", sampleOrder({ coupon: null, couponDiscountGrosze: 500 }), {
      lang: "pl",
      shopName: SHOP,
      orderUrl: ORDER_URL,
    });
    expect(mail.text).toContain("RABAT: -5,00 zł\nRazem: 123,00 zł");
  });

  it("received: says until when the order page's „Zapłać” takes the payment (shop time), as the page does", () => {
    // 10:30 UTC in November is 11:30 in Warsaw
    const unpaid = sampleOrder({ status: "NEW", reservedUntil: "2026-11-21T10:30:00.000Z" });
    const pl = orderEmail("received", unpaid, { lang: "pl", shopName: SHOP, orderUrl: ORDER_URL });
    expect(pl.text).toContain(
      "Jeśli płatność nie została dokończona, możesz zapłacić przyciskiem „Zapłać” na stronie zamówienia do 21.11.2026, 11:30. Potem zamówienie zostanie anulowane.",
    );
    const en = orderEmail("received", unpaid, { lang: "en", shopName: SHOP, orderUrl: ORDER_URL });
    expect(en.text).toContain("with the “Pay now” button on the order page until 21/11/2026, 11:30.");
    // no payment time (never for a new order): no promise
    const without = orderEmail("received", sampleOrder({ reservedUntil: null }), {
      lang: "pl",
      shopName: SHOP,
      orderUrl: ORDER_URL,
    });
    expect(without.text).not.toContain("Zapłać");
  });

  it("canceled: a contact address given by the caller wins", () => {
    const mail = orderEmail("canceled", order, {
      lang: "pl",
      shopName: SHOP,
      orderUrl: ORDER_URL,
      contactUrl: "https://sklep.example.pl/kontakt?temat=anulowanie",
    });
    expect(mail.text).toContain("napisz do nas: https://sklep.example.pl/kontakt?temat=anulowanie");
    expect(mail.html).toContain('href="https://sklep.example.pl/kontakt?temat=anulowanie"');
  });

  it("received, paid and shipped offer „Odstąp od umowy tutaj” with the withdrawal link; canceled and expired do not (issue 27)", () => {
    const withdrawalUrl =
      "https://sklep.example.pl/odstapienie-od-umowy?orderNumber=20261121-0007&email=zofia%40example.com";
    const kinds: OrderEmailKind[] = ["received", "paid", "shipped", "canceled", "expired"];
    const offered = kinds.filter((kind) => {
      const mail = orderEmail(kind, order, {
        lang: "pl",
        shopName: SHOP,
        orderUrl: ORDER_URL,
        withdrawalUrl,
      });
      const inText = mail.text.includes(withdrawalUrl);
      expect(mail.html?.includes(">Odstąp od umowy tutaj</a>") ?? false).toBe(inText);
      return inText;
    });
    expect(offered).toEqual(["received", "paid", "shipped"]);
    const english = orderEmail("shipped", order, {
      lang: "en",
      shopName: SHOP,
      orderUrl: ORDER_URL,
      withdrawalUrl,
    });
    expect(english.text).toContain(
      `You can withdraw from the contract within 14 days of delivery:\n${withdrawalUrl}`,
    );
  });
});
