import { Suspense, useEffect, useMemo, useState } from "react";
import { data, redirect, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { textLang } from "../../../domain/content-language";
import { safetyInfo } from "../../../domain/gpsr";
import { translate } from "../../../domain/i18n";
import { formatPrice } from "../../../domain/money";
import { isShopModerator } from "../../../domain/roles";
import { parseIdFromParam } from "../../../domain/slug";
import type { Id } from "../../../domain/types";
import { optionInStock, selectOption } from "../../../domain/variants";
import { ShieldIcon, TruckIcon } from "../../components/icons";
import { pickRelatedProducts } from "../../components/related.server";
import { hreflangLinks } from "../../lib/alternates";
import { parseCategoryId } from "../../lib/category-tree";
import { useT } from "../../lib/i18n";
import { lazyAfterHydration, lazyInBrowser } from "../../lib/lazy-in-browser";
import { langFromMatches, pageTitle } from "../../lib/meta";
import { categoryPath, PRODUCTS_PATH, productPath } from "../../lib/paths";
import { CONTAINER } from "../../lib/site";
import { AfterHydration } from "../../lib/use-hydrated";
import { useAddToCart } from "../cart/use-add-to-cart";
import type { Route } from "./+types/product";
import { AddToCartButton } from "./add-to-cart-button";
import type { Crumb } from "./breadcrumbs";
import { PriceBox } from "./price-box";
import { ProductGallery } from "./product-gallery";
import { ProductOptions } from "./product-options";
import { productSeoMeta } from "./product-seo.server";
import {
  breadcrumbCategoryId,
  categoryTrail,
  OPTION_PARAM_PREFIX,
  onlyOptionsChanged,
  productFields,
  productView,
  searchWithSelection,
  selectionFromSearch,
} from "./product-view";
import { StockStatus } from "./stock-status";
import "../../lib/product-texts";

// the related products' carousel is below the content: its code loads while the rest hydrates
// (the server renders it in place, web/lib/lazy-in-browser.ts)
const RelatedProducts = lazyInBrowser(
  () => import("../../components/related-products"),
  (m) => m.RelatedProducts,
);

// /produkt/{id}-{slug} (SPEC §2 Product screen). The id is the part before the first dash; any other
// slug answers 301 with the canonical address. Hidden products are 404 for the public (moderators
// preview them). The chosen options live in the address (?opcja-{fieldId}={optionId}).

// Below the fold, for moderators only, static for the page (the breadcrumb, the social proof, the
// tags and badges) or
// for an error only: the browser loads their code while it hydrates the rest of the page (the
// server renders them in place, web/lib/lazy-in-browser.ts; docs/decisions/021-bundle-budgets.md)
const Breadcrumbs = lazyInBrowser(
  () => import("./breadcrumbs"),
  (m) => m.Breadcrumbs,
);
const SocialProof = lazyInBrowser(
  () => import("./social-proof"),
  (m) => m.SocialProof,
);
const RouteErrorView = lazyInBrowser(
  () => import("../../components/not-found"),
  (m) => m.RouteErrorView,
);
const HtmlContent = lazyInBrowser(
  () => import("../../components/html-content"),
  (m) => m.HtmlContent,
);
const ProductLabels = lazyInBrowser(
  () => import("./product-labels"),
  (m) => m.ProductLabels,
);
const ProductSafety = lazyInBrowser(
  () => import("./product-safety"),
  (m) => m.ProductSafety,
);
const ModeratorLinks = lazyInBrowser(
  () => import("../../components/moderator-links"),
  (m) => m.ModeratorLinks,
);

// under a sold-out product or variant: "Powiadom mnie, gdy będzie dostępny" (docs/decisions/080)
const BackInStockForm = lazyInBrowser(
  () => import("./back-in-stock-form"),
  (m) => m.BackInStockForm,
);

// the phone's buy bar shows only after scrolling past the button: its code loads after hydration
const BuyBar = lazyAfterHydration(
  () => import("./buy-bar"),
  (m) => m.BuyBar,
);
const BUY_ID = "product-buy";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseIdFromParam(params.idSlug);
  if (id === null) throw data(null, { status: 404 });
  const moderator = isShopModerator(context.user);
  const { catalog, productActivity } = context.services;
  // the product, its related products, the fields and the categories: one statement
  const page = await catalog.productPage(id, { includeHidden: moderator, lang: context.lang });
  if (!page) throw data(null, { status: 404 });
  const { product, slugs } = page;

  const url = new URL(request.url);
  // either language's slug is the product's address (the page's language picks the texts, not the
  // slug): a redirect between them would follow a cookie, and browsers keep a 301 (docs/decisions/078)
  if (params.idSlug !== `${product._id}-${slugs.pl}` && params.idSlug !== `${product._id}-${slugs.en}`) {
    throw redirect(`${productPath(product)}${url.search}`, 301);
  }

  const socialProof = await productActivity.socialProof(product._id);
  const categoryId = breadcrumbCategoryId(product, parseCategoryId(url.searchParams.get("kategoria")));
  const fields = productFields(product, page.fields);
  const trail = categoryTrail(page.categories, categoryId);
  // the identity and safety fields reach the page as the head (below) and the safety block's data,
  // not as themselves: the page's data is budgeted (server/perf/page-weight.test.ts)
  const { identity, safety, ...shown } = product;
  return {
    product: shown,
    fields,
    categoryTrail: trail,
    related: product.hasSlides ? pickRelatedProducts(product.slides, page.related, product._id) : [],
    socialProof,
    moderator,
    // the other language's slug only when it differs (the head's hreflang links, built in meta)
    ...(slugs.pl !== slugs.en && { slugs }),
    // GPSR (docs/decisions/073): the shop's own make names the seller
    safety: safetyInfo(safety, identity.sku, context.services.config.ownManufacturer),
    seo: productSeoMeta({
      root: { lang: context.lang, publicUrl: context.publicSettings.publicUrl },
      product,
      fields,
      categoryTrail: trail,
      search: url.searchParams,
    }),
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

// The head (title, description, canonical, JSON-LD) is built with the page data on the server
// (product-seo.server.ts): the browser only repeats it, so the SEO code stays off the page's first
// load (docs/decisions/021-bundle-budgets.md).
export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (loaderData) {
    const { product, slugs } = loaderData;
    const path = (slug: string) => productPath({ _id: product._id, slug });
    const root = matches.find((match) => match?.id === "root")?.data as { publicUrl?: string } | undefined;
    return [
      ...loaderData.seo,
      ...hreflangLinks(root?.publicUrl ?? "", {
        pl: path(slugs?.pl ?? product.slug),
        en: path(slugs?.en ?? product.slug),
      }),
    ];
  }
  return [
    { title: pageTitle(translate(langFromMatches(matches), "product.notFound")) },
    { name: "robots", content: "noindex" },
  ];
}

export default function ProductScreen({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { product, fields, related, socialProof, moderator, safety } = loaderData;
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
      ...trail.map((category) => ({
        name: category.title,
        to: categoryPath(category._id),
        lang: textLang(category, "title"),
      })),
      { name: product.title, lang: textLang(product, "title") },
    ],
    [homeLabel, productsLabel, trail, product],
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
            <h1
              lang={textLang(product, "title")}
              className="font-serif text-3xl font-semibold text-stone-900 sm:text-4xl"
            >
              {product.title}
            </h1>
            <ProductLabels
              tags={product.tags}
              isNew={product.isNew}
              isSale={product.isSale}
              isPremium={product.isPremium}
            />
          </div>

          <PriceBox prices={view.prices} />
          <SocialProof viewers={socialProof.viewers} purchases={socialProof.purchases} />
          <ProductOptions
            fields={fields}
            selection={selection}
            onSelect={onSelect}
            inStock={(field, optionId) => optionInStock(fields, product.variants, selection, field, optionId)}
            keepParams={keepParams}
          />

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

          <ProductSafety info={safety} />

          <div id={BUY_ID}>
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
          {view.canAddToCart || product.isHidden ? null : (
            <BackInStockForm productId={product._id} variantId={view.variant?._id ?? null} />
          )}
          <AfterHydration>
            <Suspense fallback={null}>
              <BuyBar
                targetId={BUY_ID}
                price={formatPrice(view.prices.priceGrosze)}
                enabled={view.canAddToCart}
                pending={addToCart.pending}
              />
            </Suspense>
          </AfterHydration>
        </div>
      </div>

      {product.description ? (
        <section aria-labelledby="product-description" className="mt-12 max-w-3xl">
          <h2 id="product-description" className="font-serif text-2xl font-semibold text-stone-900">
            {t("product.description")}
          </h2>
          <HtmlContent html={product.description} lang={textLang(product, "description")} className="mt-4" />
        </section>
      ) : null}

      {product.hasSlides ? (
        <RelatedProducts
          title={product.slidesTitle || t("product.relatedProducts")}
          contentTitle={product.slidesTitle !== ""}
          description={product.slidesDescription}
          products={related}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView notFoundKey="product.notFound" />;
}
