import { describe, expect, it } from "vitest";
import { buildCategoryTree, type CategoryRow, flattenCategoryTree } from "./catalog.mapper";

const row = (id: number, title: string, parentId: number | null, order = 0): CategoryRow => ({
  id,
  title,
  parentId,
  order,
  image: null,
});

describe("buildCategoryTree", () => {
  it("treats every top-level category as first level when there is no root", () => {
    const tree = buildCategoryTree([row(5, "B", null, 1), row(3, "A", null, 1), row(9, "A1", 3)]);
    expect(tree.map((category) => category._id)).toEqual([3, 5]);
    expect(tree[0]?.subcategories[0]).toMatchObject({ _id: 9, parent: 3, path: "A/A1", idsPath: "3/9" });
  });

  it("leaves out categories whose parents form a cycle, and keeps a nested 'root' title as a plain category", () => {
    const rows = [
      row(1, "root", null),
      row(2, "X", 1),
      row(3, "root", 2),
      row(10, "C1", 11),
      row(11, "C2", 10),
    ];
    const flat = flattenCategoryTree(buildCategoryTree(rows));
    expect(flat.map((category) => category.path)).toEqual(["X", "X/root"]);
  });
});
