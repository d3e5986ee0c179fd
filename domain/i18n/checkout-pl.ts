// Polish texts of one area of the shop: the checkout and the demo bank. The browser loads them with the modules
// that use them (web/lib/checkout-texts.ts), not with every page (docs/decisions/021-bundle-budgets.md).
// pl.ts joins the areas into the catalog that defines MessageKey.

export const plCheckout = {
  "cart.discount": "RABAT",
  "checkout.title": "Dostawa i płatność",
  "checkout.recipient": "Dane odbiorcy",
  "checkout.invoice": "Dane do faktury",
  "checkout.copyFromRecipient": "Kopiuj z danych odbiorcy",
  "checkout.delivery": "Dostawa",
  "checkout.pickupPoint": "Punkt odbioru",
  "checkout.markParcelLocker": "Zaznacz paczkomat",
  "checkout.changePickupPoint": "zmień",
  "checkout.payment": "Płatność",
  "checkout.paymentProvider": "Płatności obsługuje",
  "checkout.terms": "Akceptuję {terms} oraz {privacyPolicy}",
  "checkout.termsLink": "regulamin",
  "checkout.privacyPolicyLink": "politykę prywatności",
  "checkout.goToPayment": "Przejdź do płatności",
  "checkout.applyDelivery": "Zapisz sposób dostawy",
  "checkout.newTotal": "Nowa kwota do zapłaty: {amount}",
  "checkout.providerDemo": "Bramka płatności (demo)",
  "checkout.providerPaynow": "Paynow (mBank)",
  "checkout.confirmationTo": "Potwierdzenie zamówienia wyślemy na adres {email}.",
  "checkout.demoBankLabel": "Płatność internetowa",
  "checkout.demoBankTitle": "Bramka płatności (demo)",
  "checkout.demoBankNotice":
    "To demonstracyjna bramka płatności sklepu: żadne pieniądze nie zostaną pobrane.",
  "checkout.demoBankAmount": "Kwota do zapłaty",
  "checkout.demoBankPay": "Zapłać",
  "checkout.demoBankReject": "Odrzuć",
  "checkout.demoBankDecided": "Ta płatność została już rozliczona.",
  "checkout.demoBankClosed":
    "Ta płatność została zamknięta, bo zamówienie anulowano. Nie pobraliśmy pieniędzy.",
  "checkout.demoBankBackToOrder": "Wróć do zamówienia",
  "checkout.invoiceOther": "Chcę fakturę na inne dane",
  "checkout.invoiceSameAsRecipient": "Fakturę wystawimy na dane odbiorcy.",
  "checkout.announceSaved": "Zapisano: {section}.",
  "checkout.announceEditing": "Edytujesz: {section}.",
  "checkout.announceCopied": "Skopiowano dane odbiorcy.",
  "checkout.lineOutOfStock": "{product}: już niedostępny, usunięty z koszyka.",
  "checkout.lineFewerLeft":
    "{product}: zostało {available} szt., ilość zmieniona z {requested} na {available}.",
  "checkout.linePriceChanged": "{product}: nowa cena {newPrice}/szt. (było {oldPrice}).",
  "errors.cartChanged": "Koszyk zmienił się od chwili otwarcia strony. Sprawdź zmiany i spróbuj ponownie.",
  "errors.tooManyOrders":
    "Złożono zbyt wiele zamówień w krótkim czasie. Spróbuj ponownie później albo napisz do nas.",
  "errors.idempotencyKeyReused":
    "To zamówienie zostało już złożone z innymi danymi. Odśwież stronę, aby złożyć nowe zamówienie.",
} as const;

export type CheckoutKey = keyof typeof plCheckout;
