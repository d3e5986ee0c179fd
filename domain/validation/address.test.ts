import { describe, expect, it } from "vitest";
import {
  addressSchema,
  invoiceDataSchema,
  loggedInRecipientSchema,
  makeAddressSchema,
  userSettingsSchema,
} from "./address";
import { type FieldError, fieldErrors } from "./errors";

const valid = {
  displayName: "Jan Nowak",
  email: "jan@example.pl",
  phone: "600 700 800",
  postCode: "00-950",
  city: "Warszawa",
  street: "Prosta 1",
};

const errorsOf = (schema: typeof addressSchema | typeof invoiceDataSchema, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe("addressSchema", () => {
  it("normalises a valid address", () => {
    expect(
      addressSchema.parse({
        ...valid,
        displayName: "  Jan Nowak ",
        email: " JAN@Example.pl",
        phone: " +48 600 700 800 ",
        postCode: " 00950 ",
        nip: "774-00-01-454",
      }),
    ).toEqual({ ...valid, phone: "+48 600 700 800", nip: "7740001454" });
  });

  it("NIP is optional", () => {
    expect(addressSchema.parse(valid).nip).toBeNull();
    expect(addressSchema.parse({ ...valid, nip: "" }).nip).toBeNull();
  });

  it.each<[string, Record<string, unknown>, Record<string, FieldError>]>([
    [
      "name too short",
      { displayName: "Jo" },
      { displayName: { key: "validation.minLength", params: { min: 3 } } },
    ],
    ["e-mail missing", { email: "" }, { email: { key: "validation.required" } }],
    ["e-mail invalid", { email: "jan@" }, { email: { key: "validation.email" } }],
    ["phone missing", { phone: undefined }, { phone: { key: "validation.required" } }],
    ["phone invalid", { phone: "12345" }, { phone: { key: "validation.phone" } }],
    ["postcode invalid", { postCode: "0-950" }, { postCode: { key: "validation.postCode" } }],
    ["postcode missing", { postCode: " " }, { postCode: { key: "validation.required" } }],
    ["city missing", { city: "" }, { city: { key: "validation.required" } }],
    ["street missing", { street: undefined }, { street: { key: "validation.required" } }],
    ["bad NIP", { nip: "7740001455" }, { nip: { key: "validation.nip" } }],
    ["NIP with 9 digits", { nip: "692000001" }, { nip: { key: "validation.nip" } }],
  ])("%s", (_name, patch, errors) => {
    expect(errorsOf(addressSchema, { ...valid, ...patch })).toEqual(errors);
  });
});

describe("makeAddressSchema with hidden fields", () => {
  it.each<[string, { requireEmail?: boolean; requirePhone?: boolean }, Record<string, unknown>, boolean]>([
    ["e-mail hidden: may be missing", { requireEmail: false }, { email: undefined }, true],
    ["e-mail hidden: may be blank", { requireEmail: false }, { email: "" }, true],
    ["e-mail hidden: a given one must be valid", { requireEmail: false }, { email: "zly" }, false],
    ["e-mail hidden: phone still required", { requireEmail: false }, { email: "", phone: "" }, false],
    ["phone hidden: may be missing", { requirePhone: false }, { phone: undefined }, true],
    ["phone hidden: a given one must be valid", { requirePhone: false }, { phone: "123" }, false],
    ["default requires both", {}, { email: "", phone: "" }, false],
  ])("%s", (_name, options, patch, ok) => {
    expect(makeAddressSchema(options).safeParse({ ...valid, ...patch }).success).toBe(ok);
  });

  it("logged-in recipient gives a null e-mail when hidden", () => {
    expect(loggedInRecipientSchema.parse({ ...valid, email: "" }).email).toBeNull();
  });
});

describe("invoiceDataSchema", () => {
  it.each<[Record<string, unknown>, Record<string, FieldError>]>([
    [{ email: "", phone: "", nip: "525-000-77-38" }, {}],
    [{ email: undefined, phone: undefined }, {}],
    [{ nip: "1234567890" }, { nip: { key: "validation.nip" } }],
    [
      { displayName: "", street: "" },
      { displayName: { key: "validation.required" }, street: { key: "validation.required" } },
    ],
  ])("%j", (patch, errors) => {
    expect(errorsOf(invoiceDataSchema, { ...valid, ...patch })).toEqual(errors);
  });
});

describe("userSettingsSchema", () => {
  it("has no e-mail and requires the rest", () => {
    const { email: _email, ...settings } = valid;
    expect(userSettingsSchema.parse({ ...settings, email: "ignored@example.pl" })).toEqual({
      ...settings,
      nip: null,
    });
    expect(userSettingsSchema.safeParse({ ...settings, phone: "" }).success).toBe(false);
  });
});
