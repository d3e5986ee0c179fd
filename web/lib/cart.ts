import { useRouteLoaderData } from "react-router";
import type { MessageKey } from "../../domain/i18n";
import type { CartView } from "../../domain/types";
import type { FieldError } from "../../domain/validation/errors";
import type { loader as rootLoader } from "../root";
import { CART_PATH } from "./paths";

// The cart in the browser: the root loader's `cart` (priced on the server from the cart cookies)
// and the forms posted to the /koszyk action, which work without JavaScript and through fetchers.

/** Where every cart form posts (field `intent` says what to do). */
export const CART_ACTION = CART_PATH;

export const CART_INTENTS = ["add", "quantity", "remove", "coupon", "coupon-remove", "checkout"] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

const EMPTY_CART: CartView = {
  lines: [],
  coupon: null,
  deliveryMethod: "parcel-locker",
  itemCount: 0,
  productsGrosze: 0,
  deliveryGrosze: 0,
  couponDiscountGrosze: 0,
  totalGrosze: 0,
  missingForFreeDeliveryGrosze: 0,
  maxProcessingTime: "1-2",
};

/** The visitor's cart from the root data (an empty cart in an error page without root data). */
export function useCart(): CartView {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  return data?.cart ?? EMPTY_CART;
}

/** What the /koszyk action answers to a fetcher or a form. */
export type CartActionData =
  | { intent: CartIntent; ok: true; added?: boolean; lineId?: string }
  | {
      intent: CartIntent;
      ok: false;
      /** message key of the failure (a toast, or the text near the form) */
      error: MessageKey;
      /** field errors (the coupon code) */
      errors?: Record<string, FieldError>;
      /** what was typed (the coupon code) */
      values?: { code?: string };
    };

/** The form fields of an add-to-cart submission. */
export function addToCartFields(item: {
  productId: number;
  variantId: number | null;
  variantKeys: Readonly<Record<string, number>>;
}): Record<string, string> {
  return {
    intent: "add",
    productId: String(item.productId),
    variantId: item.variantId === null ? "" : String(item.variantId),
    variantKeys: JSON.stringify(item.variantKeys),
  };
}
