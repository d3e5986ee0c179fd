import { Link } from "react-router";
import { useContentLang, useT } from "../../lib/i18n";
import { PRODUCTS_PATH } from "../../lib/paths";
import "../../lib/product-texts";

/**
 * The product's hash tags (each searches the shop for it) and its badges (new, sale, premium), under
 * its title: static for the page, so their code loads while the rest hydrates (web/routes/product/product.tsx).
 */
export function ProductLabels({
  tags,
  isNew,
  isSale,
  isPremium,
}: {
  tags: readonly string[];
  isNew: boolean;
  isSale: boolean;
  isPremium: boolean;
}) {
  const t = useT();
  const contentLang = useContentLang();
  return (
    <>
      {tags.length > 0 ? (
        <ul aria-label={t("product.tags")} className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
          {tags.map((tag) => (
            <li key={tag} lang={contentLang}>
              <Link
                to={`${PRODUCTS_PATH}?szukaj=${encodeURIComponent(tag)}`}
                className="font-medium text-accent-700 underline-offset-4 hover:underline"
              >
                #{tag}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {isNew || isSale || isPremium ? (
        <ul className="mt-3 flex flex-wrap gap-2 text-sm font-semibold">
          {isNew ? (
            <li className="rounded-full bg-emerald-700 px-3 py-1 text-white">{t("product.badgeNew")}</li>
          ) : null}
          {isSale ? (
            <li className="rounded-full bg-accent-600 px-3 py-1 text-white">{t("product.badgeSale")}</li>
          ) : null}
          {isPremium ? (
            <li className="rounded-full bg-stone-800 px-3 py-1 text-amber-100">
              {t("product.badgePremium")}
            </li>
          ) : null}
        </ul>
      ) : null}
    </>
  );
}
