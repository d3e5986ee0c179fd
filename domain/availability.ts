// Stock level rules (SPEC §4 Availability, §9 thresholds).

import { AVAILABILITY_HIGH_ABOVE, AVAILABILITY_LOW_ABOVE, AVAILABILITY_MEDIUM_ABOVE } from "./constants";

/** 3 high (>9), 2 medium (>5), 1 low (>0), 0 unavailable. */
export type AvailabilityLevel = 0 | 1 | 2 | 3;
export type AvailabilityColour = "green" | "orange" | "red" | "grey";

export function availabilityLevel(quantity: number): AvailabilityLevel {
  if (quantity > AVAILABILITY_HIGH_ABOVE) return 3;
  if (quantity > AVAILABILITY_MEDIUM_ABOVE) return 2;
  if (quantity > AVAILABILITY_LOW_ABOVE) return 1;
  return 0;
}

const COLOURS: Readonly<Record<AvailabilityLevel, AvailabilityColour>> = {
  3: "green",
  2: "orange",
  1: "red",
  0: "grey",
};

export function availabilityColour(level: AvailabilityLevel): AvailabilityColour {
  return COLOURS[level];
}

export interface StockLike {
  quantity: number;
  variants?: readonly { quantity: number }[] | null;
}

/** Sum of variant quantities when the product has variants, else the product quantity. */
export function totalQuantity(product: StockLike): number {
  const variants = product.variants ?? [];
  if (variants.length > 0) {
    return variants.reduce((sum, variant) => sum + Math.max(0, variant.quantity), 0);
  }
  return Math.max(0, product.quantity);
}
