// Editing the category tree as a flat list (staff /konto/sklep/kategorie and the bulk
// PUT /api/shops/categories). Pure: no I/O. A first-level category (below 'root') has parent null.
// Every edit returns a new list with the siblings of the touched parents renumbered 0, 1, 2, …

export interface TreeNode {
  _id: number;
  parent: number | null;
  order: number;
}

export type DropPosition = "before" | "after" | "inside";

const bySiblingOrder = (a: TreeNode, b: TreeNode) => a.order - b.order || a._id - b._id;

/** The children of `parent` (null = first level), in sibling order. */
export function childrenOf<T extends TreeNode>(items: readonly T[], parent: number | null): T[] {
  return items.filter((item) => item.parent === parent).sort(bySiblingOrder);
}

/** The list depth first (parent before its children, siblings in order), each with its depth. */
export function depthFirst<T extends TreeNode>(items: readonly T[]): { item: T; depth: number }[] {
  const result: { item: T; depth: number }[] = [];
  const ids = new Set(items.map((item) => item._id));
  const visited = new Set<number>();
  const visit = (parent: number | null, depth: number) => {
    for (const item of childrenOf(items, parent)) {
      if (visited.has(item._id)) continue;
      visited.add(item._id);
      result.push({ item, depth });
      visit(item._id, depth + 1);
    }
  };
  visit(null, 0);
  // orphans (a parent outside the list) show at the first level
  for (const item of items) {
    if (!visited.has(item._id) && (item.parent === null || !ids.has(item.parent))) {
      visited.add(item._id);
      result.push({ item, depth: 0 });
      visit(item._id, 1);
    }
  }
  return result;
}

/** True when `id` is `ancestor` or lies below it. */
export function isWithin(items: readonly TreeNode[], id: number, ancestor: number): boolean {
  const parentOf = new Map(items.map((item) => [item._id, item.parent]));
  let current: number | null | undefined = id;
  const seen = new Set<number>();
  while (current !== null && current !== undefined && !seen.has(current)) {
    if (current === ancestor) return true;
    seen.add(current);
    current = parentOf.get(current);
  }
  return false;
}

/** The id of a category that is its own ancestor (a parent cycle), or null. */
export function findCycle(items: readonly TreeNode[]): number | null {
  const parentOf = new Map(items.map((item) => [item._id, item.parent]));
  for (const item of items) {
    const seen = new Set<number>();
    let current: number | null | undefined = item._id;
    while (current !== null && current !== undefined) {
      if (seen.has(current)) return item._id;
      seen.add(current);
      current = parentOf.get(current);
    }
  }
  return null;
}

/** Siblings of every parent numbered 0, 1, 2, … in their current order. */
export function renumberSiblings<T extends TreeNode>(items: readonly T[]): T[] {
  const order = new Map<number, number>();
  const parents = new Set(items.map((item) => item.parent));
  for (const parent of parents) {
    childrenOf(items, parent).forEach((item, index) => {
      order.set(item._id, index);
    });
  }
  return items.map((item) => ({ ...item, order: order.get(item._id) ?? item.order }));
}

/** Puts `id` among the children of `parent` at `index` (0 = first), renumbering both sibling lists. */
function placeAt<T extends TreeNode>(
  items: readonly T[],
  id: number,
  parent: number | null,
  index: number,
): T[] {
  const moving = items.find((item) => item._id === id);
  if (!moving) return [...items];
  const siblings = childrenOf(items, parent).filter((item) => item._id !== id);
  const clamped = Math.max(0, Math.min(index, siblings.length));
  siblings.splice(clamped, 0, { ...moving, parent });
  const placed = new Map(siblings.map((item, position) => [item._id, { ...item, order: position }]));
  const moved = items.map((item) => placed.get(item._id) ?? item);
  // the old siblings close the gap
  return moving.parent === parent ? moved : renumberSiblings(moved);
}

/**
 * Moves `id` next to (before/after) or into (inside, as the last child) `target`. Refused (null) when
 * the target is the category itself or one of its subcategories, or either id is unknown.
 */
export function moveCategory<T extends TreeNode>(
  items: readonly T[],
  id: number,
  target: number,
  position: DropPosition,
): T[] | null {
  const targetItem = items.find((item) => item._id === target);
  if (!targetItem || !items.some((item) => item._id === id)) return null;
  if (isWithin(items, target, id)) return null;
  if (position === "inside") {
    return placeAt(items, id, target, childrenOf(items, target).filter((item) => item._id !== id).length);
  }
  const siblings = childrenOf(items, targetItem.parent).filter((item) => item._id !== id);
  const index = siblings.findIndex((item) => item._id === target);
  return placeAt(items, id, targetItem.parent, position === "before" ? index : index + 1);
}

export type TreeStep = "up" | "down" | "indent" | "outdent";

/**
 * The keyboard and touch moves: up/down among its siblings; indent = the last child of the previous
 * sibling; outdent = the sibling right after its parent. null when the move is not possible.
 */
export function stepCategory<T extends TreeNode>(
  items: readonly T[],
  id: number,
  step: TreeStep,
): T[] | null {
  const item = items.find((candidate) => candidate._id === id);
  if (!item) return null;
  const siblings = childrenOf(items, item.parent);
  const index = siblings.findIndex((candidate) => candidate._id === id);
  switch (step) {
    case "up":
      return index > 0 ? placeAt(items, id, item.parent, index - 1) : null;
    case "down":
      return index < siblings.length - 1 ? placeAt(items, id, item.parent, index + 1) : null;
    case "indent": {
      const previous = siblings[index - 1];
      return previous ? moveCategory(items, id, previous._id, "inside") : null;
    }
    case "outdent": {
      if (item.parent === null) return null;
      return moveCategory(items, id, item.parent, "after");
    }
  }
}

/** Which steps are possible for `id` (to disable the buttons that would do nothing). */
export function possibleSteps(items: readonly TreeNode[], id: number): Record<TreeStep, boolean> {
  const item = items.find((candidate) => candidate._id === id);
  if (!item) return { up: false, down: false, indent: false, outdent: false };
  const siblings = childrenOf(items, item.parent);
  const index = siblings.findIndex((candidate) => candidate._id === id);
  return {
    up: index > 0,
    down: index < siblings.length - 1,
    indent: index > 0,
    outdent: item.parent !== null,
  };
}

/** The entries whose parent or order differ from `before` (what the bulk save needs to send). */
export function changedNodes(before: readonly TreeNode[], after: readonly TreeNode[]): TreeNode[] {
  const old = new Map(before.map((item) => [item._id, item]));
  return after
    .filter((item) => {
      const previous = old.get(item._id);
      return !previous || previous.parent !== item.parent || previous.order !== item.order;
    })
    .map(({ _id, parent, order }) => ({ _id, parent, order }));
}
