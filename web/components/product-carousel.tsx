import { Carousel } from "./carousel";
import { ProductCard, type ProductCardData } from "./product-card";

/** Product carousel: 4 cards above 1200 px, 3 above 992, 2 above 576, else 1 (SPEC §2). */
export const PRODUCT_CAROUSEL_COLUMNS =
  "auto-cols-[100%] min-[576px]:auto-cols-[calc((100%-1rem)/2)] min-[992px]:auto-cols-[calc((100%-2rem)/3)] min-[1200px]:auto-cols-[calc((100%-3rem)/4)]";

/** The card's width for those columns in the 1340 px container (`sizes` of its picture). */
const PRODUCT_CAROUSEL_SIZES =
  "(min-width: 1340px) 311px, (min-width: 1200px) calc((100vw - 96px) / 4), (min-width: 992px) calc((100vw - 80px) / 3), (min-width: 576px) calc((100vw - 48px) / 2), calc(100vw - 32px)";

/** The most cards one view shows (4 above 1200 px): a first view's cards. */
export const PRODUCT_CAROUSEL_MAX_COLUMNS = 4;

export function ProductCarousel({
  label,
  products,
  aboveFold = false,
}: {
  label: string;
  products: readonly ProductCardData[];
  /**
   * The carousel is in the page's first screen (the home page's first strip): the cards of its
   * first view load at once, and the first card, which is a phone's largest picture (one card per
   * view, wider than the banner is tall), at high priority and preloaded. Later cards stay lazy.
   */
  aboveFold?: boolean;
}) {
  return (
    <Carousel
      label={label}
      columnsClassName={`${PRODUCT_CAROUSEL_COLUMNS} pb-1`}
      slides={products.map((product, index) => ({
        key: product._id,
        content: (
          <ProductCard
            product={product}
            sizes={PRODUCT_CAROUSEL_SIZES}
            priority={aboveFold && index === 0}
            eager={aboveFold && index < PRODUCT_CAROUSEL_MAX_COLUMNS}
          />
        ),
      }))}
    />
  );
}
