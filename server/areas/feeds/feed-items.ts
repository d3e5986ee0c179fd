import { type AvailabilityLevel, availabilityLevel } from "../../../domain/availability";
import { cheapestDeliveryPriceGrosze } from "../../../domain/delivery";
import { type PriceView, productPrices } from "../../../domain/pricing";
import { metaDescription } from "../../../domain/seo";
import type { Category, Id, ProcessingTime, Product, ProductField, Variant } from "../../../domain/types";
import { availableStock } from "../../../domain/variants";

// One feed item per thing a shopper can buy: a product without variants, or each variant of one
// (docs/decisions/072). Its price and stock come from the functions the product page uses
// (web/routes/product/product-view.ts: productPrices, availableStock, availabilityLevel), so the
// feeds say what the page says; its link opens the page with the variant's options chosen.

/** Google's longest description; Ceneo's is cut the same. */
export const DESCRIPTION_MAX = 5_000;
/** The product page's query parameter of a chosen option (web/routes/product/product-view.ts optionParam). */
const OPTION_PARAM_PREFIX = "opcja-";

export interface ItemIdentity {
  brand: string;
  gtin: string | null;
  mpn: string | null;
  weightKg: number | null;
}

/** An option of the variant: the field's title and the option's, as the product page names them. */
export interface ItemAttribute {
  field: string;
  option: string;
}

export interface FeedItem {
  /** the product's id, or "{product id}-{variant id}" (stable, ≤ 50 characters) */
  id: string;
  productId: Id;
  variantId: Id | null;
  /** the product's id for every variant of it; null for a product without variants */
  groupId: string | null;
  /** the product's title, with the variant's options after a dash */
  title: string;
  /** plain text of the description (the title when it has none) */
  description: string;
  /** the product page, with the variant's options chosen */
  path: string;
  /** the product's pictures in gallery order (paths or absolute URLs as stored) */
  images: string[];
  stock: number;
  level: AvailabilityLevel;
  prices: PriceView;
  attributes: ItemAttribute[];
  /** the product's first category and its ancestors, outermost first (titles) */
  categoryTitles: string[];
  identity: ItemIdentity;
  processingTime: ProcessingTime;
  /** the cheapest delivery the checkout offers for one piece at this price */
  shippingGrosze: number;
}

/** Every field and category, by id: what the items' attributes and category paths are read from. */
export interface FeedCatalog {
  fields: ReadonlyMap<Id, ProductField>;
  categories: ReadonlyMap<Id, Category>;
}

export function feedCatalog(fields: readonly ProductField[], categories: readonly Category[]): FeedCatalog {
  return {
    fields: new Map(fields.map((field) => [field._id, field])),
    categories: new Map(categories.map((category) => [category._id, category])),
  };
}

function nonEmpty(value: string | null | undefined): string | null {
  const text = value?.trim() ?? "";
  return text === "" ? null : text;
}

/**
 * The product's identity (issue 30, ADR 073): the manufacturer as the brand (the shop for its own
 * handmade goods), EAN/GTIN, the SKU as the MPN, the weight; variants share their product's.
 */
function identityOf(product: Product, shopName: string): ItemIdentity {
  const grams = product.identity.weightGrams;
  return {
    brand: nonEmpty(product.safety.manufacturerName) ?? shopName,
    gtin: nonEmpty(product.identity.gtin),
    mpn: nonEmpty(product.identity.sku),
    weightKg: grams !== null && grams > 0 ? grams / 1000 : null,
  };
}

function attributesOf(variant: Variant | null, catalog: FeedCatalog): ItemAttribute[] {
  if (!variant) return [];
  return Object.entries(variant.fields).flatMap(([fieldId, optionId]) => {
    const field = catalog.fields.get(Number(fieldId));
    const option = field?.options.find((candidate) => candidate._id === optionId);
    return field && option ? [{ field: field.title, option: option.title }] : [];
  });
}

function categoryTitlesOf(product: Product, catalog: FeedCatalog): string[] {
  const first = product.categories[0];
  const category = first === undefined ? undefined : catalog.categories.get(first);
  if (!category) return [];
  return category.idsPath.split("/").flatMap((id) => {
    const ancestor = catalog.categories.get(Number(id));
    return ancestor ? [ancestor.title] : [];
  });
}

function pathOf(product: Product, variant: Variant | null): string {
  const path = `/produkt/${product._id}-${product.slug}`;
  if (!variant) return path;
  const query = new URLSearchParams(
    Object.entries(variant.fields).map(([fieldId, optionId]) => [
      `${OPTION_PARAM_PREFIX}${fieldId}`,
      String(optionId),
    ]),
  );
  return `${path}?${query.toString()}`;
}

function itemOf(
  product: Product,
  variant: Variant | null,
  catalog: FeedCatalog,
  shared: Pick<FeedItem, "description" | "images" | "categoryTitles">,
  shopName: string,
): FeedItem {
  const stock = availableStock(product, variant);
  const prices = productPrices(product, variant);
  const attributes = attributesOf(variant, catalog);
  const options = attributes.map((attribute) => attribute.option).join(", ");
  return {
    id: variant ? `${product._id}-${variant._id}` : String(product._id),
    productId: product._id,
    variantId: variant?._id ?? null,
    groupId: variant ? String(product._id) : null,
    title: options === "" ? product.title : `${product.title} – ${options}`,
    path: pathOf(product, variant),
    stock,
    level: availabilityLevel(stock),
    prices,
    attributes,
    identity: identityOf(product, shopName),
    processingTime: product.processingTime,
    shippingGrosze: cheapestDeliveryPriceGrosze(prices.priceGrosze),
    ...shared,
  };
}

/** The feed items of one visible product: one per variant, or one for a product without variants. */
export function feedItems(product: Product, catalog: FeedCatalog, shopName: string): FeedItem[] {
  const shared = {
    description: metaDescription(product.description, DESCRIPTION_MAX) || product.title,
    images: product.images.map((image) => image.url),
    categoryTitles: categoryTitlesOf(product, catalog),
  };
  if (product.variants.length === 0) return [itemOf(product, null, catalog, shared, shopName)];
  return product.variants.map((variant) => itemOf(product, variant, catalog, shared, shopName));
}
