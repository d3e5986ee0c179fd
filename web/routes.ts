import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  // storefront
  route("produkty", "routes/products.tsx"),
  route("produkt/:idSlug", "routes/product.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:idSlug", "routes/blog-article.tsx"),
  route("kontakt", "routes/contact.tsx"),
  route("koszyk", "routes/cart.tsx"),
  route("sitemap.xml", "routes/sitemap.tsx"),
  route("robots.txt", "routes/robots.tsx"),
  // accounts: guest-only
  route("logowanie", "routes/login.tsx"),
  route("rejestracja", "routes/register.tsx"),
  route("zresetuj-haslo", "routes/reset-password.tsx"),
  route("ustaw-nowe-haslo", "routes/new-password.tsx"),
  route("token-success", "routes/token-success.tsx"),
  route("token-error", "routes/token-error.tsx"),
  route("wyloguj", "routes/logout.tsx"),
  // accounts: login required
  ...prefix("konto", [
    layout("routes/account/layout.tsx", [
      index("routes/account/overview.tsx"),
      route("ustawienia", "routes/account/settings.tsx"),
      route("zakupy", "routes/account/orders.tsx"),
      route("zakupy/:id", "routes/account/order.tsx"),
      route("sklep/uzytkownicy", "routes/staff/users.tsx"),
    ]),
  ]),
  // resource routes (POST forms that work without JavaScript)
  route("jezyk", "routes/set-language.tsx"),
  route("zgoda-cookies", "routes/accept-cookies.tsx"),
  route("konto/wyslij-potwierdzenie", "routes/resend-confirmation.tsx"),
  // checkout: delivery and payment, the demo payment gateway, the order result and the guest order view
  route("dostawa-i-platnosc", "routes/checkout.tsx"),
  route("bramka-demo/:paymentId", "routes/demo-bank.tsx"),
  route("gotowe", "routes/order-result.tsx"),
  route("zamowienie", "routes/order-view.tsx"),
  // anything else: the static page whose link equals the path (/o-nas, /regulamin, …), else 404
  route("*", "routes/static-page.tsx"),
] satisfies RouteConfig;
