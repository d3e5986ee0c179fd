import type { APIRequestContext } from "@playwright/test";

// Read-only look-ups in the public API, so the specs pick their products from the seeded shop by
// what they are (a product with variants in and out of stock, a hidden one), never by a fixed id;
// and createProduct, a staff write for specs that need a product of their own.

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

/**
 * A product whose first version (the first option of every price-changing field) is sold out while
 * others are in stock (issue 25 defect 3), with the choice the page should open on (the first in the
 * options' order that is in stock), an option that cannot be bought with that choice, and the
 * address parameter that asks for the sold-out first version.
 */
export async function productOpeningSoldOut(request: APIRequestContext) {
  const [products, fields] = await Promise.all([
    json<ApiProduct[]>(request, "/api/shops/products"),
    json<Field[]>(request, "/api/shops/fields"),
  ]);
  const fieldById = new Map(fields.map((field) => [field._id, field]));
  for (const product of products) {
    const priceFields = product.fields
      .map((id) => fieldById.get(id))
      .filter((field): field is Field => field?.changePrice === true && field.options.length > 0);
    if (priceFields.length < 2 || product.variants.length === 0) continue;
    const stockOf = (choice: Record<string, number>) =>
      product.variants.find((variant) =>
        priceFields.every((field) => variant.fields[String(field._id)] === choice[String(field._id)]),
      )?.quantity ?? 0;
    // every combination in the options' order
    let combinations: Record<string, number>[] = [{}];
    for (const field of priceFields) {
      combinations = combinations.flatMap((choice) =>
        field.options.map((option) => ({ ...choice, [String(field._id)]: option._id })),
      );
    }
    const [first] = combinations;
    const opening = combinations.find((choice) => stockOf(choice) > 0);
    if (!first || !opening || stockOf(first) > 0) continue;
    const title = (field: Field, choice: Record<string, number>) =>
      field.options.find((option) => option._id === choice[String(field._id)])?.title ?? "";
    const soldOut = priceFields.flatMap((field) =>
      field.options
        .filter((option) => stockOf({ ...opening, [String(field._id)]: option._id }) === 0)
        .map((option) => ({ field: field.title, option: option.title })),
    );
    const [firstField] = priceFields;
    if (!firstField || soldOut.length === 0) continue;
    return {
      product,
      opening: priceFields.map((field) => ({ field: field.title, option: title(field, opening) })),
      soldOut: soldOut[0] as { field: string; option: string },
      soldOutFirstSearch: priceFields
        .map((field) => `opcja-${field._id}=${first[String(field._id)]}`)
        .join("&"),
    };
  }
  throw new Error("no product whose first version is sold out while others are in stock");
}

/** A product without variants sold at a discount that is not a whole percent (e.g. 20.21 %). */
export async function productWithFractionalDiscount(request: APIRequestContext): Promise<ApiProduct> {
  const products = await json<ApiProduct[]>(request, "/api/shops/products");
  const product = products.find((candidate) => {
    const price = effective(candidate);
    const percent = ((candidate.priceGrosze - price) * 100) / candidate.priceGrosze;
    return candidate.variants.length === 0 && percent > 0 && !Number.isInteger(percent);
  });
  if (!product) throw new Error("no product with a fractional discount");
  return product;
}

/** A new product written through the staff API (`request` signed in as staff): its id and slug. */
export async function createProduct(
  request: APIRequestContext,
  data: Record<string, unknown>,
): Promise<Pick<ApiProduct, "_id" | "slug">> {
  const created = await request.post("/api/shops/products", { data });
  if (created.status() !== 201) throw new Error(`POST /api/shops/products answered ${created.status()}`);
  return (await created.json()) as Pick<ApiProduct, "_id" | "slug">;
}
