import type { MetaDescriptor } from "react-router";
import { pathInLanguage } from "../../../domain/content-language";
import { translate } from "../../../domain/i18n";
import { groszeToDecimalString } from "../../../domain/money";
import { metaDescription } from "../../../domain/seo";
import type { Id, Product, ProductField } from "../../../domain/types";
import { categoryPath, PRODUCTS_PATH, productPath } from "../../lib/paths";
import { absoluteUrl, breadcrumbJsonLd, type JsonLd, type RootSeoData, seoMeta } from "../../lib/seo";
import { productView, selectionFromSearch } from "./product-view";

// The product page's head (SPEC §2 Product screen, §10 SEO): title, description, canonical address,
// sharing tags and the Product and BreadcrumbList JSON-LD, for the options chosen in the address.
// The SEO title and description staff set replace the generated ones; the JSON-LD carries the SKU,
// GTIN and weight where set (docs/decisions/073).
// Built by the loader on the server and only repeated by the browser (web/routes/product/product.tsx meta),
// so this code and web/lib/seo.ts stay off the page's first load.

export function productSeoMeta({
  root,
  product,
  fields,
  categoryTrail,
  search,
}: {
  root: RootSeoData;
  product: Product;
  fields: readonly ProductField[];
  categoryTrail: readonly { _id: Id; title: string }[];
  search: URLSearchParams;
}): MetaDescriptor[] {
  // the product's address in the page's language (product.slug is that language's)
  const path = productPath(product);
  // the SEO title and meta description staff gave override the generated ones (issue 30)
  const { identity } = product;
  const description = identity.seoDescription || product.description;
  const view = productView(product, fields, selectionFromSearch(fields, product.variants, search));
  const productLd: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    sku: identity.sku ?? String(product._id),
    ...(identity.gtin ? { gtin: identity.gtin } : {}),
    ...(identity.weightGrams === null
      ? {}
      : { weight: { "@type": "QuantitativeValue", value: identity.weightGrams, unitCode: "GRM" } }),
    // the meta description's length, not the whole text: the page's data carries the head to the
    // browser (server/perf/page-weight.test.ts budgets it), and the text is on the page itself
    description: metaDescription(description),
    image: product.images.map((image) => absoluteUrl(root.publicUrl, image.url)),
    offers: {
      "@type": "Offer",
      url: absoluteUrl(root.publicUrl, pathInLanguage(path, root.lang)),
      price: groszeToDecimalString(view.prices.priceGrosze),
      priceCurrency: "PLN",
      availability: view.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
  const crumbs = [
    { name: translate(root.lang, "nav.home"), path: "/" },
    { name: translate(root.lang, "products.title"), path: PRODUCTS_PATH },
    ...categoryTrail.map((category) => ({ name: category.title, path: categoryPath(category._id) })),
    { name: product.title, path },
  ];
  return seoMeta({
    root,
    title: product.title,
    exactTitle: identity.seoTitle,
    description,
    path,
    image: product.images[0]?.url ?? null,
    type: "product",
    jsonLd: [productLd, breadcrumbJsonLd(root.publicUrl, crumbs)],
    noindex: product.isHidden,
    // the page's meta adds the hreflang links from its data (product.tsx): not twice in the data
    noHreflang: true,
  });
}
