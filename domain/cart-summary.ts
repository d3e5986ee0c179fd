// The cart's summary as the shopper sees it (SPEC §2 Side cart and Cart screen, §9): one pure function
// for the side cart and the cart screen, so both show the same figures. Amounts in integer grosze.

import { DELIVERY_METHODS, deliveryPriceGrosze } from "./delivery";
import type { CartView } from "./types";

export type SummaryDelivery =
  /** nothing to deliver (an empty cart): no delivery line, nothing to pay */
  | { kind: "none" }
  /** the products total reaches the free-delivery threshold */
  | { kind: "free" }
  /**
   * the chosen method's price; `from` when it is the cheapest of the methods and another costs more
   * (the shopper still chooses at checkout: "od 9,99 zł")
   */
  | { kind: "paid"; grosze: number; from: boolean };

export interface CartSummary {
  empty: boolean;
  productsGrosze: number;
  delivery: SummaryDelivery;
  couponDiscountGrosze: number;
  /** products + delivery - discount: what the cart screen and the checkout show */
  totalGrosze: number;
  /** how much more for free delivery; 0 when it is free already or the cart is empty */
  missingForFreeDeliveryGrosze: number;
}

/** The summary of a priced cart (the root data's `cart`): an empty cart costs nothing. */
export function cartSummary(
  cart: Pick<
    CartView,
    "lines" | "deliveryMethod" | "productsGrosze" | "couponDiscountGrosze" | "missingForFreeDeliveryGrosze"
  >,
): CartSummary {
  if (cart.lines.length === 0) {
    return {
      empty: true,
      productsGrosze: 0,
      delivery: { kind: "none" },
      couponDiscountGrosze: 0,
      totalGrosze: 0,
      missingForFreeDeliveryGrosze: 0,
    };
  }
  const deliveryGrosze = deliveryPriceGrosze(cart.deliveryMethod, cart.productsGrosze);
  const cheapest = Math.min(...DELIVERY_METHODS.map((method) => method.priceGrosze));
  const dearest = Math.max(...DELIVERY_METHODS.map((method) => method.priceGrosze));
  return {
    empty: false,
    productsGrosze: cart.productsGrosze,
    delivery:
      deliveryGrosze === 0
        ? { kind: "free" }
        : { kind: "paid", grosze: deliveryGrosze, from: deliveryGrosze === cheapest && dearest > cheapest },
    couponDiscountGrosze: cart.couponDiscountGrosze,
    totalGrosze: cart.productsGrosze + deliveryGrosze - cart.couponDiscountGrosze,
    missingForFreeDeliveryGrosze: deliveryGrosze === 0 ? 0 : cart.missingForFreeDeliveryGrosze,
  };
}
