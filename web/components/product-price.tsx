import { formatPrice } from "../../domain/money";
import type { ProductThumbnail } from "../../domain/types";
import { useT } from "../lib/i18n";

/** Current price, with the standard price struck through when the product is discounted. */
export function ProductPrice({
  thumbnail,
  className = "",
}: {
  thumbnail: Pick<ProductThumbnail, "priceGrosze" | "standardPriceGrosze">;
  className?: string;
}) {
  const t = useT();
  const discounted = thumbnail.priceGrosze < thumbnail.standardPriceGrosze;
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className={`font-semibold ${discounted ? "text-accent-700" : "text-stone-900"}`}>
        {formatPrice(thumbnail.priceGrosze)}
      </span>
      {discounted ? (
        <span className="text-sm text-stone-600">
          <span className="sr-only">{t("product.standardPrice")}: </span>
          <s>{formatPrice(thumbnail.standardPriceGrosze)}</s>
        </span>
      ) : null}
    </p>
  );
}
