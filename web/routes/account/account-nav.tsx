import { Form, NavLink } from "react-router";
import { isShopModerator, type UserLike } from "../../../domain/roles";
import {
  ACCOUNT_ORDERS_PATH,
  ACCOUNT_PATH,
  ACCOUNT_SETTINGS_PATH,
  ACCOUNT_SHOP_PATH,
  LOGOUT_PATH,
} from "../../lib/account-paths";
import { useT } from "../../lib/i18n";
import { CONTAINER } from "../../lib/site";
import "../../lib/orders-texts";

/**
 * The account sub-bar on /konto paths (SPEC §2 Navigation): Konto, Zakupy, Sklep (shop
 * moderators only), Ustawienia, Wyloguj (a POST form, so it works without JavaScript).
 * Scrolls sideways on narrow screens.
 */
export function AccountNav({ user }: { user: UserLike }) {
  const t = useT();
  const links = [
    { to: ACCOUNT_PATH, label: t("account.navAccount"), end: true },
    { to: ACCOUNT_ORDERS_PATH, label: t("account.navOrders"), end: false },
    ...(isShopModerator(user) ? [{ to: ACCOUNT_SHOP_PATH, label: t("account.navShop"), end: false }] : []),
    { to: ACCOUNT_SETTINGS_PATH, label: t("account.navSettings"), end: false },
  ];
  const itemClass =
    "inline-flex min-h-10 items-center whitespace-nowrap rounded-full px-4 text-sm font-medium transition-colors";
  return (
    <nav aria-label={t("account.navLabel")} className="border-b border-stone-200 bg-white">
      <ul className={`${CONTAINER} scrollbar-none flex items-center gap-1 overflow-x-auto py-2`}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                `${itemClass} ${isActive ? "bg-accent-600 text-white" : "text-stone-700 hover:bg-stone-100"}`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
        <li className="ml-auto">
          <Form method="post" action={LOGOUT_PATH}>
            <button type="submit" className={`${itemClass} text-stone-700 hover:bg-stone-100`}>
              {t("account.navLogout")}
            </button>
          </Form>
        </li>
      </ul>
    </nav>
  );
}
