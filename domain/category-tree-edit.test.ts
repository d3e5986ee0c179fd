import { describe, expect, it } from "vitest";
import {
  changedNodes,
  depthFirst,
  findCycle,
  moveCategory,
  possibleSteps,
  renumberSiblings,
  stepCategory,
  type TreeNode,
} from "./category-tree-edit";

// A: 1 (children 11, 12), 2, 3 (child 31)
const tree: TreeNode[] = [
  { _id: 1, parent: null, order: 0 },
  { _id: 2, parent: null, order: 1 },
  { _id: 3, parent: null, order: 2 },
  { _id: 11, parent: 1, order: 0 },
  { _id: 12, parent: 1, order: 1 },
  { _id: 31, parent: 3, order: 0 },
];

const shape = (items: readonly TreeNode[] | null) =>
  items ? depthFirst(items).map(({ item, depth }) => `${"-".repeat(depth)}${item._id}@${item.order}`) : null;

describe("depthFirst", () => {
  it("lists parents before children, siblings by order then id", () => {
    expect(shape(tree)).toEqual(["1@0", "-11@0", "-12@1", "2@1", "3@2", "-31@0"]);
  });

  it("shows a category whose parent is outside the list at the first level", () => {
    expect(shape([{ _id: 5, parent: 99, order: 0 }])).toEqual(["5@0"]);
  });
});

describe("stepCategory (keyboard and touch moves)", () => {
  it("moves up and down among siblings and renumbers them", () => {
    expect(shape(stepCategory(tree, 2, "up"))).toEqual(["2@0", "1@1", "-11@0", "-12@1", "3@2", "-31@0"]);
    expect(shape(stepCategory(tree, 11, "down"))).toEqual(["1@0", "-12@0", "-11@1", "2@1", "3@2", "-31@0"]);
  });

  it("refuses moves past the ends", () => {
    expect(stepCategory(tree, 1, "up")).toBeNull();
    expect(stepCategory(tree, 3, "down")).toBeNull();
    expect(stepCategory(tree, 1, "indent")).toBeNull();
    expect(stepCategory(tree, 2, "outdent")).toBeNull();
    expect(stepCategory(tree, 404, "up")).toBeNull();
  });

  it("indent makes it the last child of the previous sibling; the old siblings close the gap", () => {
    expect(shape(stepCategory(tree, 2, "indent"))).toEqual(["1@0", "-11@0", "-12@1", "-2@2", "3@1", "-31@0"]);
  });

  it("outdent puts it right after its parent", () => {
    expect(shape(stepCategory(tree, 11, "outdent"))).toEqual(["1@0", "-12@0", "11@1", "2@2", "3@3", "-31@0"]);
  });

  it("says which steps are possible", () => {
    expect(possibleSteps(tree, 1)).toEqual({ up: false, down: true, indent: false, outdent: false });
    expect(possibleSteps(tree, 12)).toEqual({ up: true, down: false, indent: true, outdent: true });
  });
});

describe("moveCategory (drag and drop)", () => {
  it("drops before, after and inside a target", () => {
    expect(shape(moveCategory(tree, 3, 1, "before"))).toEqual([
      "3@0",
      "-31@0",
      "1@1",
      "-11@0",
      "-12@1",
      "2@2",
    ]);
    expect(shape(moveCategory(tree, 31, 11, "after"))).toEqual([
      "1@0",
      "-11@0",
      "-31@1",
      "-12@2",
      "2@1",
      "3@2",
    ]);
    expect(shape(moveCategory(tree, 2, 31, "inside"))).toEqual([
      "1@0",
      "-11@0",
      "-12@1",
      "3@1",
      "-31@0",
      "--2@0",
    ]);
  });

  it("refuses a drop onto itself or into its own subcategory", () => {
    expect(moveCategory(tree, 1, 1, "inside")).toBeNull();
    expect(moveCategory(tree, 1, 11, "inside")).toBeNull();
    expect(moveCategory(tree, 1, 12, "after")).toBeNull();
    expect(moveCategory(tree, 1, 404, "after")).toBeNull();
  });
});

describe("findCycle, renumberSiblings, changedNodes", () => {
  it("finds a parent cycle", () => {
    expect(findCycle(tree)).toBeNull();
    expect(
      findCycle([
        { _id: 1, parent: 2, order: 0 },
        { _id: 2, parent: 1, order: 0 },
      ]),
    ).not.toBeNull();
    expect(findCycle([{ _id: 1, parent: 1, order: 0 }])).toBe(1);
  });

  it("renumbers siblings keeping their order", () => {
    const gaps = [
      { _id: 1, parent: null, order: 5 },
      { _id: 2, parent: null, order: 9 },
      { _id: 3, parent: 1, order: 7 },
    ];
    expect(renumberSiblings(gaps).map((item) => item.order)).toEqual([0, 1, 0]);
  });

  it("lists only the entries whose parent or order changed", () => {
    const moved = stepCategory(tree, 2, "up") ?? [];
    expect(changedNodes(tree, moved)).toEqual([
      { _id: 1, parent: null, order: 1 },
      { _id: 2, parent: null, order: 0 },
    ]);
  });
});
