import type { Id } from "../../../domain/types";
import type { Selection } from "../../../domain/variants";
import { BagIcon } from "../../components/icons";
import { Spinner } from "../../components/spinner";
import { addToCartFields, CART_ACTION } from "../../lib/cart";
import { useT } from "../../lib/i18n";
import { CART_PATH } from "../../lib/paths";
import { NoScriptReturn } from "../cart/no-script-return";
import "../../lib/product-texts";

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
 * without variants) is out of stock. A form posting intent=add to /koszyk, so it works without
 * JavaScript; with `onAddToCart` (a fetcher, see useAddToCart) the page stays and shows `pending`.
 */
export function AddToCartButton({
  item,
  enabled,
  onAddToCart,
  pending = false,
}: {
  item: AddToCartItem;
  enabled: boolean;
  onAddToCart?: (item: AddToCartItem) => void;
  pending?: boolean;
}) {
  const t = useT();
  const fields = addToCartFields({
    productId: item.product,
    variantId: item.variant,
    variantKeys: item.variantKeys,
  });
  return (
    <form
      method="post"
      action={CART_ACTION}
      onSubmit={(event) => {
        if (!onAddToCart) return;
        event.preventDefault();
        if (enabled && !pending) onAddToCart(item);
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <NoScriptReturn to={CART_PATH} />
      <button
        type="submit"
        disabled={!enabled}
        aria-busy={pending || undefined}
        className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-accent-600 px-8 py-3 text-lg font-semibold text-white shadow-sm hover:bg-accent-700 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600 disabled:shadow-none aria-busy:cursor-wait aria-busy:opacity-80 sm:w-auto"
      >
        {pending ? <Spinner className="size-5" /> : <BagIcon className="size-5" />}
        {t("product.addToCart")}
      </button>
    </form>
  );
}
