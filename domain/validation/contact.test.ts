import { describe, expect, it } from "vitest";
import { contactSchema } from "./contact";
import { type FieldError, fieldErrors } from "./errors";

describe("contactSchema", () => {
  it.each<[unknown, Record<string, FieldError>]>([
    [{ email: "ala@example.pl", message: "Dzień dobry" }, {}],
    [
      { email: "", message: "" },
      { email: { key: "validation.required" }, message: { key: "validation.required" } },
    ],
    [
      { email: "ala", message: "   " },
      { email: { key: "validation.email" }, message: { key: "validation.required" } },
    ],
    [
      { email: "ala@example.pl", message: "x".repeat(5001) },
      { message: { key: "validation.maxLength", params: { max: 5000 } } },
    ],
  ])("%j", (input, errors) => {
    const result = contactSchema.safeParse(input);
    expect(result.success ? {} : fieldErrors(result.error)).toEqual(errors);
  });

  it("trims the message", () => {
    expect(contactSchema.parse({ email: "ala@example.pl", message: "  Cześć  " }).message).toBe("Cześć");
  });
});
