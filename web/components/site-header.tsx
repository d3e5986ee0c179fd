import { memo } from "react";
import { Link, useLocation } from "react-router";
import type { MenuCategory } from "../../domain/types";
import { useT } from "../lib/i18n";
import { lazyInBrowser } from "../lib/lazy-in-browser";
import { PREMIUM_PATH, PRODUCTS_PATH, SALE_PATH } from "../lib/paths";
import { CONTAINER } from "../lib/site";
import { AccountLink, type ShellUser } from "./account-link";
import { CartButton } from "./cart-button";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";

// The desktop mega-menu (hidden on phones, whose menu is the drawer): its code, with the category
// pictures', loads while the page hydrates; the server renders its button in place, and the panel's
// links only exist while it is open (web/lib/lazy-in-browser.ts; docs/decisions/021-bundle-budgets.md).
// A click before that is replayed by React once it is there.
const CategoriesMenu = lazyInBrowser(
  () => import("./categories-menu"),
  (m) => m.CategoriesMenu,
);

// the search is a GET form to the product list, the same with or without JavaScript: its code
// loads while the page hydrates (the server renders it in place; text typed meanwhile stays, as
// React keeps an input's value when it hydrates it)
const SearchBox = lazyInBrowser(
  () => import("./search-box"),
  (m) => m.SearchBox,
);
// the language switch is a form that reloads the page, the same with or without JavaScript: its
// code loads while the page hydrates (the server renders it in place)
const LanguageSwitch = lazyInBrowser(
  () => import("./language-switch"),
  (m) => m.LanguageSwitch,
);

export interface SiteHeaderProps {
  categories: readonly MenuCategory[];
  /** signed-in user, when auth exists; null or absent for guests */
  user?: ShellUser | null;
  /** number of items in the cart (badge) */
  cartCount?: number;
  /** opens the side cart; without it the cart button goes to /koszyk */
  onCartClick?: () => void;
}

/**
 * Top bar (SPEC §2 Navigation). Below 768 px: menu button, logo, account, cart, and the search
 * box on its own row; the drawer repeats the links. From 768 px: logo, search, account, cart,
 * language, and a second row with the categories mega-menu, sale and premium.
 */
export const SiteHeader = memo(function SiteHeader({
  categories,
  user,
  cartCount = 0,
  onCartClick,
}: SiteHeaderProps) {
  const t = useT();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const onProducts = location.pathname === PRODUCTS_PATH;
  const saleActive = onProducts && params.get("wyprzedaz") === "tak";
  const premiumActive = onProducts && params.get("premium") === "tak";
  const navLinkClass = (active: boolean) =>
    `inline-flex min-h-10 items-center rounded-full px-4 font-medium hover:bg-stone-100 ${
      active ? "underline decoration-2 underline-offset-8" : ""
    }`;

  return (
    <header className="relative z-30 border-b border-stone-200 bg-white/95">
      <div className={`${CONTAINER} flex items-center gap-2 py-3 md:gap-4`}>
        <div className="md:hidden">
          <MobileMenu categories={categories} user={user} />
        </div>
        <Logo className="mr-auto md:mr-0" />
        <SearchBox className="mx-auto hidden max-w-xl flex-1 md:flex" />
        <div className="flex items-center gap-1">
          <LanguageSwitch className="hidden md:block" />
          <AccountLink user={user} />
          <CartButton count={cartCount} onClick={onCartClick} />
        </div>
      </div>
      <div className={`${CONTAINER} pb-3 md:hidden`}>
        <SearchBox />
      </div>
      <nav aria-label={t("nav.mainMenu")} className="hidden border-t border-stone-100 md:block">
        <ul className={`${CONTAINER} flex items-center gap-1 py-1.5`}>
          <li>
            <CategoriesMenu categories={categories} />
          </li>
          <li>
            <Link
              to={SALE_PATH}
              aria-current={saleActive ? "page" : undefined}
              className={`${navLinkClass(saleActive)} text-accent-700`}
            >
              {t("nav.sale")}
            </Link>
          </li>
          <li>
            <Link
              to={PREMIUM_PATH}
              aria-current={premiumActive ? "page" : undefined}
              className={`${navLinkClass(premiumActive)} text-stone-800`}
            >
              {t("nav.premium")}
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
});
