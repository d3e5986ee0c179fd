import { describe, expect, it } from "vitest";
import { crc8, isKsefNumber, makeKsefNumber } from "./ksef-number";

const DOCS_EXAMPLE = "5265877635-20250826-0100001AF629-AF";

describe("KSeF number", () => {
  it("checks the documentation's example", () => {
    expect(isKsefNumber(DOCS_EXAMPLE)).toBe(true);
  });

  it("fails when any one character changes", () => {
    for (let i = 0; i < DOCS_EXAMPLE.length; i++) {
      if (DOCS_EXAMPLE[i] === "-") continue;
      const replacement = DOCS_EXAMPLE[i] === "1" ? "2" : "1";
      const changed = DOCS_EXAMPLE.slice(0, i) + replacement + DOCS_EXAMPLE.slice(i + 1);
      expect(isKsefNumber(changed), changed).toBe(false);
    }
  });

  it("refuses other shapes: length, lower-case hex, missing dashes", () => {
    expect(isKsefNumber(`${DOCS_EXAMPLE}0`)).toBe(false);
    expect(isKsefNumber(DOCS_EXAMPLE.toLowerCase())).toBe(false);
    expect(isKsefNumber(DOCS_EXAMPLE.replaceAll("-", "_"))).toBe(false);
    expect(isKsefNumber("")).toBe(false);
  });

  it("makes the example from its parts, with a dashed or plain date", () => {
    expect(makeKsefNumber({ nip: "5265877635", date: "2025-08-26", technical: "0100001af629" })).toBe(
      DOCS_EXAMPLE,
    );
    expect(makeKsefNumber({ nip: "5265877635", date: "20250826", technical: "0100001AF629" })).toBe(
      DOCS_EXAMPLE,
    );
  });

  it("refuses parts that cannot make a number", () => {
    expect(() =>
      makeKsefNumber({ nip: "52658776", date: "2025-08-26", technical: "0100001AF629" }),
    ).toThrow();
    expect(() => makeKsefNumber({ nip: "5265877635", date: "2025-08-26", technical: "XYZ" })).toThrow();
  });

  it("computes CRC-8/0x07 as the standard check value", () => {
    // CRC-8 (poly 0x07, init 0, no reflection): the catalogue's check value for "123456789" is 0xF4
    expect(crc8("123456789")).toBe(0xf4);
  });
});
