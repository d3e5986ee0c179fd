import { formatDiscountPercent } from "../../../domain/discount";
import { formatPrice } from "../../../domain/money";
import type { PriceView } from "../../../domain/pricing";
import { useLang, useT } from "../../lib/i18n";
import "../../lib/product-texts";

/**
 * The price of the chosen variant (SPEC §2 Product screen): the current price, the standard price
 * struck through with the discount percent (domain/discount.ts, the cards' rule) when they differ, and the lowest price of the last 30
 * days (from the real price history).
 */
export function PriceBox({ prices }: { prices: PriceView }) {
  const t = useT();
  const lang = useLang();
  const discounted = prices.priceGrosze < prices.standardPriceGrosze;
  return (
    <div aria-live="polite" aria-atomic="true">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="sr-only">{t("product.price")}: </span>
        <span
          data-testid="product-price"
          className={`text-3xl font-semibold ${discounted ? "text-accent-700" : "text-stone-900"}`}
        >
          {formatPrice(prices.priceGrosze)}
        </span>
        {discounted ? (
          <>
            <span className="text-lg text-stone-600">
              <span className="sr-only">{t("product.standardPrice")}: </span>
              <s>{formatPrice(prices.standardPriceGrosze)}</s>
            </span>
            <span className="rounded-full bg-accent-600 px-2.5 py-0.5 text-sm font-semibold text-white">
              {t("product.discount", { percent: formatDiscountPercent(lang, prices.discountPercent) })}
            </span>
          </>
        ) : null}
      </p>
      <p className="mt-1 text-sm text-stone-600">
        {t("product.lowestPrice30DaysValue", { price: formatPrice(prices.lowestPriceGrosze) })}
      </p>
    </div>
  );
}
