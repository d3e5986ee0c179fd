import { formatPercent, type Lang } from "./i18n/translate";

// The discount percent a shopper reads, on the product page and on every product card (issue 25
// defect 8: the page said "-20.21%" where the card said "-20%"). One rule for both: the whole percent
// rounded down, so a badge never promises more than the price gives; a discount below 1 % keeps one
// decimal (rounded down too), written with the language's separator ("0,5" in Polish).

/** The figure shown for a discount of `percent` (domain/pricing.ts discountPercent): 20.21 -> 20, 0.57 -> 0.5. */
export function shownDiscountPercent(percent: number): number {
  if (!(percent > 0)) return 0;
  // the small epsilon keeps a float like 19.999999999 (from 20) at 20
  if (percent >= 1) return Math.floor(percent + 1e-9);
  return Math.max(0.1, Math.floor(percent * 10 + 1e-9) / 10);
}

/** The shown figure in the language's notation, without the sign: "20", "0,5" (pl) or "0.5" (en). */
export function formatDiscountPercent(lang: Lang, percent: number): string {
  return formatPercent(lang, shownDiscountPercent(percent));
}
