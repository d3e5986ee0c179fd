import type { Id } from "../../../domain/types";
import type { Selection } from "../../../domain/variants";
import { useT } from "../../lib/i18n";
import { BagIcon } from "../icons";

/** What the cart receives when a shopper adds the product (SPEC §3 cart item, §4 Cart). */
export interface AddToCartItem {
  product: Id;
  /** the selected variant, or null for a product without variants */
  variant: Id | null;
  /** field id -> option id of every field, price-changing or not */
  variantKeys: Selection;
}

/**
 * The add-to-cart button: disabled when the product is hidden or the chosen variant (or the product
 * without variants) is out of stock. The cart arrives with the checkout issue, which passes
 * `onAddToCart`; until then the button does nothing.
 */
export function AddToCartButton({
  item,
  enabled,
  onAddToCart,
}: {
  item: AddToCartItem;
  enabled: boolean;
  onAddToCart?: (item: AddToCartItem) => void;
}) {
  const t = useT();
  return (
    <button
      type="button"
      disabled={!enabled}
      onClick={() => onAddToCart?.(item)}
      className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-accent-600 px-8 py-3 text-lg font-semibold text-white shadow-sm hover:bg-accent-700 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600 disabled:shadow-none sm:w-auto"
    >
      <BagIcon className="size-5" />
      {t("product.addToCart")}
    </button>
  );
}
