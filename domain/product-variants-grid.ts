// The variants editor of the staff product form (issue 6): one variant row per combination of the
// options of the chosen price-changing fields. Rows of combinations that already existed keep their
// id, prices and quantity; new combinations start at the product's price with no stock.

import { variantKey } from "./pricing";
import type { Id } from "./types";

export interface GridField {
  _id: Id;
  title: string;
  changePrice: boolean;
  options: readonly { _id: Id; title: string }[];
}

/** One row of the editor; prices as typed ("12,34") so a half-typed value survives re-renders. */
export interface GridRow {
  _id?: Id;
  /** field id -> option id */
  fields: Record<string, Id>;
  price: string;
  promotionalPrice: string;
  quantity: string;
}

/** The chosen fields that change the price, in the order they were chosen. */
export function priceFields(fields: readonly GridField[], chosen: readonly Id[]): GridField[] {
  const byId = new Map(fields.map((field) => [field._id, field]));
  return chosen
    .map((id) => byId.get(id))
    .filter((field): field is GridField => !!field && field.changePrice && field.options.length > 0);
}

/** Every combination of one option per field (cartesian product), first field varying slowest. */
export function optionCombinations(fields: readonly GridField[]): Record<string, Id>[] {
  if (fields.length === 0) return [];
  let combinations: Record<string, Id>[] = [{}];
  for (const field of fields) {
    combinations = combinations.flatMap((combination) =>
      field.options.map((option) => ({ ...combination, [String(field._id)]: option._id })),
    );
  }
  return combinations;
}

/**
 * The rows for the chosen fields: existing rows (matched by their option ids) keep their values;
 * the others get `defaults`. No price-changing field chosen: no rows.
 */
export function variantGrid(
  fields: readonly GridField[],
  chosen: readonly Id[],
  existing: readonly GridRow[],
  defaults: { price: string },
): GridRow[] {
  const byKey = new Map(existing.map((row) => [variantKey(row.fields), row]));
  return optionCombinations(priceFields(fields, chosen)).map((combination) => {
    const found = byKey.get(variantKey(combination));
    return found
      ? { ...found, fields: combination }
      : { fields: combination, price: defaults.price, promotionalPrice: "", quantity: "0" };
  });
}

/** "S / Biały": the option titles of a variant in the order of the given fields. */
export function variantLabel(
  fields: readonly GridField[],
  variantFields: Readonly<Record<string, Id>>,
): string {
  const titles: string[] = [];
  for (const field of fields) {
    const optionId = variantFields[String(field._id)];
    if (optionId === undefined) continue;
    const option = field.options.find((candidate) => candidate._id === optionId);
    titles.push(option?.title ?? `#${optionId}`);
  }
  return titles.join(" / ");
}
