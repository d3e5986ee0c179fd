import { useEffect, useMemo, useState } from "react";
import { data, Link, redirect, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { translate } from "../../domain/i18n";
import { groszeToDecimalString } from "../../domain/money";
import { isShopModerator } from "../../domain/roles";
import { htmlToText } from "../../domain/seo";
import { parseIdFromParam } from "../../domain/slug";
import type { Id } from "../../domain/types";
import { selectOption } from "../../domain/variants";
import { useAddToCart } from "../components/cart/use-add-to-cart";
import { ShieldIcon, TruckIcon } from "../components/icons";
import { AddToCartButton } from "../components/product/add-to-cart-button";
import type { Crumb } from "../components/product/breadcrumbs";
import { PriceBox } from "../components/product/price-box";
import { ProductGallery } from "../components/product/product-gallery";
import { ProductOptions } from "../components/product/product-options";
import {
  breadcrumbCategoryId,
  categoryTrail,
  OPTION_PARAM_PREFIX,
  onlyOptionsChanged,
  productFields,
  productView,
  searchWithSelection,
  selectionFromSearch,
} from "../components/product/product-view";
import { pickRelatedProducts } from "../components/product/related.server";
import { StockStatus } from "../components/product/stock-status";
import { parseCategoryId } from "../lib/category-tree";
import { useT } from "../lib/i18n";
import { lazyInBrowser } from "../lib/lazy-in-browser";
import { pageTitle } from "../lib/meta";
import { categoryPath, PRODUCTS_PATH, productPath } from "../lib/paths";
import { absoluteUrl, breadcrumbJsonLd, type JsonLd, rootFromMatches, seoMeta } from "../lib/seo";
import { CONTAINER } from "../lib/site";
import type { Route } from "./+types/product";
import "../lib/product-texts";

// the related products' carousel is below the content: its code loads while the rest hydrates
// (the server renders it in place, web/lib/lazy-in-browser.ts)
const RelatedProducts = lazyInBrowser(
  () => import("../components/related-products"),
  (m) => m.RelatedProducts,
);

// /produkt/{id}-{slug} (SPEC §2 Product screen). The id is the part before the first dash; any other
// slug answers 301 with the canonical address. Hidden products are 404 for the public (moderators
// preview them). The chosen options live in the address (?opcja-{fieldId}={optionId}).

// Below the fold, for moderators only, static for the page (the breadcrumb, the social proof) or
// for an error only: the browser loads their code while it hydrates the rest of the page (the
// server renders them in place, web/lib/lazy-in-browser.ts; docs/decisions/021-bundle-budgets.md)
const Breadcrumbs = lazyInBrowser(
  () => import("../components/product/breadcrumbs"),
  (m) => m.Breadcrumbs,
);
const SocialProof = lazyInBrowser(
  () => import("../components/product/social-proof"),
  (m) => m.SocialProof,
);
const RouteErrorView = lazyInBrowser(
  () => import("../components/product/not-found"),
  (m) => m.RouteErrorView,
);
const HtmlContent = lazyInBrowser(
  () => import("../components/html-content"),
  (m) => m.HtmlContent,
);
const ModeratorLinks = lazyInBrowser(
  () => import("../components/product/moderator-links"),
  (m) => m.ModeratorLinks,
);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseIdFromParam(params.idSlug);
  if (id === null) throw data(null, { status: 404 });
  const moderator = isShopModerator(context.user);
  const { catalog, productActivity } = context.services;
  // the product, its related products, the fields and the categories: one statement
  const page = await catalog.productPage(id, { includeHidden: moderator });
  if (!page) throw data(null, { status: 404 });
  const { product } = page;

  const url = new URL(request.url);
  const canonical = productPath(product);
  if (params.idSlug !== `${product._id}-${product.slug}`) {
    throw redirect(`${canonical}${url.search}`, 301);
  }

  const socialProof = await productActivity.socialProof(product._id);
  const categoryId = breadcrumbCategoryId(product, parseCategoryId(url.searchParams.get("kategoria")));
  return {
    product,
    fields: productFields(product, page.fields),
    categoryTrail: categoryTrail(page.categories, categoryId),
    related: product.hasSlides ? pickRelatedProducts(product.slides, page.related, product._id) : [],
    socialProof,
    moderator,
  };
}

