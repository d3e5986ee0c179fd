import type { AppLoadContext } from "react-router";
import type { RestoreChange } from "../../domain/cart";
import { type Lang, translate } from "../../domain/i18n";
import type { CartView } from "../../domain/types";
import type { FlashMessage } from "./flash";
import {
  couponCookie,
  readCouponCode,
  readDeliveryMethod,
  readSavedCart,
  savedCartCookie,
} from "./shop-cookies";

// The visitor's cart for the root loader: the saved lines, coupon code and delivery method from the
// cookies, priced against the database by the cart service (only visible products with stock,
// quantities capped, variants matched by id; an invalid coupon is dropped).

export interface LoadedCart {
  cart: CartView;
  /**
   * Set-Cookie values to send with the page: the coupon cookie removed when it is no longer valid, the
   * cart cookie rewritten when restoring changed it (so each change is told once)
   */
  setCookies: string[];
  /** the saved coupon no longer qualifies (expired, used up, below its minimum) and was removed */
  couponDropped: boolean;
  /** the saved lines that are gone or were lowered to the stock since the cart was saved */
  changes: RestoreChange[];
}

export async function loadCart(request: Request, context: AppLoadContext): Promise<LoadedCart> {
  const cookie = request.headers.get("cookie");
  const { cart, couponDropped, changes, saved } = await context.services.cart.view({
    saved: readSavedCart(cookie),
    couponCode: readCouponCode(cookie),
    deliveryMethod: readDeliveryMethod(cookie),
    user: context.user,
    ip: context.ip,
    lang: context.lang,
  });
  const setCookies = [
    ...(couponDropped ? [couponCookie(null)] : []),
    ...(changes.length > 0 ? [savedCartCookie(saved)] : []),
  ];
  return { cart, setCookies, couponDropped, changes };
}

/**
 * The notice of what restoring changed (issue 25), one toast naming every changed line: "Koszyk
 * zmienił się od Twojej ostatniej wizyty: Kocyk – dostępnych jest tylko 5 szt. …". Null without changes.
 */
export function restoreChangesNotice(changes: readonly RestoreChange[], lang: Lang): FlashMessage | null {
  if (changes.length === 0) return null;
  const parts = changes.map((change) =>
    change.kind === "reduced"
      ? translate(lang, "cart.restoredReduced", { product: change.productTitle, quantity: change.to })
      : change.productTitle === null
        ? translate(lang, "cart.restoredGone")
        : translate(lang, "cart.restoredRemoved", { product: change.productTitle }),
  );
  return {
    id: "cart-changed",
    type: "info",
    key: "cart.restoredChanges",
    params: { changes: parts.join("; ") },
  };
}
