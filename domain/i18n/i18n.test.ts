import { describe, expect, it } from "vitest";
import {
  AFTER_SALE_FILTERS,
  AFTER_SALE_KINDS,
  AFTER_SALE_STATES,
  COMPLAINT_REMEDIES,
  REFUND_REASONS,
  REFUND_STATUSES,
} from "../after-sale-status";
import { KNOWN_ORDER_STATUSES } from "../order-status";
import { MESSAGE_KEYS } from "../validation/messages";
import {
  createTranslator,
  DEFAULT_LANG,
  en,
  formatDate,
  formatDateTime,
  formatPercent,
  interpolate,
  isLang,
  isMessageKey,
  LANGS,
  type MessageKey,
  orderStatusKey,
  pl,
  placeholders,
  translate,
  translateParts,
  translateServerError,
} from "./index";

const plKeys = Object.keys(pl).sort();
const enKeys = Object.keys(en).sort();

describe("catalogs", () => {
  it("have the same keys in both languages", () => {
    expect(enKeys).toEqual(plKeys);
  });

  it("have no empty texts", () => {
    for (const [lang, catalog] of [
      ["pl", pl],
      ["en", en],
    ] as const) {
      for (const [key, text] of Object.entries(catalog)) {
        expect(text.trim(), `${lang}:${key}`).not.toBe("");
      }
    }
  });

  it("use the same placeholders in both languages", () => {
    for (const key of plKeys as MessageKey[]) {
      expect(placeholders(en[key]).sort(), key).toEqual(placeholders(pl[key]).sort());
    }
  });

  it("use only dotted keys from known groups", () => {
    const groups = new Set([
      "nav",
      "footer",
      "cookies",
      "home",
      "products",
      "product",
      "cart",
      "checkout",
      "parcelPicker",
      "address",
      "order",
      "orderStatus",
      "afterSale",
      "auth",
      "account",
      "staff",
      "blog",
      "page",
      "contact",
      "backInStock",
      "validation",
      "coupon",
      "shipment",
      "errors",
      "success",
      "common",
      "email",
    ]);
    for (const key of plKeys) {
      expect(groups.has(key.split(".")[0] ?? ""), key).toBe(true);
    }
  });

  it("use the ASCII apostrophe only", () => {
    for (const text of [...Object.values(pl), ...Object.values(en)]) {
      expect(text).not.toMatch(/[\u2018\u2019\u02bc]/);
    }
  });

  it("keep the spec's exact Polish texts", () => {
    const expected: Partial<Record<MessageKey, string>> = {
      "cart.empty": "Twój koszyk jest pusty",
      "cart.title": "Twój koszyk",
      "cart.processingTime": "Czas realizacji",
      "cart.total": "Razem",
      "cart.goToCheckout": "Do kasy",
      "cart.couponLabel": "Kod rabatowy",
      "cart.addCoupon": "Dodaj kod",
      "cart.removeCoupon": "usuń kod",
      "cart.freeDelivery": "Darmowa dostawa",
      "cart.discount": "RABAT",
      "cart.stepCheckout": "Dostawa i płatność",
      "cart.stepDone": "Gotowe",
      "cart.login": "Zaloguj się",
      "cart.guestCheckout": "Zakupy bez logowania",
      "products.title": "Produkty",
      "products.empty": "Brak produktów",
      "products.chipSearch": "Szukaj",
      "products.chipCategory": "Kategoria",
      "products.chipPriceFrom": "Cena od",
      "products.chipPriceTo": "Cena do",
      "products.chipNew": "Nowości",
      "products.chipLayettes": "Wyprawki",
      "products.chipSale": "Wyprzedaż",
      "products.chipSets": "Zestawy prezentowe",
      "products.chipPremium": "Premium",
      "products.sortBy": "Sortuj wg",
      "products.sortTitle": "nazwy",
      "products.sortUpdated": "daty dodania",
      "products.sortPrice": "ceny",
      "product.badgeNew": "Nowość",
      "product.badgeSale": "Wyprzedaż",
      "product.badgePremium": "Premium",
      "product.lowestPrice30Days": "najniższa cena z 30 dni",
      "product.processingTime": "Czas realizacji",
      "product.addSimilar": "dodaj podobny",
      "product.edit": "edytuj",
      "product.notFound": "Dany produkt nie istnieje",
      "product.unavailable": "Ten produkt jest niedostępny. Odśwież stronę i spróbuj ponownie.",
      "checkout.recipient": "Dane odbiorcy",
      "checkout.invoice": "Dane do faktury",
      "checkout.copyFromRecipient": "Kopiuj z danych odbiorcy",
      "checkout.delivery": "Dostawa",
      "checkout.pickupPoint": "Punkt odbioru",
      "checkout.markParcelLocker": "Zaznacz paczkomat",
      "checkout.goToPayment": "Przejdź do płatności",
      "checkout.selectParcelLocker": "Wybierz paczkomat",
      "checkout.accountNotApproved":
        "Twoje konto nie zostało aktywowane. Postępuj zgodnie z instrukcją, którą otrzymasz na email.",
      "order.confirmedTitle": "Otrzymaliśmy Twoje zamówienie",
      "order.canceledTitle": "Zamówienie anulowane",
      "order.pendingTitle": "Przetwarzanie płatności",
      "order.paymentErrorTitle": "Wystąpił błąd podczas płatności",
      "order.retryPayment": "Spróbuj ponownie",
      "order.notFound": "Nie znaleziono zamówienia o podanym numerze!",
      "order.viewTitle": "Zamówienie {orderNumber}",
      "order.details": "Szczegóły",
      "order.invoice": "Faktura",
      "order.discount": "RABAT",
      "order.nip": "NIP",
      "order.markDelivered": "Oznacz jako dostarczone",
      "order.cancel": "Anuluj zamówienie",
      "auth.send": "Wyślij",
      "auth.email": "E-mail",
      "auth.password": "Hasło",
      "auth.confirmPassword": "Powtórz hasło",
      "auth.displayName": "Imię i nazwisko/Nazwa",
      "account.navAccount": "Konto",
      "account.navOrders": "Zakupy",
      "account.navShop": "Sklep",
      "account.navSettings": "Ustawienia",
      "account.navLogout": "Wyloguj",
      "nav.allProducts": "Wszystkie produkty",
      "nav.sale": "Wyprzedaż",
      "nav.premium": "Premium",
      "home.bannerLayettes": "Wyprawki",
      "home.bannerSale": "Wyprzedaż",
      "home.bannerSets": "Zestawy",
      "blog.title": "Blog",
      "blog.notFound": "Dany artykuł nie istnieje",
      "page.updated": "Zaktualizowano",
      "page.notFound": "Szukana strona nie istnieje",
      "contact.send": "Wyślij wiadomość",
      "contact.sent": "Wiadomość została wysłana",
      "validation.required": "To pole jest obowiązkowe",
      "coupon.enterCode": "Wprowadź kod rabatowy",
      "coupon.invalid": "Kod rabatowy jest niepoprawny",
      "shipment.sameAsPrevious": "Wprowadzony numer przesyłki jest taki sam jak poprzedni",
      "success.emailSent": "Wysłano email. Sprawdź skrzynkę pocztową",
      "success.passwordUpdated": "Zaktualizowano hasło.",
      "common.langPl": "Polski",
      "common.langEn": "English",
      "common.homeLink": "Strona główna",
      "common.currency": "zł",
    };
    for (const [key, text] of Object.entries(expected)) {
      expect(pl[key as MessageKey], key).toBe(text);
    }
  });

  it("keep the spec's English texts", () => {
    expect(en["validation.required"]).toBe("This field is required");
    expect(en["errors.formContainsErrors"]).toBe("The form contains errors, correct it and try again");
    expect(en["errors.generic"]).toBe("An error occurred, please try again later");
    expect(en["errors.prefix"]).toBe("Error: ");
    expect(en["errors.auth/user-not-found"]).toBe("User Not found.");
    expect(en["errors.auth/wrong-password"]).toBe("Invalid Password!");
    expect(en["errors.auth/email-already-in-use"]).toBe("Failed! Email is already in use!");
    expect(en["errors.orderNotPaid"]).toBe("Order not paid.");
    expect(en["errors.orderNotFound"]).toBe("Order Not found.");
    expect(en["errors.requiredModeratorRole"]).toBe("Required moderator role");
    expect(en["errors.requiredAdminRole"]).toBe("Required admin role");
    expect(en["account.notApprovedByAdmin"]).toBe("Your account has not been approved by the admin yet");
    expect(pl["account.notApprovedByAdmin"]).not.toBe(en["account.notApprovedByAdmin"]);
    expect(pl["errors.formContainsErrors"]).not.toBe(en["errors.formContainsErrors"]);
  });

  it("contain every key other modules rely on", () => {
    const required = [
      ...MESSAGE_KEYS,
      "errors.formContainsErrors",
      "errors.generic",
      // server/http/errors.ts
      "errors.notFound",
      "errors.unauthorized",
      "errors.requiredModeratorRole",
      "errors.requiredAdminRole",
      "errors.auth/user-not-found",
      "errors.auth/wrong-password",
      "errors.auth/email-already-in-use",
      "errors.orderNotFound",
      "errors.orderNotPaid",
      "errors.rateLimited",
      "errors.serviceUnavailable",
    ];
    for (const key of required) expect(isMessageKey(key), key).toBe(true);
    expect(placeholders(pl["validation.minLength"])).toEqual(["min"]);
    expect(placeholders(pl["validation.maxLength"])).toEqual(["max"]);
    expect(placeholders(pl["validation.minValue"])).toEqual(["min"]);
    expect(placeholders(pl["validation.maxValue"])).toEqual(["max"]);
  });

  it("label every order status and every staff path segment", () => {
    const statuses = [...KNOWN_ORDER_STATUSES, "ERROR"];
    for (const status of statuses) expect(orderStatusKey(status)).toBe(`orderStatus.${status}`);
    const segments = [
      "sklep",
      "strony",
      "blog",
      "naglowek",
      "kategorie",
      "pola",
      "produkty",
      "kody",
      "zamowienia",
      "dodaj",
      "edytuj",
      "uzytkownicy",
      "galeria",
      "magazyn",
    ];
    for (const segment of segments) expect(isMessageKey(`staff.segment.${segment}`), segment).toBe(true);
  });

  it("label every after-sale code (domain/after-sale-status.ts)", () => {
    const keys = [
      ...AFTER_SALE_KINDS.flatMap((kind) => [
        `afterSale.kind.${kind}`,
        ...AFTER_SALE_STATES[kind].map((state) => `afterSale.state.${kind}.${state}`),
      ]),
      ...["all", ...AFTER_SALE_FILTERS].map((filter) => `afterSale.filter.${filter}`),
      ...REFUND_STATUSES.map((status) => `afterSale.refundStatus.${status}`),
      ...COMPLAINT_REMEDIES.map((remedy) => `afterSale.remedy.${remedy}`),
      ...REFUND_REASONS.map((reason) => `afterSale.refundReason.${reason}`),
      ...["overdue", "close", "ok"].map((urgency) => `afterSale.urgency.${urgency}`),
    ];
    for (const key of keys) expect(isMessageKey(key), key).toBe(true);
  });

  it("keep the after-sale texts the issue quotes (issue 27)", () => {
    const expected: [MessageKey, string, string][] = [
      ["afterSale.withdrawButton", "Odstąp od umowy tutaj", "Withdraw from contract here"],
      ["afterSale.confirmWithdrawal", "Potwierdź odstąpienie od umowy", "Confirm withdrawal"],
      ["afterSale.complainButton", "Zgłoś reklamację", "Make a complaint"],
      ["footer.withdrawal", "Odstąpienie od umowy", "Withdrawal from contract"],
      [
        "afterSale.periodEnded",
        "Termin na odstąpienie od umowy minął {date}.",
        "The withdrawal period ended on {date}.",
      ],
      ["afterSale.state.withdrawal.REFUNDED", "Zwrócono pieniądze", "Money refunded"],
    ];
    for (const [key, polish, english] of expected) {
      expect(pl[key], key).toBe(polish);
      expect(en[key], key).toBe(english);
    }
  });
});