// Choosing an option only rewrites ?opcja-…: everything it changes is computed in the browser.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formAction && onlyOptionsChanged(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

function breadcrumbItems(
  loaderData: LoaderData,
  lang: Parameters<typeof translate>[0],
): (Crumb & { path: string })[] {
  return [
    { name: translate(lang, "nav.home"), to: "/", path: "/" },
    { name: translate(lang, "products.title"), to: PRODUCTS_PATH, path: PRODUCTS_PATH },
    ...loaderData.categoryTrail.map((category) => ({
      name: category.title,
      to: categoryPath(category._id),
      path: categoryPath(category._id),
    })),
    { name: loaderData.product.title, path: productPath(loaderData.product) },
  ];
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  if (!loaderData) {
    return [
      { title: pageTitle(translate(root.lang, "product.notFound")) },
      { name: "robots", content: "noindex" },
    ];
  }
  const { product, fields } = loaderData;
  const path = productPath(product);
  const view = productView(
    product,
    fields,
    selectionFromSearch(fields, product.variants, new URLSearchParams(location.search)),
  );
  const productLd: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    sku: String(product._id),
    description: htmlToText(product.description),
    image: product.images.map((image) => absoluteUrl(root.publicUrl, image.url)),
    offers: {
      "@type": "Offer",
      url: absoluteUrl(root.publicUrl, path),
      price: groszeToDecimalString(view.prices.priceGrosze),
      priceCurrency: "PLN",
      availability: view.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
  const crumbs = breadcrumbItems(loaderData, root.lang).map(({ name, path: itemPath }) => ({
    name,
    path: itemPath,
  }));
  return seoMeta({
    root,
    title: product.title,
    description: product.description,
    path,
    image: product.images[0]?.url ?? null,
    type: "product",
    jsonLd: [productLd, breadcrumbJsonLd(root.publicUrl, crumbs)],
    noindex: product.isHidden,
  });
}

export default function ProductScreen({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { product, fields, related, socialProof, moderator } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const fromAddress = useMemo(
    () => selectionFromSearch(fields, product.variants, searchParams),
    [fields, product.variants, searchParams],
  );
  // the choice shows at once; the address follows (and wins again on back/forward)
  const [selection, setSelection] = useState(fromAddress);
  useEffect(() => setSelection(fromAddress), [fromAddress]);
  const view = productView(product, fields, selection);
  const addToCart = useAddToCart();

  // Count this view for the social-proof figures (browsers only; the page itself stays cacheable).
  useEffect(() => {
    if (product.isHidden) return;
    fetch(`/api/shops/products/${product._id}/views`, { method: "POST", keepalive: true }).catch(() => {});
  }, [product._id, product.isHidden]);

  const onSelect = (fieldId: Id, optionId: Id) => {
    const next = selectOption(fields, selection, fieldId, optionId);
    setSelection(next);
    setSearchParams(searchWithSelection(searchParams, next), { replace: true, preventScrollReset: true });
  };
  const keepParams = Object.fromEntries(
    [...searchParams.entries()].filter(([name]) => !name.startsWith(OPTION_PARAM_PREFIX)),
  );

  // the breadcrumb and the moderator links load lazily (web/lib/lazy-in-browser.ts): props that
  // keep their identity, so re-rendering the page before their code is there leaves them alone
  const homeLabel = t("nav.home");
  const productsLabel = t("products.title");
  const addSimilarLabel = t("product.addSimilar");
  const editLabel = t("product.edit");
  const { categoryTrail: trail } = loaderData;
  const crumbs: Crumb[] = useMemo(
    () => [
      { name: homeLabel, to: "/" },
      { name: productsLabel, to: PRODUCTS_PATH },
      ...trail.map((category) => ({ name: category.title, to: categoryPath(category._id) })),
      { name: product.title },
    ],
    [homeLabel, productsLabel, trail, product.title],
  );
  const moderatorLinks = useMemo(
    () => [
      { to: `/konto/sklep/produkty/dodaj?kopiuj=${product._id}`, label: addSimilarLabel },
      { to: `/konto/sklep/produkty/edytuj/${product._id}`, label: editLabel },
    ],
    [product._id, addSimilarLabel, editLabel],
  );

  return (
    <div className={`${CONTAINER} py-6`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Breadcrumbs items={crumbs} />
        {moderator ? <ModeratorLinks links={moderatorLinks} /> : null}
      </div>
      {product.isHidden ? (
        <p
          role="status"
          className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
        >
          {t("product.hiddenNotice")}
        </p>
      ) : null}

      <div className="mt-5 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <div className="lg:sticky lg:top-4 lg:self-start">
          <ProductGallery images={product.images} title={product.title} />
        </div>

        <div className="min-w-0 space-y-6">
          <div>
            <h1 className="font-serif text-3xl font-semibold text-stone-900 sm:text-4xl">{product.title}</h1>
            {product.tags.length > 0 ? (
              <ul aria-label={t("product.tags")} className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
                {product.tags.map((tag) => (
                  <li key={tag}>
                    <Link
                      to={`${PRODUCTS_PATH}?szukaj=${encodeURIComponent(tag)}`}
                      className="font-medium text-accent-700 underline-offset-4 hover:underline"
                    >
                      #{tag}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
            <Badges isNew={product.isNew} isSale={product.isSale} isPremium={product.isPremium} />
          </div>

          <PriceBox prices={view.prices} />
          <SocialProof viewers={socialProof.viewers} purchases={socialProof.purchases} />
          <ProductOptions fields={fields} selection={selection} onSelect={onSelect} keepParams={keepParams} />

          <ul className="space-y-2.5 rounded-2xl border border-stone-200 bg-white p-4 text-sm sm:text-base">
            <li className="flex items-center gap-3">
              <ShieldIcon className="size-5 shrink-0 text-accent-700" />
              {t("product.securePayment")}
            </li>
            <li className="flex items-center gap-3">
              <TruckIcon className="size-5 shrink-0 text-accent-700" />
              <span>
                {t("product.processingTime")}:{" "}
                <strong className="font-semibold">
                  {t("common.days", { days: product.processingTime })}
                </strong>
              </span>
            </li>
            <li className="flex items-center gap-3" aria-live="polite">
              <span aria-hidden="true" className="inline-block size-5 shrink-0" />
              <span>
                {t("product.availability")}: <StockStatus level={view.level} />
              </span>
            </li>
          </ul>

          <AddToCartButton
            enabled={view.canAddToCart}
            item={{ product: product._id, variant: view.variant?._id ?? null, variantKeys: selection }}
            pending={addToCart.pending}
            onAddToCart={(item) =>
              addToCart.add({
                productId: item.product,
                variantId: item.variant,
                variantKeys: item.variantKeys,
              })
            }
          />
        </div>
      </div>

      {product.description ? (
        <section aria-labelledby="product-description" className="mt-12 max-w-3xl">
          <h2 id="product-description" className="font-serif text-2xl font-semibold text-stone-900">
            {t("product.description")}
          </h2>
          <HtmlContent html={product.description} className="mt-4" />
        </section>
      ) : null}

      {product.hasSlides ? (
        <RelatedProducts
          title={product.slidesTitle || t("product.relatedProducts")}
          description={product.slidesDescription}
          products={related}
        />
      ) : null}
    </div>
  );
}

function Badges({ isNew, isSale, isPremium }: { isNew: boolean; isSale: boolean; isPremium: boolean }) {
  const t = useT();
  if (!isNew && !isSale && !isPremium) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2 text-sm font-semibold">
      {isNew ? (
        <li className="rounded-full bg-emerald-700 px-3 py-1 text-white">{t("product.badgeNew")}</li>
      ) : null}
      {isSale ? (
        <li className="rounded-full bg-accent-600 px-3 py-1 text-white">{t("product.badgeSale")}</li>
      ) : null}
      {isPremium ? (
        <li className="rounded-full bg-stone-800 px-3 py-1 text-amber-100">{t("product.badgePremium")}</li>
      ) : null}
    </ul>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView notFoundKey="product.notFound" />;
}
