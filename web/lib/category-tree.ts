import type { Category, Id } from "../../domain/types";

/** Finds a category anywhere in the tree. */
export function findCategory(tree: readonly Category[], id: Id): Category | undefined {
  for (const category of tree) {
    if (category._id === id) return category;
    const found = findCategory(category.subcategories, id);
    if (found) return found;
  }
  return undefined;
}

/** The category's id plus the ids of all its descendants; empty when the id is not in the tree. */
export function categoryAndDescendantIds(tree: readonly Category[], id: Id): Set<Id> {
  const ids = new Set<Id>();
  const root = findCategory(tree, id);
  if (!root) return ids;
  const stack: Category[] = [root];
  for (let category = stack.pop(); category; category = stack.pop()) {
    ids.add(category._id);
    stack.push(...category.subcategories);
  }
  return ids;
}

/** Parses a `kategoria` query value into a positive integer id. */
export function parseCategoryId(value: string | null): Id | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
