import type { Lang } from "../../domain/i18n";
import type { Id, ProductBasic } from "../../domain/types";
import type { WebLoadContext } from "../lib/context";
import type { ProductCardData } from "./product-card";

/** At most this many related products are shown (the carousel pages through them). */
export const RELATED_PRODUCTS_MAX = 12;

/** The slides that may be shown: each once, without the product itself, at most RELATED_PRODUCTS_MAX. */
function wantedIds(ids: readonly Id[], exclude?: Id): Id[] {
  return [...new Set(ids)].filter((id) => id !== exclude).slice(0, RELATED_PRODUCTS_MAX);
}

/**
 * The visible products among a product's or an article's slides, in the slides' order, as card
 * data, from the visible products read for them (`available`). Hidden and deleted products are
 * skipped.
 */
export function pickRelatedProducts(
  ids: readonly Id[],
  available: readonly ProductBasic[],
  exclude?: Id,
): ProductCardData[] {
  const byId = new Map(available.map((product) => [product._id, product]));
  return wantedIds(ids, exclude).flatMap((id) => {
    const product = byId.get(id);
    return product ? [toCardData(product)] : [];
  });
}

/** pickRelatedProducts, reading the slides' products in one statement. */
export async function loadRelatedProducts(
  catalog: WebLoadContext["services"]["catalog"],
  ids: readonly Id[],
  lang: Lang,
  exclude?: Id,
): Promise<ProductCardData[]> {
  const wanted = wantedIds(ids, exclude);
  if (wanted.length === 0) return [];
  return pickRelatedProducts(wanted, await catalog.productsBasicByIds(wanted, lang));
}

export function toCardData(product: ProductBasic): ProductCardData {
  return {
    _id: product._id,
    slug: product.slug,
    title: product.title,
    ...(product.polish && { polish: product.polish }),
    image: product.image,
    isNew: product.isNew,
    isSale: product.isSale,
    isPremium: product.isPremium,
    thumbnail: product.thumbnail,
  };
}
