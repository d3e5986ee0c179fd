import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  caseRejectionSchema,
  complaintAnswerSchema,
  complaintPhotosSchema,
  complaintSchema,
  goodsReceivedSchema,
  refundRequestSchema,
  withdrawalStatementSchema,
} from "./after-sale";
import { type FieldError, fieldErrors } from "./errors";

const errorsOf = (schema: z.ZodType, input: unknown): Record<string, FieldError> => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

const key = "3f2c8a1e-5b7d-4c9e-8f01-23456789abcd";
const statement = {
  name: "Zofia Łęcka",
  email: "zofia@example.com",
  orderNumber: "20261121-0007",
  lines: [{ lineId: 11, quantity: 1 }],
  submissionKey: key,
};

describe("withdrawalStatementSchema", () => {
  it.each<[string, unknown, Record<string, FieldError>]>([
    ["valid without a reason", statement, {}],
    ["valid with a reason", { ...statement, reason: "Rozmiar nie pasuje" }, {}],
    ["empty lines", { ...statement, lines: [] }, { lines: { key: "afterSale.linesRequired" } }],
    ["no lines", { ...statement, lines: undefined }, { lines: { key: "afterSale.linesRequired" } }],
    [
      "quantity 0",
      { ...statement, lines: [{ lineId: 11, quantity: 0 }] },
      { "lines.0.quantity": { key: "validation.minValue", params: { min: 1 } } },
    ],
    [
      "half a unit",
      { ...statement, lines: [{ lineId: 11, quantity: 1.5 }] },
      { "lines.0.quantity": { key: "validation.integer" } },
    ],
    [
      "more than a line can hold",
      { ...statement, lines: [{ lineId: 11, quantity: 1000 }] },
      { "lines.0.quantity": { key: "validation.maxValue", params: { max: 999 } } },
    ],
    [
      "a line without an id",
      { ...statement, lines: [{ quantity: 1 }] },
      { "lines.0.lineId": { key: "validation.required" } },
    ],
    [
      "the same line twice",
      {
        ...statement,
        lines: [
          { lineId: 11, quantity: 1 },
          { lineId: 11, quantity: 1 },
        ],
      },
      { lines: { key: "validation.invalid" } },
    ],
    [
      "overlong reason",
      { ...statement, reason: "x".repeat(1001) },
      { reason: { key: "validation.maxLength", params: { max: 1000 } } },
    ],
    ["blank name", { ...statement, name: "   " }, { name: { key: "validation.required" } }],
    ["bad e-mail", { ...statement, email: "zofia" }, { email: { key: "validation.email" } }],
    ["no order number", { ...statement, orderNumber: "" }, { orderNumber: { key: "validation.required" } }],
    [
      "no submission key",
      { ...statement, submissionKey: undefined },
      { submissionKey: { key: "validation.required" } },
    ],
    [
      "a short submission key",
      { ...statement, submissionKey: "abc" },
      { submissionKey: { key: "validation.invalid" } },
    ],
    [
      "a submission key with spaces inside",
      { ...statement, submissionKey: "abc def ghi" },
      { submissionKey: { key: "validation.invalid" } },
    ],
  ])("%s", (_name, input, errors) => {
    expect(errorsOf(withdrawalStatementSchema, input)).toEqual(errors);
  });

  it("trims, lower-cases the e-mail, reads form digits and defaults the reason to empty", () => {
    expect(
      withdrawalStatementSchema.parse({
        ...statement,
        name: "  Zofia Łęcka ",
        email: " Zofia@Example.com ",
        lines: [{ lineId: "11", quantity: " 2 " }],
      }),
    ).toEqual({
      name: "Zofia Łęcka",
      email: "zofia@example.com",
      orderNumber: "20261121-0007",
      lines: [{ lineId: 11, quantity: 2 }],
      reason: "",
      submissionKey: key,
    });
  });
});

describe("complaintSchema", () => {
  const complaint = {
    lines: [{ lineId: 11, quantity: 1 }],
    description: "Szew puścił po pierwszym praniu.",
    remedy: "repair",
    submissionKey: key,
  };
  it.each<[string, unknown, Record<string, FieldError>]>([
    ["valid without photos", complaint, {}],
    ["each remedy: replacement", { ...complaint, remedy: "replacement" }, {}],
    ["each remedy: price reduction", { ...complaint, remedy: "price-reduction" }, {}],
    ["each remedy: withdrawal", { ...complaint, remedy: "withdrawal" }, {}],
    ["unknown remedy", { ...complaint, remedy: "refund" }, { remedy: { key: "afterSale.chooseRemedy" } }],
    ["no remedy", { ...complaint, remedy: undefined }, { remedy: { key: "afterSale.chooseRemedy" } }],
    [
      "a short description",
      { ...complaint, description: "  Zepsute " },
      { description: { key: "validation.minLength", params: { min: 10 } } },
    ],
    [
      "an overlong description",
      { ...complaint, description: "x".repeat(4001) },
      { description: { key: "validation.maxLength", params: { max: 4000 } } },
    ],
    ["empty lines", { ...complaint, lines: [] }, { lines: { key: "afterSale.linesRequired" } }],
  ])("%s", (_name, input, errors) => {
    expect(errorsOf(complaintSchema, input)).toEqual(errors);
  });
});

