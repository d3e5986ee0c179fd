// Page numbers and slicing for lists.

import { z } from "zod";

/** Lenient page number ("strona"): anything that is not a positive integer -> 1. */
export const pageNumberSchema = z.preprocess(
  (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z.number().int().min(1).catch(1),
);

export interface Page<T> {
  items: T[];
  /** 1-based, clamped to the available pages */
  page: number;
  pageCount: number;
  total: number;
}

/** Slices `items` for a 1-based page; pages beyond the end show the last page. */
export function paginate<T>(items: readonly T[], page: number, perPage: number): Page<T> {
  const size = Math.max(1, Math.floor(perPage));
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.floor(Number.isFinite(page) ? page : 1)), pageCount);
  const start = (current - 1) * size;
  return { items: items.slice(start, start + size), page: current, pageCount, total: items.length };
}
