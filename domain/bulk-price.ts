// Bulk price changes in the staff product list (issue 30, docs/decisions/074): the new price from
// the old by a percentage or an amount, then the rounding, all in integer grosze. Pure.
//
// Edges, each decided here once:
// - the percentage is applied in integers (basis points) and rounded half up to a grosz:
//   −10 % of 12,35 zł = 11,115 → 11,12 zł;
// - a raw result ≤ 0 (−100 %, or an amount larger than the price) is refused ("not-positive"),
//   never clamped: a product given away by accident is worse than a refusal in the preview;
// - rounding moves a positive result to the NEAREST x,99 or x,00, a tie going up (12,49 is 50 gr
//   from 11,99 and from 12,99: 12,99; 12,50 → 13,00), and never below the smallest such price
//   (0,99 and 1,00): a positive price never rounds to 0;
// - above BULK_PRICE_MAX_GROSZE the change is refused ("too-high");
// - a promotional price must stay below the price it reduces: the result is refused
//   ("promotional-not-below-price") when it is not, whichever of the two the change moved.

/** 999 999,99 zł: far above anything handmade, far below the database's integer. */
export const BULK_PRICE_MAX_GROSZE = 99_999_999;

export const PRICE_ROUNDINGS = ["none", "99", "00"] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];

export type PriceChange =
  /** basis points: −1000 = −10 %, 250 = +2,5 % */
  | { mode: "percent"; basisPoints: number; rounding: PriceRounding }
  /** signed grosze: −500 = −5,00 zł */
  | { mode: "amount"; grosze: number; rounding: PriceRounding };

export type PriceRefusal = "not-positive" | "too-high" | "promotional-not-below-price";

export type PriceOutcome = { ok: true; grosze: number } | { ok: false; reason: PriceRefusal };

/** The raw result of a change, before the rounding (may be ≤ 0). */
export function rawChangedPrice(oldGrosze: number, change: PriceChange): number {
  if (change.mode === "amount") return oldGrosze + change.grosze;
  const scaled = oldGrosze * (10_000 + change.basisPoints);
  // half up (away from zero for the positive results that count; ≤ 0 is refused anyway)
  return Math.floor((scaled + 5_000) / 10_000);
}

/** A positive price rounded to the nearest x,99 or x,00 (never below 0,99 or 1,00). */
export function roundPrice(grosze: number, rounding: PriceRounding): number {
  if (rounding === "none") return grosze;
  if (rounding === "00") return Math.max(100, Math.floor((grosze + 50) / 100) * 100);
  // nearest x,99: shift by one grosz so that x,99 becomes a whole złoty, round half up, shift back
  return Math.max(99, Math.floor((grosze + 1 + 50) / 100) * 100 - 1);
}

/** The new price of one amount: refused when not positive or too high, else rounded. */
export function changedPrice(oldGrosze: number, change: PriceChange): PriceOutcome {
  const raw = rawChangedPrice(oldGrosze, change);
  if (raw <= 0) return { ok: false, reason: "not-positive" };
  const rounded = roundPrice(raw, change.rounding);
  if (rounded > BULK_PRICE_MAX_GROSZE) return { ok: false, reason: "too-high" };
  return { ok: true, grosze: rounded };
}

export interface PricePair {
  priceGrosze: number;
  promotionalPriceGrosze: number | null;
}

export type PairOutcome = { ok: true; after: PricePair } | { ok: false; reason: PriceRefusal };

/**
 * A change of a price pair (a product's or a variant's). `target: "price"` moves the price and keeps
 * the promotional price; `target: "promotional"` moves the promotional price, starting from the
 * price when there is none (−10 % on the promotional price of a product without one puts it on
 * sale at 90 % of its price). Either way the promotional price must end below the price.
 */
export function changedPair(
  pair: PricePair,
  target: "price" | "promotional",
  change: PriceChange,
): PairOutcome {
  const base = target === "price" ? pair.priceGrosze : (pair.promotionalPriceGrosze ?? pair.priceGrosze);
  const outcome = changedPrice(base, change);
  if (!outcome.ok) return outcome;
  const after: PricePair =
    target === "price"
      ? { priceGrosze: outcome.grosze, promotionalPriceGrosze: pair.promotionalPriceGrosze }
      : { priceGrosze: pair.priceGrosze, promotionalPriceGrosze: outcome.grosze };
  if (after.promotionalPriceGrosze !== null && after.promotionalPriceGrosze >= after.priceGrosze) {
    return { ok: false, reason: "promotional-not-below-price" };
  }
  return { ok: true, after };
}
