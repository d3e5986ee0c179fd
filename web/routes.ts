import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/content/home.tsx"),
  // storefront
  route("produkty", "routes/products/products.tsx"),
  route("produkt/:idSlug", "routes/product/product.tsx"),
  route("blog", "routes/content/blog.tsx"),
  route("blog/:idSlug", "routes/content/blog-article.tsx"),
  route("kontakt", "routes/content/contact.tsx"),
  route("koszyk", "routes/cart/cart.tsx"),
  route("sitemap.xml", "routes/sitemap.tsx"),
  route("robots.txt", "routes/robots.tsx"),
  // accounts: guest-only
  route("logowanie", "routes/auth/login.tsx"),
  route("rejestracja", "routes/auth/register.tsx"),
  route("zresetuj-haslo", "routes/auth/reset-password.tsx"),
  route("ustaw-nowe-haslo", "routes/auth/new-password.tsx"),
  route("token-success", "routes/auth/token-success.tsx"),
  route("token-error", "routes/auth/token-error.tsx"),
  route("wyloguj", "routes/auth/logout.tsx"),
  // accounts: login required
  ...prefix("konto", [
    layout("routes/account/layout.tsx", [
      index("routes/account/overview.tsx"),
      route("ustawienia", "routes/account/settings.tsx"),
      route("zakupy", "routes/account/orders.tsx"),
      route("zakupy/:id", "routes/account/order.tsx"),
      // the staff area (shop moderators; users, the audit log and the background jobs for admins): SPEC §2 moderator area
      ...prefix("sklep", [
        layout("routes/staff/layout.tsx", [
          index("routes/staff/dashboard.tsx"),
          route("zamowienia", "routes/staff/orders.tsx"),
          route("zamowienia/:id", "routes/staff/order.tsx"),
          route("produkty", "routes/staff/products.tsx"),
          route("produkty/dodaj", "routes/staff/product-form.tsx", { id: "staff-product-add" }),
          route("produkty/edytuj/:id", "routes/staff/product-form.tsx", { id: "staff-product-edit" }),
          route("kategorie", "routes/staff/categories.tsx"),
          route("pola", "routes/staff/fields.tsx"),
          route("pola/dodaj", "routes/staff/field-form.tsx", { id: "staff-field-add" }),
          route("pola/edytuj/:id", "routes/staff/field-form.tsx", { id: "staff-field-edit" }),
          route("kody", "routes/staff/coupons.tsx"),
          route("kody/dodaj", "routes/staff/coupon-form.tsx", { id: "staff-coupon-add" }),
          route("kody/edytuj/:id", "routes/staff/coupon-form.tsx", { id: "staff-coupon-edit" }),
          route("naglowek", "routes/staff/slides.tsx"),
          route("naglowek/dodaj", "routes/staff/slide-form.tsx", { id: "staff-slide-add" }),
          route("naglowek/edytuj/:id", "routes/staff/slide-form.tsx", { id: "staff-slide-edit" }),
          route("strony", "routes/staff/pages.tsx"),
          route("strony/dodaj", "routes/staff/page-form.tsx", { id: "staff-page-add" }),
          route("strony/edytuj/:id", "routes/staff/page-form.tsx", { id: "staff-page-edit" }),
          route("blog", "routes/staff/blog.tsx"),
          route("blog/dodaj", "routes/staff/blog-form.tsx", { id: "staff-blog-add" }),
          route("blog/edytuj/:id", "routes/staff/blog-form.tsx", { id: "staff-blog-edit" }),
          route("galeria", "routes/staff/gallery.tsx"),
          route("magazyn", "routes/staff/warehouse.tsx"),
          route("magazyn/csv", "routes/staff/warehouse-csv.tsx"),
          route("tworcy", "routes/staff/creators.tsx"),
          route("tworcy/dodaj", "routes/staff/creator-form.tsx", { id: "staff-creator-add" }),
          route("tworcy/edytuj/:id", "routes/staff/creator-form.tsx", { id: "staff-creator-edit" }),
          route("gry", "routes/staff/games.tsx"),
          route("gry/dodaj", "routes/staff/game-form.tsx", { id: "staff-game-add" }),
          route("gry/edytuj/:id", "routes/staff/game-form.tsx", { id: "staff-game-edit" }),
          route("uzytkownicy", "routes/staff/users.tsx"),
          route("uzytkownicy/edytuj/:id", "routes/staff/user-form.tsx"),
          route("dziennik", "routes/staff/audit.tsx"),
          route("zadania", "routes/staff/jobs.tsx"),
        ]),
      ]),
    ]),
  ]),
  // resource routes (POST forms that work without JavaScript)
  route("jezyk", "routes/set-language.tsx"),
  route("zgoda-cookies", "routes/accept-cookies.tsx"),
  route("konto/wyslij-potwierdzenie", "routes/auth/resend-confirmation.tsx"),
  // checkout: delivery and payment, the demo payment gateway, the order result and the guest order view
  route("dostawa-i-platnosc", "routes/checkout/checkout.tsx"),
  route("bramka-demo/:paymentId", "routes/order/demo-bank.tsx"),
  route("gotowe", "routes/order/order-result.tsx"),
  route("zamowienie", "routes/order/order-view.tsx"),
  // after the sale (issue 27): the withdrawal function (a guest identifies the order here)
  route("odstapienie-od-umowy", "routes/after-sale/withdrawal.tsx"),
  // anything else: the static page whose link equals the path (/o-nas, /regulamin, …), else 404
  route("*", "routes/content/static-page.tsx"),
] satisfies RouteConfig;
