import { type AvailabilityLevel, availabilityLevel } from "../../../domain/availability";
import { type PriceView, productPrices } from "../../../domain/pricing";
import type { Category, Id, Product, ProductField } from "../../../domain/types";
import {
  availableStock,
  canAddToCart,
  defaultSelection,
  findVariant,
  type Selection,
} from "../../../domain/variants";

// The product screen's derived state (SPEC §2 Product screen, §4 Variant selection): which options
// are chosen (mirrored in the address as `?opcja-{fieldId}={optionId}`, so a reload or a GET form
// without JavaScript keeps them), which variant that selects, and the price, stock and add-to-cart
// state that follow. The rules themselves live in domain/ (variants, pricing, availability).

export const OPTION_PARAM_PREFIX = "opcja-";

export function optionParam(fieldId: Id): string {
  return `${OPTION_PARAM_PREFIX}${fieldId}`;
}

/** The default selection, with every valid `opcja-{fieldId}` of the address applied on top. */
export function selectionFromSearch(
  fields: readonly ProductField[],
  variants: Product["variants"],
  search: URLSearchParams,
): Selection {
  const selection: Record<string, Id> = { ...defaultSelection(fields, variants) };
  for (const field of fields) {
    const raw = search.get(optionParam(field._id));
    if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) continue;
    const optionId = Number(raw);
    if (field.options.some((option) => option._id === optionId)) selection[String(field._id)] = optionId;
  }
  return selection;
}

/** The address query with the selection written in (other parameters, e.g. kategoria, kept). */
export function searchWithSelection(search: URLSearchParams, selection: Selection): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [fieldId, optionId] of Object.entries(selection))
    next.set(`${OPTION_PARAM_PREFIX}${fieldId}`, String(optionId));
  return next;
}

/** True when two addresses of the same product differ only in their option parameters. */
export function onlyOptionsChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  const rest = (url: URL) =>
    [...url.searchParams.entries()]
      .filter(([name]) => !name.startsWith(OPTION_PARAM_PREFIX))
      .map(([name, value]) => `${name}=${value}`)
      .sort()
      .join("&");
  return rest(current) === rest(next);
}

export interface ProductView {
  variant: Product["variants"][number] | null;
  prices: PriceView;
  /** stock of the selected variant, or of the product without variants */
  stock: number;
  level: AvailabilityLevel;
  canAddToCart: boolean;
}

export function productView(
  product: Omit<Product, "identity" | "safety">,
  fields: readonly ProductField[],
  selection: Selection,
): ProductView {
  const variant = product.variants.length > 0 ? findVariant(product.variants, selection, fields) : null;
  const stock = availableStock(product, variant);
  return {
    variant,
    prices: productPrices(product, variant),
    stock,
    level: availabilityLevel(stock),
    canAddToCart: canAddToCart(product, variant),
  };
}

/** The product's fields in its own order (fields missing from the list are skipped). */
export function productFields(
  product: Pick<Product, "fields">,
  all: readonly ProductField[],
): ProductField[] {
  const byId = new Map(all.map((field) => [field._id, field]));
  return product.fields.flatMap((id) => {
    const field = byId.get(id);
    return field && field.options.length > 0 ? [field] : [];
  });
}

/**
 * The breadcrumb category (SPEC §2): `?kategoria=` when the product has more than one category and
 * it is one of them, else the product's first category; null without categories.
 */
export function breadcrumbCategoryId(product: Pick<Product, "categories">, requested: Id | null): Id | null {
  if (requested !== null && product.categories.length > 1 && product.categories.includes(requested)) {
    return requested;
  }
  return product.categories[0] ?? null;
}

/** The category and its ancestors from the first level below root, outermost first. */
export function categoryTrail(
  categories: readonly Category[],
  id: Id | null,
): Pick<Category, "_id" | "title" | "polish">[] {
  if (id === null) return [];
  const byId = new Map(categories.map((category) => [category._id, category]));
  const category = byId.get(id);
  if (!category) return [];
  return category.idsPath
    .split("/")
    .map(Number)
    .flatMap((ancestorId) => {
      const ancestor = byId.get(ancestorId);
      return ancestor
        ? [{ _id: ancestor._id, title: ancestor.title, ...(ancestor.polish && { polish: ancestor.polish }) }]
        : [];
    });
}
