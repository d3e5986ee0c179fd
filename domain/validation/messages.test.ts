import { describe, expect, it } from "vitest";
import { isMessageKey, MESSAGE_KEYS, MESSAGE_PARAMS, MSG } from "./messages";

describe("MESSAGE_KEYS", () => {
  it.each([
    "validation.required",
    "validation.email",
    "validation.sameAsPassword",
    "validation.minLength",
    "validation.maxLength",
    "validation.minValue",
    "validation.maxValue",
    "validation.url",
    "validation.phone",
    "validation.nip",
    "validation.postCode",
    "validation.integer",
    "validation.number",
    "validation.invalid",
    "validation.termsRequired",
    "validation.dateRange",
    "validation.priceRange",
    "coupon.enterCode",
    "coupon.invalid",
    "checkout.selectParcelLocker",
    "shipment.sameAsPrevious",
  ])("contains %s", (key) => {
    expect(MESSAGE_KEYS).toContain(key);
    expect(isMessageKey(key)).toBe(true);
  });

  it("has no duplicates and MSG covers exactly the keys", () => {
    expect(new Set(MESSAGE_KEYS).size).toBe(MESSAGE_KEYS.length);
    expect(new Set(Object.values(MSG))).toEqual(new Set(MESSAGE_KEYS));
  });

  it.each([["To pole jest obowiązkowe"], ["validation.unknown"], [""], [null]])(
    "%j is not a key",
    (value) => {
      expect(isMessageKey(value)).toBe(false);
    },
  );

  it.each([
    ["validation.minLength", ["min"]],
    ["validation.maxLength", ["max"]],
    ["validation.minValue", ["min"]],
    ["validation.maxValue", ["max"]],
  ] as const)("%s uses params %j", (key, params) => {
    expect(MESSAGE_PARAMS[key]).toEqual(params);
  });
});
