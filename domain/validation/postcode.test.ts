import { describe, expect, it } from "vitest";
import { isValidPostCode, normalizePostCode, postCodeSchema } from "./postcode";

describe("isValidPostCode / normalizePostCode", () => {
  it.each<[string, string | null]>([
    ["00-950", "00-950"],
    ["00 950", "00-950"],
    ["00950", "00-950"],
    ["43-340", "43-340"],
    [" 43-340 ", "43-340"],
    ["0-950", null],
    ["00-95a", null],
    ["00--950", null],
    ["000-950", null],
    ["00-9500", null],
    ["00_950", null],
    ["", null],
  ])("%j -> %j", (code, normalized) => {
    expect(isValidPostCode(code)).toBe(normalized !== null);
    expect(normalizePostCode(code)).toBe(normalized);
  });
});

describe("postCodeSchema", () => {
  it.each([
    [" 00 950 ", "00-950"],
    ["00950", "00-950"],
  ])("%j -> %j", (input, output) => {
    expect(postCodeSchema.parse(input)).toBe(output);
  });

  it.each<[unknown, string]>([
    ["", "validation.required"],
    [undefined, "validation.required"],
    ["0-950", "validation.postCode"],
    ["00-95a", "validation.postCode"],
  ])("%j -> %s", (input, key) => {
    expect(postCodeSchema.safeParse(input).error?.issues[0]?.message).toBe(key);
  });
});
