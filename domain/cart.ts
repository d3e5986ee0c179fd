// Cart rules (SPEC §3 Cart item, §4 Cart). Pure: every function returns a new array.
//
// A line is identified by product id + variant keys (field id -> option id, all fields, also the
// non-price ones); `cartLineId(line)` gives that identity as a string for React keys and updates.

import { totalQuantity } from "./availability";
import { effectivePriceGrosze } from "./pricing";
import { longestProcessingTime } from "./processing-time";
import type { Id, ProcessingTime } from "./types";
import { describeSelection, type FieldLike } from "./variants";

export interface CartLine {
  productId: Id;
  productTitle: string;
  /** option titles, e.g. "różowy, M" ("" without fields) */
  variantTitle: string;
  /** "Field: option" pairs, e.g. "Kolor: różowy, Rozmiar: M" ("" without fields) */
  variantLabel: string;
  /** field id -> chosen option id */
  variantKeys: Record<string, Id>;
  /** the matched variant, null for a product without variants */
  variantId: Id | null;
  unitPriceGrosze: number;
  quantity: number;
  processingTime: ProcessingTime;
}

/** What is kept in the cart cookie; everything else is re-derived on restore. */
export type SavedCartLine = Pick<CartLine, "productId" | "variantId" | "variantKeys" | "quantity"> &
  Partial<Pick<CartLine, "variantTitle" | "variantLabel">>;

export type NewCartItem = Omit<CartLine, "quantity">;

function keysSignature(keys: Readonly<Record<string, Id>>): string {
  return Object.entries(keys)
    .sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b))
    .map(([field, option]) => `${field}:${option}`)
    .join(",");
}

/** Identity of a line: product id + variant keys, e.g. "12|1:11,2:21". */
export function cartLineId(line: Pick<CartLine, "productId" | "variantKeys">): string {
  return `${line.productId}|${keysSignature(line.variantKeys)}`;
}

export function sameCartItem(
  a: Pick<CartLine, "productId" | "variantKeys">,
  b: Pick<CartLine, "productId" | "variantKeys">,
): boolean {
  return cartLineId(a) === cartLineId(b);
}

/**
 * Adds one piece: a line with the same product and variant keys gets quantity + 1 (and the fresh
 * price/titles of the item); otherwise a new line with quantity 1 is appended. With `stock` the
 * quantity never exceeds it (lines are returned unchanged when nothing more can be added).
 */
export function addToCart(lines: readonly CartLine[], item: NewCartItem, stock?: number): CartLine[] {
  const id = cartLineId(item);
  const index = lines.findIndex((line) => cartLineId(line) === id);
  const current = index === -1 ? 0 : (lines[index]?.quantity ?? 0);
  if (stock !== undefined && current + 1 > stock) return [...lines];
  const updated: CartLine = { ...item, variantKeys: { ...item.variantKeys }, quantity: current + 1 };
  if (index === -1) return [...lines, updated];
  return lines.map((line, i) => (i === index ? updated : line));
}

/** Sets a line's quantity (whole number, capped at `stock` when given); 0 or less removes the line. */
export function setQuantity(
  lines: readonly CartLine[],
  lineId: string,
  quantity: number,
  stock?: number,
): CartLine[] {
  const wanted = Math.floor(Number.isFinite(quantity) ? quantity : 0);
  const capped = stock === undefined ? wanted : Math.min(wanted, Math.floor(stock));
  if (capped <= 0) return removeLine(lines, lineId);
  return lines.map((line) => (cartLineId(line) === lineId ? { ...line, quantity: capped } : line));
}

export function removeLine(lines: readonly CartLine[], lineId: string): CartLine[] {
  return lines.filter((line) => cartLineId(line) !== lineId);
}

export function lineTotalGrosze(line: Pick<CartLine, "unitPriceGrosze" | "quantity">): number {
  return line.unitPriceGrosze * line.quantity;
}

export function productsTotalGrosze(
  lines: readonly Pick<CartLine, "unitPriceGrosze" | "quantity">[],
): number {
  return lines.reduce((sum, line) => sum + lineTotalGrosze(line), 0);
}

