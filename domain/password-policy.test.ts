import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./password-policy";

describe("isCommonPassword", () => {
  it("refuses passwords from the embedded list, in any letter case", () => {
    for (const password of ["password", "12345678", "qwertyuiop", "1qaz2wsx", "Sunshine", "TRUSTNO1"]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("refuses the shop's words and common ones with digits or symbols around them", () => {
    for (const password of [
      "sklep1234",
      "admin1234",
      "klient1234",
      "nowy12345",
      "Hasło123",
      "haslo!!!",
      "qwerty123",
      "password1",
      "sklep-z-szyciem",
      "2024sklep",
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("accepts passwords that are not common", () => {
    for (const password of [
      "tajne-haslo-1",
      "nowe-haslo-2",
      "haslo-testowe-123",
      "sekret123",
      "Kot w butach 7",
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it("does not look at long inputs", () => {
    expect(isCommonPassword(`password${"1".repeat(1_000)}`)).toBe(false);
  });
});
