// Polish texts of one area of the shop: the cart page (/koszyk). The browser loads them with the modules
// that use them (web/lib/cart-texts.ts), not with every page (docs/decisions/021-bundle-budgets.md).
// pl.ts joins the areas into the catalog that defines MessageKey.

export const plCart = {
  "cart.metaDescription":
    "Produkty wybrane do zamówienia: ilości, kod rabatowy i podsumowanie przed wyborem dostawy i płatności.",
  // parts of the restored cart's notice (cart.restoredChanges), put together on the server
  "cart.restoredReduced": "{product} – dostępnych jest tylko {quantity} szt., tyle zostawiliśmy w koszyku",
  "cart.restoredRemoved": "{product} – produkt jest niedostępny i został usunięty z koszyka",
  "cart.restoredGone": "produkt, którego nie ma już w sklepie, został usunięty z koszyka",
  "cart.title": "Twój koszyk",
  "cart.unitPrice": "Cena jednostkowa",
  "cart.remove": "Usuń",
  "cart.couponLabel": "Kod rabatowy",
  "cart.addCoupon": "Dodaj kod",
  "cart.removeCoupon": "usuń kod",
  "cart.missingForFreeDelivery": "Do darmowej dostawy brakuje Ci jeszcze {amount}",
  "cart.deliveryAndPayment": "Dostawa i płatność",
  "cart.login": "Zaloguj się",
  "cart.guestCheckout": "Zakupy bez logowania",
  "cart.updateQuantity": "Zmień ilość",
  "cart.quantityOf": "Ilość: {product}",
  "cart.removeItem": "Usuń z koszyka: {product}",
  "cart.couponApplied": "Zastosowany kod rabatowy: {code}",
  "coupon.checking": "Sprawdzanie kodu…",
  "coupon.applied": "Dodano kod rabatowy",
  "cart.decrease": "Zmniejsz ilość: {product}",
  "cart.increase": "Zwiększ ilość: {product}",
  "cart.lineRemoved": "Usunięto {product} z koszyka",
  "cart.quantityChanged": "Zmieniono ilość: {product}, {quantity} szt.",
  "cart.couponAdded": "Kod {code} został dodany",
  "cart.deliveryFrom": "od {price}",
  "coupon.removed": "Usunięto kod rabatowy",
} as const;

export type CartKey = keyof typeof plCart;
