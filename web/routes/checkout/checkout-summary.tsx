import { formatPrice } from "../../../domain/money";
import type { CartView } from "../../../domain/types";
import { useContentLang, useT } from "../../lib/i18n";
import { CheckoutCard } from "./checkout-card";
import "../../lib/checkout-texts";

// Podsumowanie: the cart's lines, products value, delivery, RABAT, Razem and Czas realizacji, as
// the server computed them for the chosen delivery method.

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 ${strong ? "border-t border-stone-200 pt-2 text-base font-semibold" : ""}`}
    >
      <dt className={strong ? "text-stone-900" : "text-stone-600"}>{label}</dt>
      <dd className="text-right whitespace-nowrap text-stone-900">{value}</dd>
    </div>
  );
}

export function CheckoutSummary({ cart }: { cart: CartView }) {
  const t = useT();
  const contentLang = useContentLang();
  return (
    <CheckoutCard headingId="checkout-summary" title={t("checkout.summary")}>
      <ul className="mt-3 divide-y divide-stone-100 border-y border-stone-100">
        {cart.lines.map((line) => (
          <li key={line.lineId} className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 py-2.5 text-sm">
            {/* `polish` names the title only: textLang's rule inline, one import less on this first load */}
            <p
              lang={line.polish ? "pl" : undefined}
              className="min-w-0 font-medium break-words text-stone-900"
            >
              {line.productTitle}
            </p>
            <p className="text-right font-medium whitespace-nowrap text-stone-900">
              {formatPrice(line.unitPriceGrosze * line.quantity)}
            </p>
            <p className="col-span-2 text-stone-600">
              {line.variantLabel || line.variantTitle ? (
                <span lang={contentLang}>{`${line.variantLabel || line.variantTitle} · `}</span>
              ) : null}
              {t("cart.quantity")}: {line.quantity} × {formatPrice(line.unitPriceGrosze)}
            </p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1.5 text-sm" data-testid="checkout-totals">
        <Line label={t("cart.productsValue")} value={formatPrice(cart.productsGrosze)} />
        <Line
          label={t("cart.delivery")}
          value={cart.deliveryGrosze === 0 ? t("cart.freeDelivery") : formatPrice(cart.deliveryGrosze)}
        />
        {cart.couponDiscountGrosze > 0 ? (
          <Line
            label={cart.coupon ? t("cart.discountWithCode", { code: cart.coupon.code }) : t("cart.discount")}
            value={formatPrice(-cart.couponDiscountGrosze)}
          />
        ) : null}
        <Line label={t("cart.total")} value={formatPrice(cart.totalGrosze)} strong />
        <Line label={t("cart.processingTime")} value={t("common.days", { days: cart.maxProcessingTime })} />
      </dl>
    </CheckoutCard>
  );
}
