import type { Id } from "../../domain/types";

/** Parses a `kategoria` query value into a positive integer id. */
export function parseCategoryId(value: string | null): Id | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
