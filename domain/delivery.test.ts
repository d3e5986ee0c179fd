import { describe, expect, it } from "vitest";
import {
  cheapestDeliveryPriceGrosze,
  DEFAULT_DELIVERY_METHOD,
  type DeliveryMethodId,
  deliveryMethod,
  deliveryPriceGrosze,
  FREE_DELIVERY_THRESHOLD_GROSZE,
  isDeliveryMethodId,
  missingForFreeDeliveryGrosze,
} from "./delivery";

describe("delivery constants", () => {
  it("free delivery from 99 zł, parcel locker by default", () => {
    expect(FREE_DELIVERY_THRESHOLD_GROSZE).toBe(9900);
    expect(DEFAULT_DELIVERY_METHOD).toBe("parcel-locker");
  });

  it.each<[DeliveryMethodId, number, boolean]>([
    ["courier", 1499, false],
    ["parcel-locker", 999, true],
  ])("%s costs %i grosze", (id, price, needsPoint) => {
    expect(deliveryMethod(id).priceGrosze).toBe(price);
    expect(deliveryMethod(id).requiresPickupPoint).toBe(needsPoint);
  });

  it("rejects an unknown method", () => {
    expect(() => deliveryMethod("drone" as DeliveryMethodId)).toThrow(RangeError);
  });
});

describe("isDeliveryMethodId", () => {
  it.each<[unknown, boolean]>([
    ["courier", true],
    ["parcel-locker", true],
    ["paczkomat", false],
    [undefined, false],
  ])("%j -> %s", (value, ok) => {
    expect(isDeliveryMethodId(value)).toBe(ok);
  });
});

describe("deliveryPriceGrosze", () => {
  it.each<[DeliveryMethodId, number, number]>([
    ["courier", 0, 1499],
    ["courier", 9899, 1499],
    ["courier", 9900, 0],
    ["courier", 15000, 0],
    ["parcel-locker", 5000, 999],
    ["parcel-locker", 9899, 999],
    ["parcel-locker", 9900, 0],
    ["parcel-locker", 9901, 0],
  ])("%s with products %i -> %i", (method, products, price) => {
    expect(deliveryPriceGrosze(method, products)).toBe(price);
  });
});

describe("missingForFreeDeliveryGrosze", () => {
  it.each([
    [5000, 999, 4900],
    [9899, 1499, 1],
    [9900, 0, 0],
    [12000, 0, 0],
    [0, 999, 9900],
    [9950, 999, 0],
  ])("products %i, delivery %i -> %i", (products, delivery, missing) => {
    expect(missingForFreeDeliveryGrosze(products, delivery)).toBe(missing);
  });
});

describe("cheapestDeliveryPriceGrosze", () => {
  it.each<[number, number]>([
    [5000, 999],
    [FREE_DELIVERY_THRESHOLD_GROSZE - 1, 999],
    [FREE_DELIVERY_THRESHOLD_GROSZE, 0],
  ])("products %i -> %i", (products, price) => {
    expect(cheapestDeliveryPriceGrosze(products)).toBe(price);
  });
});
