// URL slugs and id parameters (SPEC §2).
//
// A slug is decorative: routes read only the id before the first dash
// (`/produkt/12-Kocyk_rozowy`), so ids are positive integers without dashes.
// Slug rules: Polish letters -> plain ones (upper case too; case is otherwise KEPT),
// other diacritics stripped, brackets ()[]{} removed, whitespace runs -> one "_",
// and any character that is not safe in a URL path segment ([A-Za-z0-9_.~-]) removed.

import type { Id } from "./types";

const POLISH_LETTERS: Readonly<Record<string, string>> = {
  ą: "a",
  ć: "c",
  ę: "e",
  ł: "l",
  ń: "n",
  ó: "o",
  ś: "s",
  ź: "z",
  ż: "z",
  Ą: "A",
  Ć: "C",
  Ę: "E",
  Ł: "L",
  Ń: "N",
  Ó: "O",
  Ś: "S",
  Ź: "Z",
  Ż: "Z",
};

export function slugify(title: string): string {
  return title
    .replace(/[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/g, (letter) => POLISH_LETTERS[letter] ?? letter)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[()[\]{}]/g, "")
    .trim()
    .replace(/\s+/g, "_")
    .replace(/[^A-Za-z0-9_.~-]/g, "")
    .replace(/_+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** `/produkt/{id}-{slug}`. */
export function productPath(id: Id, title: string): string {
  return `/produkt/${id}-${slugify(title)}`;
}

/**
 * The category a product link from a list names with `?kategoria=` (SPEC §2: added when the product
 * has more than one category and the current one differs from its first), or null for none.
 * `listed` is the list's category followed by its descendants (a category list shows its
 * subcategories' products too): the product's category that is the listed one, or else the first
 * inside it, is the current one, so the product page's breadcrumb leads back to where the shopper was.
 */
export function linkCategoryId(productCategories: readonly Id[], listed: readonly Id[]): Id | null {
  if (productCategories.length < 2) return null;
  const current = listed.find((id) => productCategories.includes(id));
  return current === undefined || current === productCategories[0] ? null : current;
}

/**
 * Product link with the optional `?kategoria=` breadcrumb hint: added when the product
 * has more than one category and the current category differs from its first one.
 */
export function productLink(
  product: { _id: Id; title: string; categories: readonly Id[] },
  currentCategoryId?: Id | null,
): string {
  const path = productPath(product._id, product.title);
  const category = linkCategoryId(product.categories, currentCategoryId == null ? [] : [currentCategoryId]);
  return category === null ? path : `${path}?kategoria=${category}`;
}

/** `/blog/{id}-{slug}`. */
export function blogPath(id: Id, title: string): string {
  return `/blog/${id}-${slugify(title)}`;
}

/**
 * Reads the id from a route parameter such as "12-kocyk_dla_dzieci" (or just "12"):
 * the part before the first dash, which must be a positive integer without leading zeros.
 */
export function parseIdFromParam(param: string | null | undefined): Id | null {
  if (param == null) return null;
  const dash = param.indexOf("-");
  const head = dash === -1 ? param : param.slice(0, dash);
  if (!/^[1-9][0-9]*$/.test(head)) return null;
  const id = Number(head);
  return Number.isSafeInteger(id) ? id : null;
}
