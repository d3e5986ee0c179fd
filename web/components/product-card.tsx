import { memo } from "react";
import { Link } from "react-router";
import { textLang } from "../../domain/content-language";
import { formatDiscountPercent } from "../../domain/discount";
import type { Id, ProductBasic } from "../../domain/types";
import { useLang, useT } from "../lib/i18n";
import { productPathInList } from "../lib/list-paths";
import { ProductPrice } from "./product-price";
import { ResponsiveImage } from "./responsive-image";

export type ProductCardData = Pick<
  ProductBasic,
  "_id" | "slug" | "title" | "polish" | "image" | "isNew" | "isSale" | "isPremium" | "thumbnail"
> & {
  /** the product list's cards have them (for ?kategoria=); carousels (no current category) do not */
  categories?: readonly Id[];
};

/** Product thumbnail for lists and carousels: image, badges, title and price, linking to the product. */
/**
 * The card's width in the product list (web/routes/products/products.tsx): 2 columns, 3 from 768 px, 4 from
 * 1280 px beside the 16rem filters (from 1024 px), in the 1340 px container.
 */
export const PRODUCT_GRID_SIZES =
  "(min-width: 1340px) 240px, (min-width: 1280px) calc((100vw - 392px) / 4), (min-width: 1024px) calc((100vw - 376px) / 3), (min-width: 768px) calc((100vw - 80px) / 3), calc((100vw - 44px) / 2)";

const NO_CATEGORIES: readonly Id[] = [];

export const ProductCard = memo(function ProductCard({
  product,
  eager = false,
  priority = false,
  sizes = PRODUCT_GRID_SIZES,
  listedCategories = NO_CATEGORIES,
}: {
  product: ProductCardData;
  /** in the first screen: loaded at once */
  eager?: boolean;
  /** the page's largest picture (ResponsiveImage `priority`): high priority, preloaded */
  priority?: boolean;
  /** the card's rendered width (`sizes` of its picture) where it is placed */
  sizes?: string;
  /** the list's category and its descendants: the link keeps the category (SPEC §2 ?kategoria=) */
  listedCategories?: readonly Id[];
}) {
  const t = useT();
  const lang = useLang();
  const unavailable = product.thumbnail.totalQuantity <= 0;
  const discount = product.thumbnail.discountPercent;
  const image = product.image;
  return (
    <article
      data-unavailable={unavailable ? "true" : undefined}
      // .card and the other card-* classes: web/app.css (one component instead of ~30 long class lists)
      className="group card"
    >
      <div className="card-media">
        {image ? (
          <ResponsiveImage
            src={image.thumb_url || image.url}
            sizes={sizes}
            alt={product.title}
            width={400}
            height={400}
            eager={eager}
            priority={priority}
            className={
              // out of stock: the photo is dimmed; texts keep their contrast (WCAG 1.4.3)
              unavailable ? "card-img opacity-50 grayscale" : "card-img"
            }
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex size-full items-center justify-center text-5xl text-stone-300"
          >
            ✂
          </div>
        )}
        <ul className="card-badges">
          {discount > 0 ? (
            <li className="bg-accent-600 text-white">
              {t("product.discount", { percent: formatDiscountPercent(lang, discount) })}
            </li>
          ) : product.isSale ? (
            <li className="bg-accent-600 text-white">{t("product.badgeSale")}</li>
          ) : null}
          {product.isNew ? <li className="bg-emerald-700 text-white">{t("product.badgeNew")}</li> : null}
          {product.isPremium ? (
            <li className="bg-stone-800 text-amber-100">{t("product.badgePremium")}</li>
          ) : null}
        </ul>
      </div>
      <div className="card-body">
        <h3 className="card-title">
          <Link
            to={productPathInList(product, listedCategories)}
            lang={textLang(product, "title")}
            className="card-link"
          >
            {product.title}
          </Link>
        </h3>
        <div className="card-foot">
          <ProductPrice thumbnail={product.thumbnail} />
          {unavailable ? <span className="text-xs text-stone-600">{t("products.unavailable")}</span> : null}
        </div>
      </div>
    </article>
  );
});
