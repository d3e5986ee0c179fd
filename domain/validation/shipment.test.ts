import { describe, expect, it } from "vitest";
import { fieldErrors } from "./errors";
import { addShipmentNumberSchema, isSameShipmentNumber, makeShipmentNumberFormSchema } from "./shipment";

describe("isSameShipmentNumber", () => {
  it.each<[string | null | undefined, string, boolean]>([
    ["620000000000000000000001", "620000000000000000000001", true],
    ["6200 0000 0001", " 620000000001 ", true],
    ["abc123", "ABC123", true],
    ["620000000001", "620000000002", false],
    [null, "620000000001", false],
    [undefined, "620000000001", false],
    ["", "", false],
  ])("%j vs %j -> %s", (previous, next, same) => {
    expect(isSameShipmentNumber(previous, next)).toBe(same);
  });
});

describe("shipment number schemas", () => {
  it("trims and requires a value", () => {
    expect(addShipmentNumberSchema.parse({ shipmentNumber: " 123 " })).toEqual({ shipmentNumber: "123" });
    const empty = addShipmentNumberSchema.safeParse({ shipmentNumber: "  " });
    expect(empty.success ? {} : fieldErrors(empty.error)).toEqual({
      shipmentNumber: { key: "validation.required" },
    });
  });

  it.each<[string | null, string, string | null]>([
    ["620000000001", "620000000001", "shipment.sameAsPrevious"],
    ["620000000001", "620000000002", null],
    [null, "620000000001", null],
    ["620000000001", "", "validation.required"],
  ])("previous %j, new %j -> %j", (previous, next, key) => {
    const result = makeShipmentNumberFormSchema(previous).safeParse({ shipmentNumber: next });
    expect(result.success ? null : fieldErrors(result.error).shipmentNumber?.key).toBe(key);
  });
});