describe("language helpers", () => {
  it("recognise the two languages", () => {
    expect(DEFAULT_LANG).toBe("pl");
    expect(LANGS).toEqual(["pl", "en"]);
    expect(isLang("pl")).toBe(true);
    expect(isLang("en")).toBe(true);
    expect(isLang("de")).toBe(false);
    expect(isLang(undefined)).toBe(false);
    expect(isLang("PL")).toBe(false);
  });
});

describe("translate", () => {
  it("returns the text in the chosen language", () => {
    expect(translate("pl", "validation.required")).toBe("To pole jest obowiązkowe");
    expect(translate("en", "validation.required")).toBe("This field is required");
  });

  it("fills placeholders", () => {
    expect(translate("pl", "order.viewTitle", { orderNumber: "A-17" })).toBe("Zamówienie A-17");
    expect(translate("en", "validation.minLength", { min: 7 })).toBe("Minimum number of characters: 7");
    expect(translate("pl", "cart.missingForFreeDelivery", { amount: "12,50 zł" })).toBe(
      "Do darmowej dostawy brakuje Ci jeszcze 12,50 zł",
    );
  });

  it("leaves placeholders without a value and ignores extra params", () => {
    expect(translate("pl", "order.viewTitle")).toBe("Zamówienie {orderNumber}");
    expect(translate("pl", "order.viewTitle", { other: 1 })).toBe("Zamówienie {orderNumber}");
    expect(interpolate("{a}{a} {b}", { a: 0 })).toBe("00 {b}");
  });

  it("does not read inherited properties as params or keys", () => {
    expect(interpolate("{toString}", {})).toBe("{toString}");
    expect(translate("pl", "toString")).toBe("toString");
    expect(isMessageKey("constructor")).toBe(false);
  });

  it("returns an unknown key unchanged", () => {
    expect(translate("pl", "no.such.key")).toBe("no.such.key");
    expect(translate("en", "no.such.key", { x: 1 })).toBe("no.such.key");
  });

  it("falls back to Polish when the English text is missing", () => {
    const english = en as Record<string, string>;
    const saved = english["cart.empty"];
    delete english["cart.empty"];
    try {
      expect(translate("en", "cart.empty")).toBe("Twój koszyk jest pusty");
    } finally {
      english["cart.empty"] = saved ?? "";
    }
    expect(translate("en", "cart.empty")).toBe("Your cart is empty");
  });

  it("creates a translator bound to a language", () => {
    const t = createTranslator("en");
    expect(t("products.empty")).toBe("No products");
    expect(t("account.welcome", { name: "Ala" })).toBe("Hello, Ala!");
    expect(createTranslator("pl")("products.empty")).toBe("Brak produktów");
  });

  it("splits a text around element placeholders", () => {
    const link = { link: true };
    expect(translateParts("pl", "checkout.terms", { terms: link, privacyPolicy: link })).toEqual([
      "Akceptuję ",
      link,
      " oraz ",
      link,
    ]);
    expect(translateParts("en", "order.viewTitle", { orderNumber: 5 })).toEqual(["Order ", 5]);
    expect(translateParts("pl", "cart.empty", {})).toEqual(["Twój koszyk jest pusty"]);
  });
});

