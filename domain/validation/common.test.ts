import { describe, expect, it } from "vitest";
import { TEXT_MAX } from "../constants";
import {
  blankToNull,
  dateStringSchema,
  emailSchema,
  groszeSchema,
  hasNoNul,
  idFromTextSchema,
  idSchema,
  linkSchema,
  optionalText,
  requiredString,
  textSchema,
} from "./common";
import { MSG } from "./messages";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe("blankToNull", () => {
  it.each<[unknown, unknown]>([
    [undefined, null],
    [null, null],
    ["", null],
    ["  ", null],
    ["a", "a"],
    [0, 0],
  ])("%j -> %j", (input, output) => {
    expect(blankToNull(input)).toBe(output);
  });
});

describe("requiredString", () => {
  const schema = requiredString({ min: 3, max: 5 });
  it.each<[unknown, string | null]>([
    ["abc", null],
    [" abcde ", null],
    ["", "validation.required"],
    [undefined, "validation.required"],
    [null, "validation.required"],
    [12, "validation.invalid"],
    ["ab", "validation.minLength"],
    ["abcdef", "validation.maxLength"],
  ])("%j -> %j", (input, key) => {
    expect(firstMessage(schema.safeParse(input))).toBe(key);
  });
});

describe("optionalText", () => {
  it.each<[unknown, string]>([
    [undefined, ""],
    ["  x ", "x"],
  ])("%j -> %j", (input, output) => {
    expect(optionalText(10).parse(input)).toBe(output);
  });
});

describe("emailSchema", () => {
  it.each<[unknown, string]>([
    [" Ala@Example.PL ", "ala@example.pl"],
    ["jan.nowak+sklep@poczta.onet.pl", "jan.nowak+sklep@poczta.onet.pl"],
  ])("%j -> %j", (input, output) => {
    expect(emailSchema.parse(input)).toBe(output);
  });

  it.each<[unknown, string]>([
    ["", "validation.required"],
    ["ala", "validation.email"],
    ["ala@example", "validation.email"],
    ["ala @example.pl", "validation.email"],
  ])("%j -> %s", (input, key) => {
    expect(firstMessage(emailSchema.safeParse(input))).toBe(key);
  });
});

describe("ids and grosze", () => {
  it.each<[unknown, string | null]>([
    [1, null],
    [0, "validation.invalid"],
    [-3, "validation.invalid"],
    [1.5, "validation.integer"],
    ["1", "validation.number"],
    [undefined, "validation.required"],
  ])("idSchema %j -> %j", (input, key) => {
    expect(firstMessage(idSchema.safeParse(input))).toBe(key);
  });

  it.each<[unknown, number | null]>([
    ["12", 12],
    [" 7 ", 7],
    [3, 3],
    ["0", null],
    ["12a", null],
  ])("idFromTextSchema %j -> %j", (input, id) => {
    const result = idFromTextSchema.safeParse(input);
    expect(result.success ? result.data : null).toBe(id);
  });

  it.each<[unknown, string | null]>([
    [0, null],
    [1234, null],
    [12.34, "validation.integer"],
    [-1, "validation.minValue"],
  ])("groszeSchema %j -> %j", (input, key) => {
    expect(firstMessage(groszeSchema.safeParse(input))).toBe(key);
  });
});

describe("linkSchema / dateStringSchema", () => {
  it.each<[string, boolean]>([
    ["/uploads/a.jpg", true],
    ["https://example.pl/a.jpg", true],
    ["http://example.pl", true],
    ["//example.pl/a.jpg", false],
    ["javascript:alert(1)", false],
    ["ftp://example.pl", false],
    ["uploads/a.jpg", false],
    ["/a b.jpg", false],
  ])("link %j -> %s", (value, ok) => {
    expect(linkSchema.safeParse(value).success).toBe(ok);
  });

  it.each<[string, boolean]>([
    ["2025-05-31", true],
    ["2025-05-31T12:00:00Z", true],
    ["2025-13-01", false],
    ["2025-02-30", false],
    ["2024-02-29", true],
    ["31.05.2025", false],
    ["", false],
  ])("date %j -> %s", (value, ok) => {
    expect(dateStringSchema.safeParse(value).success).toBe(ok);
  });
});

describe("text that reaches the database refuses U+0000 (PostgreSQL text cannot hold it)", () => {
  it.each([
    ["requiredString", requiredString({ max: 100 })],
    ["optionalText", optionalText(100)],
    ["textSchema", textSchema()],
    ["linkSchema", linkSchema],
  ] as const)("%s: NUL anywhere is 'invalid', other unicode is kept", (_name, schema) => {
    for (const value of ["\u0000", "abc\u0000def", "/a\u0000.jpg"]) {
      expect(firstMessage(schema.safeParse(value))).toBe(MSG.invalid);
    }
    expect(schema.safeParse("/zażółć-😀").success).toBe(true);
    expect(hasNoNul("a\u0000")).toBe(false);
  });
});

describe("every text field has an upper bound (issue 24 item 5)", () => {
  it.each([
    ["textSchema", textSchema()],
    ["requiredString", requiredString()],
    ["optionalText", optionalText()],
    ["linkSchema", linkSchema],
  ] as const)("%s: longer than TEXT_MAX is 'maxLength'", (_name, schema) => {
    expect(firstMessage(schema.safeParse(`/${"a".repeat(TEXT_MAX)}`))).toBe(MSG.maxLength);
    expect(schema.safeParse(`/${"a".repeat(TEXT_MAX - 1)}`).success).toBe(true);
  });
});
