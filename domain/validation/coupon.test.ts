import { describe, expect, it } from "vitest";
import {
  couponCheckSchema,
  couponCodeSchema,
  couponFormSchema,
  couponFormValuesSchema,
  couponToFormValues,
} from "./coupon";
import { type FieldError, fieldErrors } from "./errors";

describe("couponCodeSchema", () => {
  it.each<[unknown, string | null]>([
    ["", "coupon.enterCode"],
    ["   ", "coupon.enterCode"],
    [undefined, "coupon.enterCode"],
    ["LATO10", null],
    ["x".repeat(51), "coupon.invalid"],
  ])("%j -> %j", (input, key) => {
    const result = couponCodeSchema.safeParse(input);
    expect(result.success ? null : result.error.issues[0]?.message).toBe(key);
  });

  it("trims the code", () => {
    expect(couponCheckSchema.parse({ code: " LATO10 " })).toEqual({ code: "LATO10" });
  });
});

describe("couponFormSchema", () => {
  const valid = {
    code: "LATO10",
    discountType: "percent",
    discountValue: 10,
    startDate: "2025-06-01",
    endDate: "2025-06-30",
  };
  it.each<[string, Record<string, unknown>, Record<string, FieldError>]>([
    ["valid percent", {}, {}],
    ["valid fixed in grosze", { discountType: "fixed", discountValue: 1500 }, {}],
    ["100 percent allowed", { discountValue: 100 }, {}],
    ["same day start and end", { endDate: "2025-06-01" }, {}],
    [
      "percent above 100",
      { discountValue: 101 },
      { discountValue: { key: "validation.maxValue", params: { max: 100 } } },
    ],
    [
      "percent 0",
      { discountValue: 0 },
      { discountValue: { key: "validation.minValue", params: { min: 1 } } },
    ],
    [
      "fixed 0",
      { discountType: "fixed", discountValue: 0 },
      { discountValue: { key: "validation.minValue", params: { min: 1 } } },
    ],
    ["fractional value", { discountValue: 10.5 }, { discountValue: { key: "validation.integer" } }],
    ["end before start", { endDate: "2025-05-31" }, { endDate: { key: "validation.dateRange" } }],
    [
      "datetime end before start",
      { startDate: "2025-06-01T10:00:00Z", endDate: "2025-06-01T09:00:00Z" },
      { endDate: { key: "validation.dateRange" } },
    ],
    ["bad date", { startDate: "jutro" }, { startDate: { key: "validation.invalid" } }],
    ["missing code", { code: "" }, { code: { key: "validation.required" } }],
    ["code with a space", { code: "LATO 10" }, { code: { key: "validation.invalid" } }],
    ["unknown type", { discountType: "gratis" }, { discountType: { key: "validation.invalid" } }],
    ["missing type", { discountType: undefined }, { discountType: { key: "validation.required" } }],
  ])("%s", (_name, patch, errors) => {
    const result = couponFormSchema.safeParse({ ...valid, ...patch });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual(errors);
  });
});

describe("couponFormSchema limits and couponFormValuesSchema (the staff form as typed)", () => {
  const typed = {
    code: "LATO10",
    discountType: "fixed",
    discountValue: "15,50",
    startDate: "2025-06-01",
    endDate: "2025-06-30",
    usageLimit: "5",
    usageLimitPerCustomer: "",
    minOrderGrosze: "100",
  };

  it("turns złoty into grosze and blank limits into null", () => {
    expect(couponFormValuesSchema.parse(typed)).toEqual({
      code: "LATO10",
      discountType: "fixed",
      discountValue: 1550,
      startDate: "2025-06-01",
      endDate: "2025-06-30",
      usageLimit: 5,
      usageLimitPerCustomer: null,
      minOrderGrosze: 10_000,
    });
  });

  it("reads a percent as a whole number and refuses 101 and fractions", () => {
    const percent = { ...typed, discountType: "percent", discountValue: "15" };
    expect(couponFormValuesSchema.parse({ ...percent, discountValue: "15" }).discountValue).toBe(15);
    const errorsOf = (patch: Record<string, unknown>) => {
      const result = couponFormValuesSchema.safeParse({ ...percent, ...patch });
      return result.success ? {} : fieldErrors(result.error);
    };
    expect(errorsOf({ discountValue: "101" })).toEqual({
      discountValue: { key: "validation.maxValue", params: { max: 100 } },
    });
    expect(errorsOf({ discountValue: "12,5" })).toEqual({ discountValue: { key: "validation.number" } });
    expect(errorsOf({ usageLimit: "0" })).toEqual({
      usageLimit: { key: "validation.minValue", params: { min: 1 } },
    });
    expect(errorsOf({ minOrderGrosze: "abc" })).toEqual({ minOrderGrosze: { key: "validation.number" } });
    expect(errorsOf({ discountValue: "" })).toEqual({ discountValue: { key: "validation.required" } });
  });

  it("gives a stored coupon back as the form's text, its dates as the Warsaw days typed", () => {
    expect(
      couponToFormValues({
        code: "X",
        discountType: "fixed",
        discountValue: 1550,
        // 1.06 00:00 and 30.06 23:59:59.999 in Warsaw (UTC+2)
        startDate: "2025-05-31T22:00:00.000Z",
        endDate: "2025-06-30T21:59:59.999Z",
        usageLimit: null,
        usageLimitPerCustomer: 2,
        minOrderGrosze: 10_000,
      }),
    ).toEqual({
      code: "X",
      discountType: "fixed",
      discountValue: "15,50",
      startDate: "2025-06-01",
      endDate: "2025-06-30",
      usageLimit: "",
      usageLimitPerCustomer: "2",
      minOrderGrosze: "100,00",
    });
  });
});
