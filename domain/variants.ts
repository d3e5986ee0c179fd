// Variant selection on the product screen (SPEC §4 Variant selection, Add to cart; §5 quantity choices).
//
// A selection maps field id (as a string key) -> chosen option id. One radio group per product field.
// Price-changing fields (changePrice) choose the variant; other fields are descriptive and
// default to their first option.

import type { Id } from "./types";

export type Selection = Readonly<Record<string, Id>>;

export interface FieldLike {
  _id: Id;
  title: string;
  changePrice: boolean;
  options: readonly { _id: Id; title: string }[];
}

export interface VariantLike {
  _id: Id;
  fields: Readonly<Record<string, Id>>;
  quantity: number;
}

function priceFieldIds(fields: readonly FieldLike[]): string[] {
  return fields.filter((field) => field.changePrice).map((field) => String(field._id));
}

function variantMatches(variant: VariantLike, selection: Selection, keys: readonly string[]): boolean {
  return keys.length > 0 && keys.every((key) => variant.fields[key] === selection[key]);
}

/**
 * The variant matching the selection on every price-changing field, or null.
 * When the fields carry no price-changing field (inconsistent data), a variant matches when all of
 * its own field entries equal the selection.
 */
export function findVariant<V extends VariantLike>(
  variants: readonly V[],
  selection: Selection,
  fields: readonly FieldLike[],
): V | null {
  const keys = priceFieldIds(fields);
  for (const variant of variants) {
    const matchKeys = keys.length > 0 ? keys : Object.keys(variant.fields);
    if (variantMatches(variant, selection, matchKeys)) return variant;
  }
  return null;
}

/**
 * First option of every field. With variants, the price-changing fields take the first combination
 * in the fields' and options' order whose variant is in stock (issue 25: a product must not open
 * unavailable while other versions are in stock); with nothing in stock, the first options when they
 * match a variant, else the first variant in that order.
 */
export function defaultSelection(
  fields: readonly FieldLike[],
  variants: readonly VariantLike[] = [],
): Selection {
  const selection: Record<string, Id> = {};
  for (const field of fields) {
    const first = field.options[0];
    if (first) selection[String(field._id)] = first._id;
  }
  if (variants.length === 0) return selection;
  const priceFields = fields.filter((field) => field.changePrice);
  // a variant's place in the shopper's order: its option's position on each price field in turn
  const rank = (variant: VariantLike) =>
    priceFields.map((field) => field.options.findIndex((o) => o._id === variant.fields[String(field._id)]));
  const ordered = variants
    .map((variant) => ({ variant, rank: rank(variant) }))
    .filter((entry) => !entry.rank.includes(-1))
    .sort((a, b) => {
      const at = a.rank.findIndex((index, n) => index !== b.rank[n]);
      return at < 0 ? 0 : (a.rank[at] ?? 0) - (b.rank[at] ?? 0);
    })
    .map((entry) => entry.variant);
  const inStock = ordered.find((variant) => variant.quantity > 0);
  if (!inStock && findVariant(variants, selection, fields)) return selection;
  const chosen = inStock ?? ordered[0] ?? variants[0];
  if (!chosen) return selection;
  const keys = priceFieldIds(fields);
  for (const key of keys.length > 0 ? keys : Object.keys(chosen.fields)) {
    const option = chosen.fields[key];
    if (option !== undefined) selection[key] = option;
  }
  return selection;
}

/**
 * False when choosing the option, with the rest of the selection kept, selects no variant in stock
 * (the product page marks it "brak"). Options of fields that do not choose the variant are always
 * available, as are all options of a product without variants.
 */
export function optionInStock(
  fields: readonly FieldLike[],
  variants: readonly VariantLike[],
  selection: Selection,
  field: FieldLike,
  optionId: Id,
): boolean {
  if (!field.changePrice || variants.length === 0) return true;
  const variant = findVariant(variants, { ...selection, [String(field._id)]: optionId }, fields);
  return (variant?.quantity ?? 0) > 0;
}

/**
 * Keeps each chosen option that exists on its field and fills the rest with the field's first
 * option; unknown field keys are dropped.
 */
export function normalizeSelection(fields: readonly FieldLike[], chosen: Selection): Selection {
  const selection: Record<string, Id> = {};
  for (const field of fields) {
    const key = String(field._id);
    const wanted = chosen[key];
    const option = field.options.find((o) => o._id === wanted) ?? field.options[0];
    if (option) selection[key] = option._id;
  }
  return selection;
}

/** A new selection with one field's option changed (ignored when the option is not on the field). */
export function selectOption(
  fields: readonly FieldLike[],
  selection: Selection,
  fieldId: Id,
  optionId: Id,
): Selection {
  const field = fields.find((f) => f._id === fieldId);
  if (!field?.options.some((o) => o._id === optionId)) return selection;
  return { ...selection, [String(fieldId)]: optionId };
}

/**
 * Texts stored on a cart line: `variantTitle` = option titles joined by ", " ("różowy, M"),
 * `variantLabel` = "Field: option" pairs joined by ", " ("Kolor: różowy, Rozmiar: M").
 * Both are "" for a product without fields.
 */
export function describeSelection(
  fields: readonly FieldLike[],
  selection: Selection,
): { variantTitle: string; variantLabel: string } {
  const titles: string[] = [];
  const labels: string[] = [];
  for (const field of fields) {
    const option = field.options.find((o) => o._id === selection[String(field._id)]);
    if (!option) continue;
    titles.push(option.title);
    labels.push(`${field.title}: ${option.title}`);
  }
  return { variantTitle: titles.join(", "), variantLabel: labels.join(", ") };
}

export interface SellableLike {
  isHidden: boolean;
  quantity: number;
  variants: readonly { quantity: number }[];
}

/** Stock of the selected variant, or of the product when it has no variants (0 when none selected). */
export function availableStock(product: SellableLike, variant: { quantity: number } | null): number {
  const stock = product.variants.length > 0 ? (variant?.quantity ?? 0) : product.quantity;
  return Math.max(0, stock);
}

/** False when the product is hidden or the selected variant (or the product without variants) is out of stock. */
export function canAddToCart(product: SellableLike, variant: { quantity: number } | null): boolean {
  return !product.isHidden && availableStock(product, variant) > 0;
}

/** Cart quantity choices: 0 to the available stock. */
export function quantityChoices(stock: number): number[] {
  const max = Number.isFinite(stock) ? Math.max(0, Math.floor(stock)) : 0;
  return Array.from({ length: max + 1 }, (_, index) => index);
}
