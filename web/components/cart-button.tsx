import { Link } from "react-router";
import { useT } from "../lib/i18n";
import { CART_PATH } from "../lib/paths";
import { BagIcon } from "./icons";

/**
 * Cart button with an item-count badge. A link to the cart screen (so it works without
 * JavaScript); with `onClick` a click opens the side cart instead (SPEC §2).
 */
export function CartButton({ count = 0, onClick }: { count?: number; onClick?: () => void }) {
  const t = useT();
  return (
    <Link
      to={CART_PATH}
      onClick={
        onClick
          ? (event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              onClick();
            }
          : undefined
      }
      aria-haspopup={onClick ? "dialog" : undefined}
      className="relative inline-flex size-10 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 hover:text-stone-900"
    >
      <BagIcon className="size-6" />
      <span className="sr-only">
        {t("nav.cart")}. {t("nav.cartItems", { count })}
      </span>
      <span
        aria-hidden="true"
        className={`absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-xs font-semibold ${
          count > 0 ? "bg-accent-600 text-white" : "bg-stone-200 text-stone-700"
        }`}
      >
        {count > 99 ? "99+" : count}
      </span>
    </Link>
  );
}
