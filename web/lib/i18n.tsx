import { createContext, type ReactNode, useContext } from "react";
import {
  addTexts,
  createTranslator,
  DEFAULT_LANG,
  isLang,
  type Lang,
  type Translator,
} from "../../domain/i18n";

// The page's language reaches components through a context the root layout provides (web/root.tsx,
// from the root loader data), not through the loader data itself: reading router data subscribes a
// component to every router state change (a navigation starting, a form's fetcher, a route patch), and
// nearly every component needs the translator. A component now renders again only when its parent
// renders it or the language changes, so a memoized one (the header, a product card) stays put.
const LangContext = createContext<Lang>(DEFAULT_LANG);

/** Gives its children the page's language (the root layout; a test rendering a component alone). */
export function LangProvider({ lang, children }: { lang: Lang; children?: ReactNode }) {
  return <LangContext.Provider value={lang}>{children}</LangContext.Provider>;
}

/** The current language (Polish outside a LangProvider, e.g. without root data). */
export function useLang(): Lang {
  return useContext(LangContext);
}

/**
 * The `lang` attribute for stored content written in Polish only (tags, the related products'
 * heading, what an order or a cart line keeps): in another interface language it is marked lang="pl"
 * and read with the Polish voice (WCAG 3.1.2 Language of parts); in the Polish interface no attribute
 * (the page's language already says it). Texts with an English version (titles, descriptions,
 * options, categories, banners, blog and pages) are picked on the server, which says which fell back
 * to Polish: `textLang` (domain/content-language.ts, docs/decisions/078).
 */
export function useContentLang(): Lang | undefined {
  return useLang() === DEFAULT_LANG ? undefined : DEFAULT_LANG;
}

/** The translator for the current language: `const t = useT(); t("nav.sale")`. */
export function useT(): Translator {
  return createTranslator(useLang());
}

// In the browser the translator starts without texts (vite.config.ts resolves domain/i18n to
// domain/i18n/translate.ts there): each page loads its language's texts per area, one chunk each,
// so a page never downloads the other language, the staff area's texts or the e-mails'
// (docs/decisions/021-bundle-budgets.md). The server has every text (domain/i18n/index.ts).

type TextsArea =
  | "shop"
  | "auth"
  | "orders"
  | "product"
  | "products"
  | "cart"
  | "checkout"
  | "content"
  | "after-sale"
  | "staff";
type TextsLoader = () => Promise<Parameters<typeof addTexts>[1]>;

const AREAS: Record<TextsArea, Record<Lang, TextsLoader>> = {
  shop: {
    pl: () => import("../../domain/i18n/shop-pl").then((m) => m.plShop),
    en: () => import("../../domain/i18n/shop-en").then((m) => m.enShop),
  },
  auth: {
    pl: () => import("../../domain/i18n/auth-pl").then((m) => m.plAuth),
    en: () => import("../../domain/i18n/auth-en").then((m) => m.enAuth),
  },
  orders: {
    pl: () => import("../../domain/i18n/orders-pl").then((m) => m.plOrders),
    en: () => import("../../domain/i18n/orders-en").then((m) => m.enOrders),
  },
  product: {
    pl: () => import("../../domain/i18n/product-pl").then((m) => m.plProduct),
    en: () => import("../../domain/i18n/product-en").then((m) => m.enProduct),
  },
  products: {
    pl: () => import("../../domain/i18n/products-pl").then((m) => m.plProducts),
    en: () => import("../../domain/i18n/products-en").then((m) => m.enProducts),
  },
  cart: {
    pl: () => import("../../domain/i18n/cart-pl").then((m) => m.plCart),
    en: () => import("../../domain/i18n/cart-en").then((m) => m.enCart),
  },
  checkout: {
    pl: () => import("../../domain/i18n/checkout-pl").then((m) => m.plCheckout),
    en: () => import("../../domain/i18n/checkout-en").then((m) => m.enCheckout),
  },
  content: {
    pl: () => import("../../domain/i18n/content-pl").then((m) => m.plContent),
    en: () => import("../../domain/i18n/content-en").then((m) => m.enContent),
  },
  "after-sale": {
    pl: () => import("../../domain/i18n/after-sale-pl").then((m) => m.plAfterSale),
    en: () => import("../../domain/i18n/after-sale-en").then((m) => m.enAfterSale),
  },
  staff: {
    pl: () => import("../../domain/i18n/staff-pl").then((m) => m.plStaff),
    en: () => import("../../domain/i18n/staff-en").then((m) => m.enStaff),
  },
};

/** Loads one area's texts of `lang` into the browser's translator. */
export async function loadTexts(lang: Lang, area: TextsArea): Promise<void> {
  addTexts(lang, await AREAS[area][lang]());
}

/**
 * The page's language in the browser: the server renders it as `<html lang>` (web/root.tsx), the
 * language the server rendered the texts in, so the browser hydrates with the same texts.
 */
export function documentLang(): Lang {
  const lang = document.documentElement.lang;
  return isLang(lang) ? lang : DEFAULT_LANG;
}
