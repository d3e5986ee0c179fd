import { describe, expect, it } from "vitest";
import { isValidPolishPhone, normalizePolishPhone, optionalPhoneSchema, phoneSchema } from "./phone";

describe("isValidPolishPhone", () => {
  it.each<[string, boolean]>([
    ["+48 600 700 800", true],
    ["0048600700800", true],
    ["(22) 123 45 67", true],
    ["600-700-800", true],
    ["600700800", true],
    ["22 123 45 67", true],
    ["+48600700800", true],
    ["+48 (22) 123-45-67", true],
    ["0048 22 123 45 67", true],
    ["22-123-45-67", true],
    [" 600 700 800 ", true],
    ["12345", false],
    ["+48 600 700 80", false],
    ["6007008000", false],
    ["+49 600 700 800", false],
    ["48600700800", false],
    ["600  700 800", false],
    ["(600) 700 800", false],
    ["600.700.800", false],
    ["abc def ghi", false],
    ["", false],
  ])("%j -> %s", (phone, valid) => {
    expect(isValidPolishPhone(phone)).toBe(valid);
  });
});

describe("normalizePolishPhone", () => {
  it.each<[string, string | null]>([
    ["+48 600 700 800", "+48600700800"],
    ["0048600700800", "+48600700800"],
    ["(22) 123 45 67", "+48221234567"],
    ["600-700-800", "+48600700800"],
    ["12345", null],
  ])("%j -> %j", (phone, normalized) => {
    expect(normalizePolishPhone(phone)).toBe(normalized);
  });
});

describe("phoneSchema", () => {
  it.each<[unknown, string]>([
    [" +48 600 700 800 ", "+48 600 700 800"],
    ["600700800", "600700800"],
  ])("%j -> %j (trimmed)", (input, output) => {
    expect(phoneSchema.parse(input)).toBe(output);
  });

  it.each<[unknown, string]>([
    ["", "validation.required"],
    ["   ", "validation.required"],
    [undefined, "validation.required"],
    ["12345", "validation.phone"],
    [600700800, "validation.invalid"],
  ])("%j -> %s", (input, key) => {
    expect(phoneSchema.safeParse(input).error?.issues[0]?.message).toBe(key);
  });
});

describe("optionalPhoneSchema", () => {
  it.each<[unknown, string | null]>([
    [undefined, null],
    ["", null],
    [" 600 700 800", "600 700 800"],
  ])("%j -> %j", (input, output) => {
    expect(optionalPhoneSchema.parse(input)).toBe(output);
  });

  it("still validates a given number", () => {
    expect(optionalPhoneSchema.safeParse("12345").error?.issues[0]?.message).toBe("validation.phone");
  });
});
