// Polish texts of one area of the shop: the blog, the static pages and the contact page. The browser loads them with the modules
// that use them (web/lib/content-texts.ts), not with every page (docs/decisions/021-bundle-budgets.md).
// pl.ts joins the areas into the catalog that defines MessageKey.

export const plContent = {
  "blog.title": "Blog",
  "blog.intro":
    "Porady krawieckie, inspiracje i nowości z naszej pracowni. Zobacz, co ostatnio uszyliśmy, i dowiedz się, jak dbać o bawełniane tkaniny.",
  "blog.empty": "Brak artykułów",
  "blog.tags": "Tagi",
  "blog.edit": "edytuj",
  "blog.relatedProducts": "Powiązane produkty",
  "blog.notFound": "Dany artykuł nie istnieje",
  "page.edit": "edytuj",
  "page.notFound": "Szukana strona nie istnieje",
  "contact.title": "Kontakt",
  "contact.intro": "Masz pytanie albo pomysł na zamówienie indywidualne? Napisz do nas.",
  "contact.email": "E-mail",
  "contact.message": "Wiadomość",
  "contact.send": "Wyślij wiadomość",
  "contact.sent": "Wiadomość została wysłana",
  "contact.formTitle": "Napisz do nas",
  "backInStock.confirmTitle": "Potwierdź powiadomienie o dostępności",
  "backInStock.confirmIntro": "Potwierdź, że chcesz dostać e-mail, gdy produkt znów będzie dostępny.",
  "backInStock.confirmButton": "Potwierdzam",
  "backInStock.confirmed": "Dziękujemy! Napiszemy do Ciebie, gdy produkt będzie dostępny.",
  "backInStock.unsubscribeTitle": "Wypisz się z powiadomienia o dostępności",
  "backInStock.unsubscribeIntro": "Nie wyślemy już powiadomienia o tym produkcie.",
  "backInStock.unsubscribeButton": "Wypisz mnie",
  "backInStock.unsubscribed": "Wypisano. Nie wyślemy już powiadomienia o tym produkcie.",
} as const;

export type ContentKey = keyof typeof plContent;
