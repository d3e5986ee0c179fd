import { Carousel } from "./carousel";
import { ProductCard, type ProductCardData } from "./product-card";

/** Product carousel: 4 cards above 1200 px, 3 above 992, 2 above 576, else 1 (SPEC §2). */
export const PRODUCT_CAROUSEL_COLUMNS =
  "auto-cols-[100%] min-[576px]:auto-cols-[calc((100%-1rem)/2)] min-[992px]:auto-cols-[calc((100%-2rem)/3)] min-[1200px]:auto-cols-[calc((100%-3rem)/4)]";

export function ProductCarousel({
  label,
  products,
}: {
  label: string;
  products: readonly ProductCardData[];
}) {
  return (
    <Carousel
      label={label}
      columnsClassName={`${PRODUCT_CAROUSEL_COLUMNS} pb-1`}
      slides={products.map((product) => ({ key: product._id, content: <ProductCard product={product} /> }))}
    />
  );
}
