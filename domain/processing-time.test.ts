import { describe, expect, it } from "vitest";
import {
  compareProcessingTime,
  isProcessingTime,
  longestProcessingTime,
  PROCESSING_TIMES,
  processingTimeSchema,
} from "./processing-time";
import type { ProcessingTime } from "./types";

describe("PROCESSING_TIMES", () => {
  it("lists the options shortest first", () => {
    expect(PROCESSING_TIMES).toEqual(["1-2", "3-6", "7-9", "10-14"]);
  });
});

describe("compareProcessingTime", () => {
  it.each<[ProcessingTime, ProcessingTime, -1 | 0 | 1]>([
    ["1-2", "3-6", -1],
    ["10-14", "7-9", 1],
    ["7-9", "7-9", 0],
    ["10-14", "1-2", 1],
    ["3-6", "10-14", -1],
  ])("%s vs %s -> %i", (a, b, sign) => {
    expect(Math.sign(compareProcessingTime(a, b))).toBe(sign);
  });

  it("sorts by duration, not as text", () => {
    expect((["10-14", "1-2", "7-9", "3-6"] as ProcessingTime[]).sort(compareProcessingTime)).toEqual([
      "1-2",
      "3-6",
      "7-9",
      "10-14",
    ]);
  });
});

describe("longestProcessingTime", () => {
  it.each<[ProcessingTime[], ProcessingTime]>([
    [[], "1-2"],
    [["3-6"], "3-6"],
    [["1-2", "10-14", "3-6"], "10-14"],
    [["7-9", "3-6", "1-2"], "7-9"],
    [["10-14", "7-9"], "10-14"],
  ])("%j -> %s", (times, longest) => {
    expect(longestProcessingTime(times)).toBe(longest);
  });

  it("uses the given fallback for an empty list", () => {
    expect(longestProcessingTime([], "3-6")).toBe("3-6");
  });
});

describe("isProcessingTime / processingTimeSchema", () => {
  it.each<[unknown, boolean]>([
    ["1-2", true],
    ["10-14", true],
    ["2-3", false],
    ["", false],
    [12, false],
    [null, false],
  ])("%j -> %s", (value, valid) => {
    expect(isProcessingTime(value)).toBe(valid);
    expect(processingTimeSchema.safeParse(value).success).toBe(valid);
  });
});