describe("complaintPhotosSchema", () => {
  it.each<[string, number, Record<string, FieldError>]>([
    ["no photos", 0, {}],
    ["five photos", 5, {}],
    ["six photos", 6, { photos: { key: "afterSale.tooManyPhotos", params: { max: 5 } } }],
  ])("%s", (_name, count, errors) => {
    expect(errorsOf(complaintPhotosSchema, { photos: Array.from({ length: count }, () => ({})) })).toEqual(
      errors,
    );
  });
});

describe("goodsReceivedSchema", () => {
  it.each<[string, unknown, Record<string, FieldError>]>([
    ["one line back into stock", { lines: [{ lineId: 11, quantity: 2, restock: true }] }, {}],
    ["restock from a checkbox", { lines: [{ lineId: 11, quantity: 2, restock: "on" }] }, {}],
    ["no lines", { lines: [] }, { lines: { key: "afterSale.linesRequired" } }],
    [
      "quantity 0",
      { lines: [{ lineId: 11, quantity: 0, restock: false }] },
      { "lines.0.quantity": { key: "validation.minValue", params: { min: 1 } } },
    ],
    [
      "restock neither yes nor no",
      { lines: [{ lineId: 11, quantity: 1, restock: "maybe" }] },
      { "lines.0.restock": { key: "validation.invalid" } },
    ],
  ])("%s", (_name, input, errors) => {
    expect(errorsOf(goodsReceivedSchema, input)).toEqual(errors);
  });

  it.each<[unknown, boolean]>([
    [true, true],
    ["on", true],
    ["true", true],
    [false, false],
    ["false", false],
    [undefined, false],
    ["", false],
  ])("restock %j -> %s", (restock, expected) => {
    expect(
      goodsReceivedSchema.parse({ lines: [{ lineId: 11, quantity: 1, restock }] }).lines[0]?.restock,
    ).toBe(expected);
  });
});

describe("refundRequestSchema", () => {
  it.each<[string, unknown, Record<string, FieldError>]>([
    ["a withdrawal's refund", { amountGrosze: 4_844, reason: "withdrawal", caseId: 3 }, {}],
    ["a complaint's price reduction", { amountGrosze: "1500", reason: "complaint", caseId: "3" }, {}],
    ["money owed back", { amountGrosze: 9_098, reason: "refund-owed" }, {}],
    ["a staff cancel", { amountGrosze: 9_098, reason: "cancel", caseId: "" }, {}],
    [
      "a withdrawal without its case",
      { amountGrosze: 100, reason: "withdrawal" },
      { caseId: { key: "validation.required" } },
    ],
    [
      "a cancel naming a case",
      { amountGrosze: 100, reason: "cancel", caseId: 3 },
      { caseId: { key: "validation.invalid" } },
    ],
    [
      "zero",
      { amountGrosze: 0, reason: "cancel" },
      { amountGrosze: { key: "validation.minValue", params: { min: 1 } } },
    ],
    [
      "zloty with grosze",
      { amountGrosze: 12.5, reason: "cancel" },
      { amountGrosze: { key: "validation.integer" } },
    ],
    ["no amount", { reason: "cancel" }, { amountGrosze: { key: "validation.required" } }],
    ["unknown reason", { amountGrosze: 100, reason: "goodwill" }, { reason: { key: "validation.invalid" } }],
  ])("%s", (_name, input, errors) => {
    expect(errorsOf(refundRequestSchema, input)).toEqual(errors);
  });

  it("reads form text and an empty case", () => {
    expect(refundRequestSchema.parse({ amountGrosze: "1500", reason: "cancel", caseId: "" })).toEqual({
      amountGrosze: 1_500,
      reason: "cancel",
      caseId: null,
    });
  });
});

describe("complaintAnswerSchema / caseRejectionSchema", () => {
  it.each<[string, z.ZodType, unknown, Record<string, FieldError>]>([
    ["accepted", complaintAnswerSchema, { decision: "accepted", message: "Wymienimy kocyk." }, {}],
    ["rejected", complaintAnswerSchema, { decision: "rejected", message: "Ślady użytkowania." }, {}],
    ["no decision", complaintAnswerSchema, { message: "x" }, { decision: { key: "validation.required" } }],
    [
      "unknown decision",
      complaintAnswerSchema,
      { decision: "maybe", message: "x" },
      { decision: { key: "validation.invalid" } },
    ],
    [
      "blank message",
      complaintAnswerSchema,
      { decision: "accepted", message: " " },
      { message: { key: "validation.required" } },
    ],
    [
      "overlong message",
      complaintAnswerSchema,
      { decision: "accepted", message: "x".repeat(4001) },
      { message: { key: "validation.maxLength", params: { max: 4000 } } },
    ],
    ["a rejection's reason", caseRejectionSchema, { reason: "Oświadczenie po terminie." }, {}],
    [
      "a rejection without a reason",
      caseRejectionSchema,
      { reason: "" },
      { reason: { key: "validation.required" } },
    ],
    [
      "an overlong rejection",
      caseRejectionSchema,
      { reason: "x".repeat(1001) },
      { reason: { key: "validation.maxLength", params: { max: 1000 } } },
    ],
  ])("%s", (_name, schema, input, errors) => {
    expect(errorsOf(schema, input)).toEqual(errors);
  });
});
