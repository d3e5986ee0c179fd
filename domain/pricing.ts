// Price rules (SPEC §3 derived prices, §9 discount percent and effective price).
// All amounts are integer grosze.

import { totalQuantity } from "./availability";
import type { Id, ProductThumbnail } from "./types";

export interface PriceLike {
  priceGrosze: number;
  promotionalPriceGrosze: number | null;
}

export interface VariantPriceLike extends PriceLike {
  fields: Readonly<Record<string, Id>>;
  quantity: number;
}

export interface ProductPriceLike extends PriceLike {
  quantity: number;
  /** lowest price in the last 30 days, product level */
  minPriceGrosze: number;
  /** lowest 30-day price per variant, keyed by variantKey(variant.fields) */
  minVariantPrice: Readonly<Record<string, number>>;
  variants: readonly VariantPriceLike[];
}

/**
 * The price the customer pays: the promotional price when set and below the price. A promotional
 * price above the price (refused by the product schema, but possible in older rows) is ignored.
 */
export function effectivePriceGrosze(item: PriceLike): number {
  const { priceGrosze, promotionalPriceGrosze } = item;
  return promotionalPriceGrosze != null && promotionalPriceGrosze < priceGrosze
    ? promotionalPriceGrosze
    : priceGrosze;
}

/** The regular (struck-through) price. */
export function standardPriceGrosze(item: PriceLike): number {
  return item.priceGrosze;
}

/**
 * Discount percent = round((1 - price/standard) * 100, 2 decimals), only when price < standard,
 * else 0. Computed in integers: 7999 of 9999 -> 20.002 -> 20; 6667 of 10000 -> 33.33.
 */
export function discountPercent(priceGrosze: number, standardGrosze: number): number {
  if (standardGrosze <= 0 || priceGrosze >= standardGrosze) return 0;
  return Math.round(((standardGrosze - priceGrosze) * 10_000) / standardGrosze) / 100;
}

/**
 * Key of a variant in `minVariantPrice`: its option ids sorted ascending (numerically)
 * and joined by dots, e.g. { "3": 12, "1": 7 } -> "7.12".
 */
export function variantKey(fields: Readonly<Record<string, Id>>): string {
  return Object.values(fields)
    .slice()
    .sort((a, b) => a - b)
    .join(".");
}

export interface PriceView {
  /** what the customer pays now */
  priceGrosze: number;
  /** regular price (shown struck-through when different) */
  standardPriceGrosze: number;
  /** lowest price in the last 30 days (never above the current price) */
  lowestPriceGrosze: number;
  discountPercent: number;
}

/**
 * Current, standard and lowest-30-day price of a product, for the chosen variant when there is one.
 * The lowest price falls back to the current price when no history is stored, and is capped at the
 * current price (the current price is itself part of the 30-day window).
 */
export function productPrices(product: ProductPriceLike, variant: VariantPriceLike | null): PriceView {
  const source: PriceLike = variant ?? product;
  const price = effectivePriceGrosze(source);
  const standard = standardPriceGrosze(source);
  const storedLowest = variant ? product.minVariantPrice[variantKey(variant.fields)] : product.minPriceGrosze;
  // On a reduction the stored figure is the Omnibus reference (may be above the current price);
  // otherwise the lowest price of the window is never above the current one.
  const lowest = price < standard ? (storedLowest ?? price) : Math.min(storedLowest ?? price, price);
  return {
    priceGrosze: price,
    standardPriceGrosze: standard,
    lowestPriceGrosze: lowest,
    discountPercent: discountPercent(price, standard),
  };
}

export interface PriceHistoryFigures {
  effectiveGrosze: number;
  standardGrosze: number;
  /** lowest price in effect at any time in the last 30 days (from the history), if recorded */
  last30MinGrosze?: number | null;
  /** lowest price in effect in the 30 days before the current price started, if recorded */
  beforeCurrentMinGrosze?: number | null;
}

/**
 * "najniższa cena z 30 dni" (SPEC §2, the Omnibus directive): on a reduction (the effective price
 * below the standard one), the lowest price in the 30 days before the current price started;
 * otherwise the lowest price of the last 30 days, never above the current price. Without history
 * for that window, the current price.
 */
export function lowestPriceReference(figures: PriceHistoryFigures): number {
  const { effectiveGrosze, standardGrosze } = figures;
  if (effectiveGrosze < standardGrosze) return figures.beforeCurrentMinGrosze ?? effectiveGrosze;
  return Math.min(figures.last30MinGrosze ?? effectiveGrosze, effectiveGrosze);
}

/** The variant with the lowest effective price (first one on ties), or null without variants. */
export function cheapestVariant<V extends VariantPriceLike>(variants: readonly V[]): V | null {
  let cheapest: V | null = null;
  for (const variant of variants) {
    if (cheapest === null || effectivePriceGrosze(variant) < effectivePriceGrosze(cheapest))
      cheapest = variant;
  }
  return cheapest;
}

export interface PriceRange {
  /** the lowest effective price (of the variants when there are any) */
  minGrosze: number;
  /** the highest effective price */
  maxGrosze: number;
}

/**
 * The effective price span of a product for staff lists: over its variants when it has any (the
 * product's own price is then not what anyone pays), else the product's own price twice.
 */
export function effectivePriceRange(product: PriceLike & { variants: readonly PriceLike[] }): PriceRange {
  const prices = (product.variants.length > 0 ? product.variants : [product]).map(effectivePriceGrosze);
  return { minGrosze: Math.min(...prices), maxGrosze: Math.max(...prices) };
}

/**
 * Thumbnail data for lists and carousels. With variants the prices are those of the cheapest
 * variant (by effective price); without variants those of the product.
 */
export function productThumbnail(product: ProductPriceLike): ProductThumbnail {
  const prices = productPrices(product, cheapestVariant(product.variants));
  return {
    totalQuantity: totalQuantity(product),
    discountPercent: prices.discountPercent,
    priceGrosze: prices.priceGrosze,
    standardPriceGrosze: prices.standardPriceGrosze,
    minPriceGrosze: prices.lowestPriceGrosze,
  };
}
