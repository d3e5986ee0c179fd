import type { Id, Product } from "../../../domain/types";
import type { WebLoadContext } from "../../lib/context";
import type { ProductCardData } from "../product-card";

/** At most this many related products are shown (the carousel pages through them). */
export const RELATED_PRODUCTS_MAX = 12;

/**
 * The visible products among a product's or an article's slides, in the slides' order, as card
 * data. Hidden and deleted products are skipped.
 */
export async function loadRelatedProducts(
  catalog: WebLoadContext["services"]["catalog"],
  ids: readonly Id[],
  exclude?: Id,
): Promise<ProductCardData[]> {
  const wanted = [...new Set(ids)].filter((id) => id !== exclude).slice(0, RELATED_PRODUCTS_MAX);
  const products = await Promise.all(wanted.map((id) => catalog.getProduct(id)));
  return products.filter((product): product is Product => product !== null).map(toCardData);
}

export function toCardData(product: Product): ProductCardData {
  return {
    _id: product._id,
    slug: product.slug,
    title: product.title,
    image: product.images[0] ?? null,
    isNew: product.isNew,
    isSale: product.isSale,
    isPremium: product.isPremium,
    thumbnail: product.thumbnail,
  };
}
