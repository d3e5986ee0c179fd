import { Link } from "react-router";
import type { ProductBasic } from "../../domain/types";
import { useT } from "../lib/i18n";
import { productPath } from "../lib/paths";
import { ProductPrice } from "./product-price";
import { ResponsiveImage } from "./responsive-image";

export type ProductCardData = Pick<
  ProductBasic,
  "_id" | "slug" | "title" | "image" | "isNew" | "isSale" | "isPremium" | "thumbnail"
>;

/** Product thumbnail for lists and carousels: image, badges, title and price, linking to the product. */
/**
 * The card's width in the product list (web/routes/products.tsx): 2 columns, 3 from 768 px, 4 from
 * 1280 px beside the 16rem filters (from 1024 px), in the 1340 px container.
 */
export const PRODUCT_GRID_SIZES =
  "(min-width: 1340px) 240px, (min-width: 1280px) calc((100vw - 392px) / 4), (min-width: 1024px) calc((100vw - 376px) / 3), (min-width: 768px) calc((100vw - 80px) / 3), calc((100vw - 44px) / 2)";

export function ProductCard({
  product,
  eager = false,
  priority = false,
  sizes = PRODUCT_GRID_SIZES,
}: {
  product: ProductCardData;
  /** in the first screen: loaded at once */
  eager?: boolean;
  /** the page's largest picture (ResponsiveImage `priority`): high priority, preloaded */
  priority?: boolean;
  /** the card's rendered width (`sizes` of its picture) where it is placed */
  sizes?: string;
}) {
  const t = useT();
  const unavailable = product.thumbnail.totalQuantity <= 0;
  const discount = product.thumbnail.discountPercent;
  const image = product.image;
  return (
    <article
      data-unavailable={unavailable ? "true" : undefined}
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:-outline-offset-2 has-[a:focus-visible]:outline-accent-600"
    >
      <div className="relative aspect-square overflow-hidden bg-stone-100">
        {image ? (
          <ResponsiveImage
            src={image.thumb_url || image.url}
            sizes={sizes}
            alt={product.title}
            width={400}
            height={400}
            eager={eager}
            priority={priority}
            className={`size-full object-cover transition-transform duration-300 group-hover:scale-105 ${
              // out of stock: the photo is dimmed; texts keep their contrast (WCAG 1.4.3)
              unavailable ? "opacity-50 grayscale" : ""
            }`}
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex size-full items-center justify-center text-5xl text-stone-300"
          >
            ✂
          </div>
        )}
        <ul className="absolute top-2 left-2 flex flex-wrap gap-1 text-xs font-semibold">
          {discount > 0 ? (
            <li className="rounded-full bg-accent-600 px-2 py-0.5 text-white">
              {t("product.discount", { percent: Math.round(discount) })}
            </li>
          ) : product.isSale ? (
            <li className="rounded-full bg-accent-600 px-2 py-0.5 text-white">{t("product.badgeSale")}</li>
          ) : null}
          {product.isNew ? (
            <li className="rounded-full bg-emerald-700 px-2 py-0.5 text-white">{t("product.badgeNew")}</li>
          ) : null}
          {product.isPremium ? (
            <li className="rounded-full bg-stone-800 px-2 py-0.5 text-amber-100">
              {t("product.badgePremium")}
            </li>
          ) : null}
        </ul>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="line-clamp-2 text-sm font-medium text-stone-800 sm:text-base">
          <Link
            to={productPath(product)}
            className="rounded-sm after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {product.title}
          </Link>
        </h3>
        <div className="mt-auto flex flex-wrap items-baseline justify-between gap-x-2">
          <ProductPrice thumbnail={product.thumbnail} />
          {unavailable ? <span className="text-xs text-stone-600">{t("products.unavailable")}</span> : null}
        </div>
      </div>
    </article>
  );
}
