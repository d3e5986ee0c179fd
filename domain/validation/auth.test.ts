import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { PASSWORD_MAX } from "../constants";
import {
  changePasswordSchema,
  loginSchema,
  newPasswordSchema,
  registerPayloadSchema,
  registerSchema,
  resetPasswordSchema,
} from "./auth";
import { type FieldError, fieldErrors } from "./errors";

const errorsOf = (result: { success: boolean; error?: { issues: readonly z.core.$ZodIssue[] } }) =>
  result.success || !result.error ? {} : fieldErrors(result.error);

describe("loginSchema", () => {
  it("normalises the e-mail and keeps the password as typed", () => {
    expect(loginSchema.parse({ email: " Ala@Example.PL ", password: " abc " })).toEqual({
      email: "ala@example.pl",
      password: " abc ",
    });
  });

  it.each<[unknown, Record<string, FieldError>]>([
    [{}, { email: { key: "validation.required" }, password: { key: "validation.required" } }],
    [
      { email: "", password: "" },
      { email: { key: "validation.required" }, password: { key: "validation.required" } },
    ],
    [{ email: "ala@", password: "x" }, { email: { key: "validation.email" } }],
    [{ email: "ala@example.pl", password: "1" }, {}],
    // a common password still logs in (the demo seed's, older accounts')
    [{ email: "ala@example.pl", password: "sklep1234" }, {}],
  ])("%j", (input, errors) => {
    expect(errorsOf(loginSchema.safeParse(input))).toEqual(errors);
  });

  it("refuses a password too long to be anyone's before it is hashed (issue 24 item 5)", () => {
    const password = "a".repeat(PASSWORD_MAX + 1);
    expect(errorsOf(loginSchema.safeParse({ email: "ala@example.pl", password }))).toMatchObject({
      password: { key: "validation.maxLength" },
    });
    expect(
      loginSchema.safeParse({ email: "ala@example.pl", password: "a".repeat(PASSWORD_MAX) }).success,
    ).toBe(true);
  });
});

describe("password confirmations are bounded too", () => {
  it.each([
    ["registerPayloadSchema", registerPayloadSchema],
    ["newPasswordSchema", newPasswordSchema],
  ] as const)("%s", (_name, schema) => {
    const long = "a".repeat(PASSWORD_MAX + 1);
    const input = {
      displayName: "Ala",
      email: "ala@example.pl",
      password: "sekret123",
      confirmPassword: long,
    };
    expect(errorsOf(schema.safeParse(input))).toMatchObject({
      confirmPassword: { key: "validation.maxLength" },
    });
  });
});

describe("resetPasswordSchema", () => {
  it.each<[unknown, Record<string, FieldError>]>([
    [{ email: "" }, { email: { key: "validation.required" } }],
    [{ email: "zly-adres" }, { email: { key: "validation.email" } }],
    [{ email: "ala@example.pl" }, {}],
  ])("%j", (input, errors) => {
    expect(errorsOf(resetPasswordSchema.safeParse(input))).toEqual(errors);
  });
});