describe("translateServerError", () => {
  it("translates codes, English messages and keys", () => {
    expect(translateServerError("pl", "auth/wrong-password")).toBe("Nieprawidłowe hasło!");
    expect(translateServerError("pl", "Invalid Password!")).toBe("Nieprawidłowe hasło!");
    expect(translateServerError("en", "auth/user-not-found")).toBe("User Not found.");
    expect(translateServerError("pl", "errors.orderNotFound")).toBe("Nie znaleziono zamówienia.");
    expect(translateServerError("en", "Failed! Email is already in use!")).toBe(
      "Failed! Email is already in use!",
    );
  });

  it("keeps unknown messages and uses the generic text for empty ones", () => {
    expect(translateServerError("pl", "Something odd")).toBe("Something odd");
    expect(translateServerError("pl", "")).toBe(pl["errors.generic"]);
    expect(translateServerError("en", undefined)).toBe("An error occurred, please try again later");
  });
});

describe("orderStatusKey", () => {
  it("maps error and carrier statuses to their groups", () => {
    expect(orderStatusKey("ERROR_PAYMENT_TIMEOUT")).toBe("orderStatus.ERROR");
    expect(orderStatusKey("INPOST_delivered")).toBe("orderStatus.INPOST");
    expect(orderStatusKey("SOMETHING")).toBe("orderStatus.unknown");
    expect(translate("pl", orderStatusKey("PARCEL_DELIVERED"))).toBe("Dostarczone");
  });
});

describe("formatPercent", () => {
  it.each<[number, string, string]>([
    [8.35, "8,35", "8.35"],
    [20, "20", "20"],
    [33.33, "33,33", "33.33"],
    [0.5, "0,5", "0.5"],
    [1234.5, "1234,5", "1234.5"],
  ])("%d -> pl %s, en %s", (value, pl, en) => {
    expect(formatPercent("pl", value)).toBe(pl);
    expect(formatPercent("en", value)).toBe(en);
  });
});

describe("formatDate", () => {
  it("formats in the Polish and British locales in Warsaw time", () => {
    expect(formatDate("pl", "2024-03-05T10:00:00Z")).toBe("5.03.2024");
    expect(formatDate("en", "2024-03-05T10:00:00Z")).toBe("05/03/2024");
    // 23:30 UTC is already the next day in Warsaw
    expect(formatDate("pl", "2024-03-05T23:30:00Z")).toBe("6.03.2024");
    expect(formatDateTime("pl", "2024-03-05T10:00:00Z")).toBe("5.03.2024, 11:00");
  });

  it("returns invalid input unchanged", () => {
    expect(formatDate("pl", "not a date")).toBe("not a date");
    expect(formatDateTime("en", "")).toBe("");
  });
});
