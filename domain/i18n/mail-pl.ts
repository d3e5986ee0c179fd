// Polish texts of the e-mails: used by the server only, never sent to the browser.
// pl.ts joins the areas into the catalog that defines MessageKey.

export const plMail = {
  "email.orderGreeting": "Dzień dobry {name},",
  "email.orderReceivedSubject": "Otrzymaliśmy Twoje zamówienie {orderNumber}",
  "email.orderReceivedIntro":
    "dziękujemy za zakupy! Otrzymaliśmy Twoje zamówienie {orderNumber}. Zaczniemy je przygotowywać, gdy płatność zostanie potwierdzona.",
  "email.orderReceivedPayment":
    "Jeśli płatność nie została dokończona, możesz zapłacić przyciskiem „Zapłać” na stronie zamówienia do {time}. Potem zamówienie zostanie anulowane.",
  "email.orderPaidSubject": "Dziękujemy! Zamówienie {orderNumber} jest opłacone",
  "email.orderPaidIntro":
    "dziękujemy! Otrzymaliśmy płatność za zamówienie {orderNumber} i zaczynamy przygotowywać Twoją paczkę.",
  "email.orderPaidInvoice": "Faktura VAT do zamówienia jest już dostępna.",
  "email.orderPaidInvoiceInOrder": "Fakturę VAT znajdziesz na stronie zamówienia.",
  "email.orderPaidKsefNumber":
    "Faktura została wysłana do KSeF (Krajowego Systemu e-Faktur) i ma numer KSeF: {ksefNumber}.",
  "email.orderPaidKsefPending":
    "Faktura jest w drodze do KSeF (Krajowego Systemu e-Faktur). Jej numer KSeF pojawi się na fakturze pobranej z linku powyżej, gdy tylko go otrzymamy.",
  "email.orderInvoiceLink": "Pobierz fakturę",
  "email.orderShippedSubject": "Zamówienie {orderNumber} zostało wysłane",
  "email.orderShippedIntro": "Twoje zamówienie {orderNumber} zostało nadane i jest w drodze.",
  "email.orderCanceledSubject": "Zamówienie {orderNumber} zostało anulowane",
  "email.orderCanceledIntro": "Twoje zamówienie {orderNumber} zostało anulowane i nie zostanie wysłane.",
  "email.orderCanceledContact":
    "Jeśli masz pytania albo uważasz, że to pomyłka, odpowiedz na tę wiadomość lub napisz do nas: {contactUrl}",
  "email.orderExpiredReason":
    "Nie otrzymaliśmy płatności w wyznaczonym czasie, więc zarezerwowane dla Ciebie produkty wróciły do sprzedaży. Jeśli nadal chcesz je kupić, złóż zamówienie ponownie. Jeśli płatność mimo to zostanie pobrana, zwrócimy pieniądze.",
  "email.orderViewIntro": "Szczegóły i aktualny status zamówienia:",
  "email.orderViewLink": "Zobacz zamówienie",
  "email.orderDeliveryAddress": "Adres dostawy",
  "email.orderSignature": "Pozdrawiamy\nZespół sklepu {shopName}",
  "email.refundOwedSubject": "Do zwrotu: pieniądze za zamówienie {orderNumber}",
  "email.refundOwedIntro":
    "wpłynęły pieniądze ({amount}) za zamówienie {orderNumber}, które nie może ich przyjąć. Zwróć je klientowi ({email}) przyciskiem „Zwróć pieniądze” na stronie zamówienia w panelu sklepu.",
  "email.refundOwedReason.ERROR_PAID_AFTER_CANCEL": "Powód: płatność przyszła po anulowaniu zamówienia.",
  "email.refundOwedReason.ERROR_PAYMENT_AMOUNT":
    "Powód: kwota lub waluta płatności nie zgadza się z zamówieniem.",
  "email.refundOwedReason.ERROR_STOCK_SHORTAGE":
    "Powód: zamówienie opłacono po tym, jak jego towar sprzedano innym klientom (brak towaru).",
  "email.refundOwedReason.ERROR_PAID_TWICE": "Powód: zamówienie było już opłacone wcześniejszą płatnością.",
  "email.refundOwedGreeting": "Dzień dobry,",
  "email.refundOwedLink": "Zamówienie w panelu sklepu",
  "email.refundStartedSubject": "Zwrot pieniędzy rozpoczęty: zamówienie {orderNumber}",
  "email.refundStartedIntro":
    "Zleciliśmy zwrot {amount} za zamówienie {orderNumber}. Pieniądze wrócą tą samą drogą, którą zapłaciłeś; napiszemy, gdy zwrot się zakończy.",
  "email.refundDoneSubject": "Zwrot pieniędzy zakończony: zamówienie {orderNumber}",
  "email.refundDoneIntro": "Zwrot {amount} za zamówienie {orderNumber} został zrealizowany.",
  "email.refundCorrectionLink": "Faktura korygująca:",
  "email.refundOrderLink": "Zamówienie:",
  "email.shopNewOrderSubject": "Nowe zamówienie {orderNumber} ({amount})",
  "email.shopNewOrderIntro":
    "zamówienie {orderNumber} zostało opłacone. Klient: {name}, {email}, tel. {phone}.",
  "email.shopOrderLink": "Zamówienie w panelu sklepu",
  "email.lowStockSubject": "Niskie stany magazynowe: {date}",
  "email.lowStockIntro": "te produkty mają niski stan (najwyżej {max} szt.) albo są wyprzedane:",
  "email.lowStockSoldOut": "wyprzedane",
  "email.lowStockLink": "Magazyn w panelu sklepu",
  "email.backInStockConfirmSubject": "Potwierdź powiadomienie o dostępności: {product}",
  "email.backInStockConfirmIntro":
    "poproszono o powiadomienie na ten adres, gdy produkt „{product}” znów będzie dostępny. Potwierdź, że to Ty, tym linkiem (ważny 48 godzin):",
  "email.backInStockConfirmLink": "Potwierdzam, powiadom mnie",
  "email.backInStockConfirmIgnore":
    "Jeśli to nie Ty, zignoruj tę wiadomość: bez potwierdzenia nic więcej nie wyślemy.",
  "email.backInStockSubject": "Znów dostępny: {product}",
  "email.backInStockIntro": "produkt „{product}” jest znów dostępny w cenie {price}.",
  "email.backInStockLink": "Zobacz produkt",
  "email.backInStockUnsubscribe": "Nie chcesz tych wiadomości? Wypisz się:",
} as const;

export type MailKey = keyof typeof plMail;
