import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type FieldError, fieldErrors, issueToFieldError, parseForm } from "./errors";
import { MSG } from "./messages";

const schema = z
  .object({
    name: z
      .string({ error: MSG.required })
      .trim()
      .min(1, { error: MSG.required })
      .min(3, { error: MSG.minLength }),
    age: z.number({ error: MSG.number }).int({ error: MSG.integer }).max(120, { error: MSG.maxValue }),
    address: z.object({ postCode: z.string().regex(/^\d{2}-\d{3}$/, { error: MSG.postCode }) }),
    items: z.array(z.object({ quantity: z.number().min(1, { error: MSG.minValue }) })),
  })
  .refine((data) => data.name !== "admin", { error: MSG.invalid });

describe("fieldErrors", () => {
  it.each<[string, unknown, Record<string, FieldError>]>([
    [
      "first failing rule per field, params from the issue",
      { name: "ab", age: 130, address: { postCode: "00950" }, items: [{ quantity: 0 }] },
      {
        name: { key: "validation.minLength", params: { min: 3 } },
        age: { key: "validation.maxValue", params: { max: 120 } },
        "address.postCode": { key: "validation.postCode" },
        "items.0.quantity": { key: "validation.minValue", params: { min: 1 } },
      },
    ],
    [
      "required wins over minLength for an empty value",
      { name: "  ", age: 1, address: { postCode: "00-950" }, items: [] },
      { name: { key: "validation.required" } },
    ],
    [
      "wrong types",
      { name: undefined, age: "x", address: { postCode: "00-950" }, items: [] },
      { name: { key: "validation.required" }, age: { key: "validation.number" } },
    ],
    [
      "form-level refinement under the empty path",
      { name: "admin", age: 1, address: { postCode: "00-950" }, items: [] },
      { "": { key: "validation.invalid" } },
    ],
  ])("%s", (_name, input, expected) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error && fieldErrors(result.error)).toEqual(expected);
  });
});

describe("issueToFieldError fallbacks for messages that are not keys", () => {
  const first = (s: z.ZodType, value: unknown) => {
    const issue = s.safeParse(value).error?.issues[0];
    if (!issue) throw new Error("expected an issue");
    return issueToFieldError(issue);
  };
  it.each<[string, z.ZodType, unknown, FieldError]>([
    ["string too short", z.string().min(5), "abc", { key: "validation.minLength", params: { min: 5 } }],
    ["string too long", z.string().max(2), "abc", { key: "validation.maxLength", params: { max: 2 } }],
    ["number too small", z.number().min(0), -1, { key: "validation.minValue", params: { min: 0 } }],
    ["number too big", z.number().max(10), 11, { key: "validation.maxValue", params: { max: 10 } }],
    ["email format", z.email(), "nope", { key: "validation.email" }],
    ["url format", z.url(), "nope", { key: "validation.url" }],
    ["not an integer", z.int(), 1.5, { key: "validation.integer" }],
    ["not a number", z.number(), "x", { key: "validation.number" }],
    ["other", z.boolean(), "x", { key: "validation.invalid" }],
    [
      "custom params",
      z
        .number()
        .superRefine((_v, ctx) =>
          ctx.addIssue({ code: "custom", message: MSG.minValue, params: { min: 7 } }),
        ),
      1,
      { key: "validation.minValue", params: { min: 7 } },
    ],
  ])("%s", (_name, s, value, expected) => {
    expect(first(s, value)).toEqual(expected);
  });
});

describe("parseForm", () => {
  it("returns data or errors", () => {
    const s = z.object({ a: z.string().min(1, { error: MSG.required }) });
    expect(parseForm(s, { a: "x" })).toEqual({ ok: true, data: { a: "x" } });
    expect(parseForm(s, { a: "" })).toEqual({ ok: false, errors: { a: { key: "validation.required" } } });
  });
});
