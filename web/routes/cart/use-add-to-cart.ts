import { useFetcher } from "react-router";
import type { Id } from "../../../domain/types";
import { addToCartFields, CART_ACTION, type CartActionData } from "../../lib/cart";
import { showToast } from "../../lib/toasts";
import { useCartUi } from "./cart-ui";
import { useFetcherResult } from "./use-fetcher-result";
import "../../lib/product-texts";

export interface AddToCartInput {
  productId: Id;
  variantId: Id | null;
  variantKeys: Readonly<Record<string, Id>>;
}

/**
 * Adds a product to the cart through a fetcher (intent=add on /koszyk): when it succeeded the side
 * cart opens with the new line (never on page load), with a note when the cart already held every
 * unit in stock; a failure (e.g. the product was hidden
 * meanwhile) shows its translated message as a toast. `pending` while it runs.
 */
export function useAddToCart(): { add: (item: AddToCartInput) => void; pending: boolean } {
  const fetcher = useFetcher<CartActionData>();
  const cartUi = useCartUi();
  useFetcherResult(fetcher, (result) => {
    if (!result.ok) {
      showToast({ type: "error", key: result.error });
      return;
    }
    // at the stock limit nothing more was added: say so, and show the cart as it is
    if (result.added === false) showToast({ type: "info", key: "cart.allUnitsInCart" });
    cartUi.open();
  });
  return {
    add: (item) => {
      fetcher.submit(addToCartFields(item), { method: "post", action: CART_ACTION });
    },
    pending: fetcher.state !== "idle",
  };
}
