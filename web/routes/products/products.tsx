import { useMemo } from "react";
import { useNavigation, useRouteLoaderData } from "react-router";
import { pathInLanguage } from "../../../domain/content-language";
import { translate } from "../../../domain/i18n";
import type { MenuCategory } from "../../../domain/types";
import { parseForm } from "../../../domain/validation/errors";
import { priceFilterSchema } from "../../../domain/validation/price-filter";
import { parseProductQuery, productListHref } from "../../../domain/validation/product-query";
import { ProductCard } from "../../components/product-card";
import { useT } from "../../lib/i18n";
import { PRODUCTS_PATH } from "../../lib/paths";
import { absoluteUrl, rootFromMatches, seoMeta } from "../../lib/seo";
import { CONTAINER } from "../../lib/site";
import type { loader as rootLoader } from "../../root";
import type { Route } from "./+types/products";
import { FilterChips } from "./filter-chips";
import { FiltersPanels } from "./filters-panels";
import { categorySubtreeIds, categoryTrail, pageCountOf } from "./model";
import { Pagination } from "./pagination";
import { SortControls } from "./sort-controls";
import "../../lib/products-texts";

// /produkty (SPEC §2 product list): every filter of the query (kategoria, szukaj, flags, price,
// order, page) is read from the address on load and on every change; links and GET forms change
// the address. Filtering, search, ordering and paging happen in the database
// (catalog.searchProducts); the page gets one page of basic products.

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = parseProductQuery(params);
  // the price inputs as typed: kept in the form, with field errors when they make no sense
  const priceInput = { minCena: params.get("minCena") ?? "", maxCena: params.get("maxCena") ?? "" };
  const price = parseForm(priceFilterSchema, priceInput);
  const listed = price.ok ? query : { ...query, minCenaGrosze: null, maxCenaGrosze: null };
  const page = await context.services.catalog.searchProducts(listed, context.lang);
  return { query: listed, page, priceInput, priceErrors: price.ok ? null : price.errors };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  const rootData = matches.find((match) => match?.id === "root")?.data as
    | { categories?: MenuCategory[] }
    | undefined;
  if (!loaderData)
    return seoMeta({ root, title: translate(root.lang, "products.title"), path: PRODUCTS_PATH });
  const { query, page } = loaderData;
  const category =
    query.kategoria === null ? undefined : categoryTrail(rootData?.categories ?? [], query.kategoria).at(-1);
  const title = category
    ? translate(root.lang, "products.titleInCategory", { category: category.title })
    : translate(root.lang, "products.title");
  const pageCount = pageCountOf(page.total, page.pageSize);
  const withPage = (number: number) => productListHref({ ...query, strona: number });
  // the neighbouring pages in the page's language (docs/decisions/078)
  const pageUrl = (number: number) =>
    absoluteUrl(root.publicUrl, pathInLanguage(withPage(number), root.lang));
  const tags = seoMeta({
    root,
    title:
      page.page > 1
        ? `${title} – ${translate(root.lang, "products.pageOf", { page: page.page, pages: pageCount })}`
        : title,
    description: translate(root.lang, "products.metaDescription"),
    path: withPage(page.page),
    // search results and price ranges are not pages of their own for search engines
    noindex: query.szukaj !== "" || query.minCenaGrosze !== null || query.maxCenaGrosze !== null,
  });
  if (page.page > 1) tags.push({ tagName: "link", rel: "prev", href: pageUrl(page.page - 1) });
  if (page.page < pageCount) {
    tags.push({ tagName: "link", rel: "next", href: pageUrl(page.page + 1) });
  }
  return tags;
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { query, page, priceInput, priceErrors } = loaderData;
  const tree = useRouteLoaderData<typeof rootLoader>("root")?.categories ?? [];
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === PRODUCTS_PATH;
  const pageCount = pageCountOf(page.total, page.pageSize);
  const listedCategories = useMemo(() => categorySubtreeIds(tree, query.kategoria), [tree, query.kategoria]);
  return (
    <div className={`${CONTAINER} py-6 sm:py-8`}>
      <h1 className="font-serif text-3xl font-semibold text-stone-900">{t("products.title")}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10">
        <FiltersPanels query={query} tree={tree} priceInput={priceInput} priceErrors={priceErrors} />
        <section aria-labelledby="product-list-heading" aria-busy={busy} className="min-w-0">
          <h2 id="product-list-heading" className="sr-only">
            {t("products.results")}
          </h2>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p role="status" className="text-sm text-stone-600">
              {t("products.count", { count: page.total })}
            </p>
            <SortControls query={query} />
          </div>
          <div className="mt-3">
            <FilterChips query={query} tree={tree} />
          </div>
          <div className={`transition-opacity ${busy ? "opacity-60" : ""}`}>
            {page.items.length === 0 ? (
              <p className="mt-8 rounded-xl border border-dashed border-stone-300 p-10 text-center text-stone-600">
                {t("products.empty")}
              </p>
            ) : (
              <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4">
                {page.items.map((product, index) => (
                  <li key={product._id}>
                    <ProductCard product={product} eager={index < 4} listedCategories={listedCategories} />
                  </li>
                ))}
              </ul>
            )}
            <Pagination query={query} page={page.page} pageCount={pageCount} />
          </div>
        </section>
      </div>
    </div>
  );
}
