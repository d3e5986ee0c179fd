import type { Category, ProductBasic } from "../../domain/types";
import { ProductCard } from "../components/product-card";
import { categoryAndDescendantIds, findCategory, parseCategoryId } from "../lib/category-tree";
import { useT } from "../lib/i18n";
import { langFromMatches, metaTags } from "../lib/meta";
import { CONTAINER } from "../lib/site";
import type { Route } from "./+types/products";

// A first, minimal product list (the storefront issue replaces it with the filtered list of
// SPEC §2): all visible products, or those of `?kategoria=` and its subcategories.

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const categoryId = parseCategoryId(url.searchParams.get("kategoria"));
  const { catalog } = context.services;
  const [tree, all]: [Category[], ProductBasic[]] = await Promise.all([
    catalog.getCategoryTree(),
    catalog.listProductsBasic(),
  ]);
  const visible = all.filter((product) => !product.isHidden);
  let products: ProductBasic[] = visible;
  let categoryTitle: string | null = null;
  if (categoryId !== null) {
    const ids = categoryAndDescendantIds(tree, categoryId);
    categoryTitle = findCategory(tree, categoryId)?.title ?? null;
    products = visible.filter((product) => product.categories.some((id) => ids.has(id)));
  }
  return { products, categoryTitle };
}

export function meta({ matches }: Route.MetaArgs) {
  return metaTags(langFromMatches(matches), "products.title", "home.metaDescription");
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { products, categoryTitle } = loaderData;
  return (
    <div className={`${CONTAINER} py-8`}>
      <h1 className="font-serif text-3xl font-semibold text-stone-900">{t("products.title")}</h1>
      {categoryTitle ? (
        <p className="mt-1 text-stone-600">
          {t("products.chipCategory")}: {categoryTitle}
        </p>
      ) : null}
      {products.length === 0 ? (
        <p className="mt-10 rounded-xl border border-dashed border-stone-300 p-10 text-center text-stone-600">
          {t("products.empty")}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-600">{t("products.count", { count: products.length })}</p>
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
            {products.map((product, index) => (
              <li key={product._id}>
                <ProductCard product={product} eager={index < 4} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
