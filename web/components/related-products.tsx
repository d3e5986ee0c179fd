import { useContentLang } from "../lib/i18n";
import type { ProductCardData } from "./product-card";
import { ProductCarousel } from "./product-carousel";

/**
 * Optional related-products carousel of a product or blog article (SPEC §2, hasSlides): its own
 * title (slidesTitle, else the given default) and description, then the product carousel
 * (4 / 3 / 2 / 1 cards above 1200 / 992 / 576 px and below).
 */
export function RelatedProducts({
  title,
  contentTitle = false,
  description,
  products,
}: {
  title: string;
  /** the title is the product's own (staff wrote it), not the shop's default */
  contentTitle?: boolean;
  description?: string;
  products: readonly ProductCardData[];
}) {
  const contentLang = useContentLang();
  if (products.length === 0) return null;
  return (
    // the carousel itself is the region (named by the title); this only adds the visible heading
    <div className="mt-14">
      <h2
        lang={contentTitle ? contentLang : undefined}
        className="font-serif text-2xl font-semibold text-stone-900"
      >
        {title}
      </h2>
      {description ? (
        <p lang={contentLang} className="mt-1 text-stone-600">
          {description}
        </p>
      ) : null}
      <div className="mt-4">
        <ProductCarousel label={title} products={products} />
      </div>
    </div>
  );
}
