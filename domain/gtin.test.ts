import { describe, expect, it } from "vitest";
import { gtinCheckDigit, isValidGtin, normalizeGtin } from "./gtin";

describe("GTIN check digit", () => {
  it("accepts real codes of every length", () => {
    // EAN-13 (GS1 Poland's example, a Faber-Castell pencil), EAN-8, UPC-A, GTIN-14
    for (const code of ["5901234123457", "4006381333931", "96385074", "036000291452", "10012345678902"]) {
      expect(isValidGtin(code), code).toBe(true);
    }
  });

  it("refuses a wrong check digit, a wrong length and anything but digits", () => {
    for (const code of ["5901234123458", "4006381333932", "96385075", "123456789", "", "590123412345a"]) {
      expect(isValidGtin(code), code).toBe(false);
    }
  });

  it("computes the check digit with weights 3, 1 from the right", () => {
    expect(gtinCheckDigit("590123412345")).toBe(7);
    expect(gtinCheckDigit("9638507")).toBe(4);
  });

  it("normalises a printed code to its digits", () => {
    expect(normalizeGtin(" 590 1234-123457 ")).toBe("5901234123457");
  });
});
