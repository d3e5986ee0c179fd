import { linkCategoryId } from "../../domain/slug";
import type { Id, ProductBasic } from "../../domain/types";
import { productPath } from "./paths";

// Product links from a list, apart from web/lib/paths.ts: only the pages with product cards need the
// category rule, and paths.ts is in every page's first load (docs/decisions/021-bundle-budgets.md).

/**
 * A product's link from a list of `listed` (the list's category and its descendants; empty for
 * lists without one): with `?kategoria=` when the spec's rule asks for it (domain/slug.ts).
 */
export function productPathInList(
  product: Pick<ProductBasic, "_id" | "slug"> & { categories?: readonly Id[] },
  listed: readonly Id[],
): string {
  const category = product.categories ? linkCategoryId(product.categories, listed) : null;
  return category === null ? productPath(product) : `${productPath(product)}?kategoria=${category}`;
}