describe("registerSchema", () => {
  const valid = {
    displayName: "Ala Kowalska",
    email: "ala@example.pl",
    password: "tajne123",
    confirmPassword: "tajne123",
    acceptTerms: true,
  };
  it.each<[string, Record<string, unknown>, Record<string, FieldError>]>([
    ["valid", {}, {}],
    [
      "name too short",
      { displayName: "Al" },
      { displayName: { key: "validation.minLength", params: { min: 3 } } },
    ],
    ["name of spaces", { displayName: "   " }, { displayName: { key: "validation.required" } }],
    [
      "name trimmed before length",
      { displayName: " Al " },
      { displayName: { key: "validation.minLength", params: { min: 3 } } },
    ],
    ["bad e-mail", { email: "ala.example.pl" }, { email: { key: "validation.email" } }],
    [
      "password too short",
      { password: "123456", confirmPassword: "123456" },
      { password: { key: "validation.minLength", params: { min: 7 } } },
    ],
    ["password exactly 7", { password: "kot1234", confirmPassword: "kot1234" }, {}],
    [
      "a common password",
      { password: "1234567", confirmPassword: "1234567" },
      { password: { key: "validation.commonPassword" } },
    ],
    [
      "the shop's name with digits",
      { password: "sklep1234", confirmPassword: "sklep1234" },
      { password: { key: "validation.commonPassword" } },
    ],
    [
      "password too long",
      { password: "x".repeat(129), confirmPassword: "x".repeat(129) },
      {
        password: { key: "validation.maxLength", params: { max: 128 } },
        confirmPassword: { key: "validation.maxLength", params: { max: 128 } },
      },
    ],
    [
      "password missing",
      { password: "", confirmPassword: "" },
      { password: { key: "validation.required" }, confirmPassword: { key: "validation.required" } },
    ],
    [
      "confirmation differs",
      { confirmPassword: "tajne124" },
      { confirmPassword: { key: "validation.sameAsPassword" } },
    ],
    ["terms not ticked", { acceptTerms: false }, { acceptTerms: { key: "validation.termsRequired" } }],
    ["terms missing", { acceptTerms: undefined }, { acceptTerms: { key: "validation.termsRequired" } }],
    [
      "mismatch is reported together with other errors",
      { displayName: "Al", confirmPassword: "inne-haslo" },
      {
        displayName: { key: "validation.minLength", params: { min: 3 } },
        confirmPassword: { key: "validation.sameAsPassword" },
      },
    ],
  ])("%s", (_name, patch, errors) => {
    expect(errorsOf(registerSchema.safeParse({ ...valid, ...patch }))).toEqual(errors);
  });

  it("API payload has no checkbox and still checks the confirmation", () => {
    const { acceptTerms: _ignored, ...payload } = valid;
    expect(registerPayloadSchema.parse(payload)).toEqual(payload);
    expect(errorsOf(registerPayloadSchema.safeParse({ ...payload, confirmPassword: "x" }))).toEqual({
      confirmPassword: { key: "validation.sameAsPassword" },
    });
  });
});

describe("newPasswordSchema", () => {
  it.each<[unknown, Record<string, FieldError>]>([
    [{ password: "nowehaslo", confirmPassword: "nowehaslo" }, {}],
    [
      { password: "krotki", confirmPassword: "krotki" },
      { password: { key: "validation.minLength", params: { min: 7 } } },
    ],
    [
      { password: "nowehaslo", confirmPassword: "nowehasl0" },
      { confirmPassword: { key: "validation.sameAsPassword" } },
    ],
    [{}, { password: { key: "validation.required" }, confirmPassword: { key: "validation.required" } }],
    [
      { password: "qwerty123", confirmPassword: "qwerty123" },
      { password: { key: "validation.commonPassword" } },
    ],
  ])("%j", (input, errors) => {
    expect(errorsOf(newPasswordSchema.safeParse(input))).toEqual(errors);
  });
});

describe("changePasswordSchema", () => {
  const valid = { currentPassword: "stare", password: "nowe-haslo-9", confirmPassword: "nowe-haslo-9" };
  it.each<[string, Record<string, unknown>, Record<string, FieldError>]>([
    ["valid (the current password may be short or common)", {}, {}],
    [
      "current password missing",
      { currentPassword: "" },
      { currentPassword: { key: "validation.required" } },
    ],
    [
      "current password too long",
      { currentPassword: "x".repeat(129) },
      { currentPassword: { key: "validation.maxLength", params: { max: 128 } } },
    ],
    [
      "new password common",
      { password: "password1", confirmPassword: "password1" },
      { password: { key: "validation.commonPassword" } },
    ],
    [
      "confirmation differs",
      { confirmPassword: "nowe-haslo-8" },
      { confirmPassword: { key: "validation.sameAsPassword" } },
    ],
  ])("%s", (_name, patch, errors) => {
    expect(errorsOf(changePasswordSchema.safeParse({ ...valid, ...patch }))).toEqual(errors);
  });
});
