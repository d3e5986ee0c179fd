import { describe, expect, it } from "vitest";
import { pageNumberSchema, paginate } from "./pagination";

describe("pageNumberSchema", () => {
  it.each<[unknown, number]>([
    ["3", 3],
    [2, 2],
    ["0", 1],
    ["-2", 1],
    ["x", 1],
    [undefined, 1],
    [1.5, 1],
  ])("%j -> %i", (input, page) => {
    expect(pageNumberSchema.parse(input)).toBe(page);
  });
});

describe("paginate", () => {
  const items = Array.from({ length: 25 }, (_, i) => i + 1);
  it.each<[number, number, number[], number, number]>([
    [1, 10, items.slice(0, 10), 1, 3],
    [3, 10, [21, 22, 23, 24, 25], 3, 3],
    [9, 10, [21, 22, 23, 24, 25], 3, 3],
    [0, 10, items.slice(0, 10), 1, 3],
    [1, 30, items, 1, 1],
  ])("page %i of %i", (page, perPage, pageItems, current, pageCount) => {
    expect(paginate(items, page, perPage)).toEqual({ items: pageItems, page: current, pageCount, total: 25 });
  });

  it("an empty list has one empty page", () => {
    expect(paginate([], 4, 10)).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });
});
