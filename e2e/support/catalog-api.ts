import type { APIRequestContext } from "@playwright/test";

// Read-only look-ups in the public API, so the specs pick their products from the seeded shop by
// what they are (a product with variants in and out of stock, a hidden one), never by a fixed id.

interface Option {
  _id: number;
  title: string;
}
export interface Field {
  _id: number;
  title: string;
  changePrice: boolean;
  options: Option[];
}
interface Variant {
  _id: number;
  fields: Record<string, number>;
  priceGrosze: number;
  promotionalPriceGrosze: number | null;
  quantity: number;
}
export interface ApiProduct {
  _id: number;
  slug: string;
  title: string;
  tags: string[];
  images: { url: string }[];
  fields: number[];
  variants: Variant[];
  priceGrosze: number;
  promotionalPriceGrosze: number | null;
}

export function productUrl(product: Pick<ApiProduct, "_id" | "slug">): string {
  return `/produkt/${product._id}-${product.slug}`;
}

/** "129,00 zł" */
export function priceLabel(grosze: number): string {
  return `${Math.floor(grosze / 100)},${String(grosze % 100).padStart(2, "0")} zł`;
}

function effective(item: { priceGrosze: number; promotionalPriceGrosze: number | null }): number {
  return item.promotionalPriceGrosze != null && item.promotionalPriceGrosze !== item.priceGrosze
    ? item.promotionalPriceGrosze
    : item.priceGrosze;
}

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  if (!response.ok()) throw new Error(`${url}: ${response.status()}`);
  return (await response.json()) as T;
}

export interface VariantChoice {
  /** option titles to pick, per field title */
  options: { field: string; option: string }[];
  priceLabel: string;
  quantity: number;
}

/**
 * A product with variants where one variant is in stock and another of a different price is out
 * of stock, with the option titles that select each.
 */
export async function variantProduct(request: APIRequestContext) {
  const [products, fields] = await Promise.all([
    json<ApiProduct[]>(request, "/api/shops/products"),
    json<Field[]>(request, "/api/shops/fields"),
  ]);
  const fieldById = new Map(fields.map((field) => [field._id, field]));
  const describeVariant = (variant: Variant): VariantChoice => ({
    options: Object.entries(variant.fields).map(([fieldId, optionId]) => {
      const field = fieldById.get(Number(fieldId));
      const option = field?.options.find((candidate) => candidate._id === optionId);
      if (!field || !option) throw new Error(`unknown option ${fieldId}:${optionId}`);
      return { field: field.title, option: option.title };
    }),
    priceLabel: priceLabel(effective(variant)),
    quantity: variant.quantity,
  });
  for (const product of products) {
    const inStock = product.variants.find((variant) => variant.quantity > 0);
    const outOfStock = product.variants.find(
      (variant) => variant.quantity === 0 && inStock && effective(variant) !== effective(inStock),
    );
    if (inStock && outOfStock && product.images.length > 1) {
      return { product, inStock: describeVariant(inStock), outOfStock: describeVariant(outOfStock) };
    }
  }
  throw new Error("no product with variants in and out of stock");
}

/** A product with tags and more than one picture. */
export async function productWithTags(request: APIRequestContext): Promise<ApiProduct> {
  const products = await json<ApiProduct[]>(request, "/api/shops/products");
  const product = products.find((candidate) => candidate.tags.length > 0 && candidate.images.length > 1);
  if (!product) throw new Error("no product with tags and pictures");
  return product;
}

/** The id of a hidden product: a gap in the ids of the visible ones (a fresh shop deletes none). */
export async function hiddenProductId(request: APIRequestContext): Promise<number> {
  const products = await json<{ _id: number }[]>(request, "/api/shops/products/basic");
  const ids = new Set(products.map((product) => product._id));
  const max = Math.max(...ids);
  for (let id = Math.min(...ids); id < max; id++) if (!ids.has(id)) return id;
  throw new Error("no hidden product");
}
