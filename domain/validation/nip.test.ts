import { describe, expect, it } from "vitest";
import { isValidNip, nipSchema, normalizeNip } from "./nip";

describe("isValidNip", () => {
  it.each<[string, boolean]>([
    ["7740001454", true], // ORLEN S.A.
    ["774-00-01-454", true],
    ["6920000013", true], // KGHM Polska Miedź S.A.
    ["692-000-00-13", true],
    ["5250007738", true], // PKO BP
    ["525 000 77 38", true],
    [" 774-000-14-54 ", true],
    ["7740001455", false], // wrong check digit
    ["1234567890", false], // remainder 10
    ["692000001", false], // 9 digits
    ["77400014540", false], // 11 digits
    ["0000000000", false], // passes the checksum, rejected
    ["774000145a", false],
    ["774.000.14.54", false],
    ["", false],
  ])("%j -> %s", (nip, valid) => {
    expect(isValidNip(nip)).toBe(valid);
  });
});

describe("normalizeNip", () => {
  it.each([
    ["774-00-01-454", "7740001454"],
    ["525 000 77 38", "5250007738"],
    ["6920000013", "6920000013"],
  ])("%j -> %j", (input, output) => {
    expect(normalizeNip(input)).toBe(output);
  });
});

describe("nipSchema", () => {
  it.each<[unknown, string | null]>([
    [undefined, null],
    [null, null],
    ["", null],
    ["   ", null],
    ["774-00-01-454", "7740001454"],
    [" 692-000-00-13 ", "6920000013"],
  ])("%j -> %j", (input, output) => {
    expect(nipSchema.parse(input)).toBe(output);
  });

  it.each([["7740001455"], ["1234567890"], ["692000001"], [7740001454]])("%j -> validation.nip", (input) => {
    const result = nipSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("validation.nip");
  });
});
