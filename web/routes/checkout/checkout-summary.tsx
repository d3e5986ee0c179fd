import { formatPrice } from "../../../domain/money";
import type { CartView } from "../../../domain/types";
import { OrderLineItem, SummaryLine } from "../../components/order-lines";
import { useT } from "../../lib/i18n";
import { CheckoutCard } from "./checkout-card";
import "../../lib/checkout-texts";

// Podsumowanie: the cart's lines, products value, delivery, RABAT, Razem and Czas realizacji, as
// the server computed them for the chosen delivery method.

export function CheckoutSummary({ cart }: { cart: CartView }) {
  const t = useT();
  return (
    <CheckoutCard headingId="checkout-summary" title={t("checkout.summary")}>
      <ul className="mt-3 divide-y divide-stone-100 border-y border-stone-100">
        {cart.lines.map((line) => (
          <OrderLineItem
            key={line.lineId}
            title={line.productTitle}
            variant={line.variantLabel || line.variantTitle}
            quantityLabel={t("cart.quantity")}
            quantity={line.quantity}
            unitPriceGrosze={line.unitPriceGrosze}
            totalGrosze={line.unitPriceGrosze * line.quantity}
            breakTitle
          />
        ))}
      </ul>
      <dl className="mt-3 space-y-1.5 text-sm" data-testid="checkout-totals">
        <SummaryLine label={t("cart.productsValue")} value={formatPrice(cart.productsGrosze)} />
        <SummaryLine
          label={t("cart.delivery")}
          value={cart.deliveryGrosze === 0 ? t("cart.freeDelivery") : formatPrice(cart.deliveryGrosze)}
        />
        {cart.couponDiscountGrosze > 0 ? (
          <SummaryLine
            label={cart.coupon ? t("cart.discountWithCode", { code: cart.coupon.code }) : t("cart.discount")}
            value={formatPrice(-cart.couponDiscountGrosze)}
          />
        ) : null}
        <SummaryLine label={t("cart.total")} value={formatPrice(cart.totalGrosze)} strong />
        <SummaryLine
          label={t("cart.processingTime")}
          value={t("common.days", { days: cart.maxProcessingTime })}
        />
      </dl>
    </CheckoutCard>
  );
}
