import type { CartSummary } from "../../../domain/cart-summary";
import { formatPrice } from "../../../domain/money";
import type { CartView } from "../../../domain/types";
import { useT } from "../../lib/i18n";
import "../../lib/cart-texts";

/**
 * The money rows of a cart summary (inside a <dl>), the same in the side cart and on the cart screen
 * (domain/cart-summary.ts): products, delivery (free, its price, or "od 9,99 zł" in the side cart
 * while the shopper may still choose), the code's discount and Razem.
 */
export function SummaryRows({
  cart,
  summary,
  exactDelivery = false,
}: {
  cart: Pick<CartView, "coupon">;
  summary: CartSummary;
  /** the chosen method's price as it is (the cart screen); else "od …" for the cheapest */
  exactDelivery?: boolean;
}) {
  const t = useT();
  const { delivery } = summary;
  return (
    <>
      <div className="flex justify-between gap-4">
        <dt className="text-stone-600">{t("cart.productsValue")}</dt>
        <dd className="font-medium">{formatPrice(summary.productsGrosze)}</dd>
      </div>
      {delivery.kind === "none" ? null : (
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">{t("cart.delivery")}</dt>
          <dd className="font-medium">
            {delivery.kind === "free"
              ? t("cart.freeDelivery")
              : delivery.from && !exactDelivery
                ? t("cart.deliveryFrom", { price: formatPrice(delivery.grosze) })
                : formatPrice(delivery.grosze)}
          </dd>
        </div>
      )}
      {cart.coupon && summary.couponDiscountGrosze > 0 ? (
        <div className="flex justify-between gap-4 text-emerald-800">
          <dt>{t("cart.discountWithCode", { code: cart.coupon.code })}</dt>
          <dd className="font-medium">{formatPrice(-summary.couponDiscountGrosze)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-base">
        <dt className="font-semibold">{t("cart.total")}</dt>
        <dd className="font-semibold">{formatPrice(summary.totalGrosze)}</dd>
      </div>
    </>
  );
}