/** Number of pieces (the cart badge). */
export function cartItemCount(lines: readonly Pick<CartLine, "quantity">[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The longest processing time among the lines, "1-2" for an empty cart. */
export function maxProcessingTime(lines: readonly Pick<CartLine, "processingTime">[]): ProcessingTime {
  return longestProcessingTime(lines.map((line) => line.processingTime));
}

export interface RestorableProduct {
  _id: Id;
  title: string;
  isHidden: boolean;
  quantity: number;
  priceGrosze: number;
  promotionalPriceGrosze: number | null;
  processingTime: ProcessingTime;
  /** the product's field ids, in display order */
  fields?: readonly Id[];
  variants: readonly {
    _id: Id;
    fields: Readonly<Record<string, Id>>;
    priceGrosze: number;
    promotionalPriceGrosze: number | null;
    quantity: number;
  }[];
}

type ById<T> = ReadonlyMap<Id, T> | Readonly<Record<Id, T>>;

function lookup<T>(byId: ById<T> | undefined, id: Id): T | undefined {
  if (!byId) return undefined;
  return byId instanceof Map ? byId.get(id) : (byId as Readonly<Record<Id, T>>)[id];
}

/**
 * Rebuilds the cart from saved (cookie) lines against current products:
 * - only visible products with stock (total quantity > 0);
 * - a saved variant id must still exist on the product (else the line is dropped); a product that
 *   has variants needs a variant id, one without variants must not carry one;
 * - quantity is capped to the stock of the variant (or product); lines left at 0 are dropped;
 * - prices, product title and processing time are refreshed from the product; variant keys take
 *   the variant's current options for its price fields; with `fieldsById` the variant texts are
 *   recomputed, else the saved ones are kept;
 * - lines that end up identical are merged (quantities summed, still capped).
 */
export function restoreCart(
  saved: readonly SavedCartLine[],
  productsById: ById<RestorableProduct>,
  fieldsById?: ById<FieldLike>,
): CartLine[] {
  const restored: CartLine[] = [];
  for (const entry of saved) {
    const product = lookup(productsById, entry.productId);
    if (!product || product.isHidden || totalQuantity(product) <= 0) continue;
    if (!Number.isFinite(entry.quantity) || entry.quantity < 1) continue;

    let stock: number;
    let priced: { priceGrosze: number; promotionalPriceGrosze: number | null };
    let variantKeys: Record<string, Id> = { ...entry.variantKeys };
    if (product.variants.length > 0) {
      const variant = product.variants.find((v) => v._id === entry.variantId);
      if (!variant) continue;
      stock = variant.quantity;
      priced = variant;
      variantKeys = { ...variantKeys, ...variant.fields };
    } else {
      if (entry.variantId != null) continue;
      stock = product.quantity;
      priced = product;
    }

    let variantTitle = entry.variantTitle ?? "";
    let variantLabel = entry.variantLabel ?? "";
    if (fieldsById && product.fields) {
      const fields = product.fields.map((id) => lookup(fieldsById, id)).filter((f): f is FieldLike => !!f);
      ({ variantTitle, variantLabel } = describeSelection(fields, variantKeys));
    }

    const line: CartLine = {
      productId: product._id,
      productTitle: product.title,
      variantTitle,
      variantLabel,
      variantKeys,
      variantId: product.variants.length > 0 ? (entry.variantId ?? null) : null,
      unitPriceGrosze: effectivePriceGrosze(priced),
      quantity: Math.floor(entry.quantity),
      processingTime: product.processingTime,
    };
    const id = cartLineId(line);
    const existing = restored.find((l) => cartLineId(l) === id);
    if (existing) {
      existing.quantity = Math.min(existing.quantity + line.quantity, stock);
      continue;
    }
    line.quantity = Math.min(line.quantity, stock);
    if (line.quantity <= 0) continue;
    restored.push(line);
  }
  return restored;
}

/** Minimal form for the cart cookie. */
export function toSavedCart(lines: readonly CartLine[]): SavedCartLine[] {
  return lines.map(({ productId, variantId, variantKeys, quantity, variantTitle, variantLabel }) => ({
    productId,
    variantId,
    variantKeys,
    quantity,
    variantTitle,
    variantLabel,
  }));
}

/** The `cart` part of the order create payload. */
export function toOrderCart(
  lines: readonly CartLine[],
): { productId: Id; quantity: number; variantKeys: Record<string, Id>; variantId: Id | null }[] {
  return lines.map(({ productId, quantity, variantKeys, variantId }) => ({
    productId,
    quantity,
    variantKeys: { ...variantKeys },
    variantId,
  }));
}

/**
 * What restoring changed, per saved line, for the shopper to be told once (issue 25): a line that is
 * gone (hidden, deleted, sold out, its variant removed) or whose quantity was lowered to the stock.
 * Lines are matched by product and variant id (their quantities summed, as restoreCart merges them).
 * `titleOf` names a product that still exists (a deleted one has no title: null).
 */
export type RestoreChange =
  | { kind: "removed"; productId: Id; productTitle: string | null }
  | { kind: "reduced"; productId: Id; productTitle: string; from: number; to: number };

export function restoreChanges(
  saved: readonly SavedCartLine[],
  restored: readonly Pick<CartLine, "productId" | "variantId" | "quantity" | "productTitle">[],
  titleOf: (productId: Id) => string | null,
): RestoreChange[] {
  const key = (line: { productId: Id; variantId?: Id | null }) => `${line.productId}|${line.variantId ?? ""}`;
  const wanted = new Map<string, { productId: Id; quantity: number }>();
  for (const entry of saved) {
    if (!Number.isFinite(entry.quantity) || entry.quantity < 1) continue;
    const current = wanted.get(key(entry));
    wanted.set(key(entry), {
      productId: entry.productId,
      quantity: (current?.quantity ?? 0) + Math.floor(entry.quantity),
    });
  }
  const changes: RestoreChange[] = [];
  for (const [id, { productId, quantity }] of wanted) {
    const kept = restored.filter((line) => key(line) === id);
    const have = kept.reduce((sum, line) => sum + line.quantity, 0);
    if (have === 0) changes.push({ kind: "removed", productId, productTitle: titleOf(productId) });
    else if (have < quantity) {
      const productTitle = kept[0]?.productTitle ?? "";
      changes.push({ kind: "reduced", productId, productTitle, from: quantity, to: have });
    }
  }
  return changes;
}
