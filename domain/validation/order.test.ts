import { describe, expect, it } from "vitest";
import { type FieldError, fieldErrors } from "./errors";
import {
  addStatusSchema,
  deliveryPointSchema,
  makeOrderCreateSchema,
  orderCreateSchema,
  orderLookupSchema,
} from "./order";

const recipient = {
  displayName: "Jan Nowak",
  email: "jan@example.pl",
  phone: "600700800",
  postCode: "00-950",
  city: "Warszawa",
  street: "Prosta 1",
};
const point = {
  foreign_access_point_id: "WAW01M",
  name: "WAW01M",
  street: "Prosta",
  house_number: "1",
  flat_number: null,
  postal_code: "00-950",
  city: "Warszawa",
};
const valid = {
  priceGrosze: 9999,
  delivery: "parcel-locker",
  cart: [{ productId: 1, quantity: 2, variantKeys: { "1": 11 }, variantId: 101 }],
  coupon: " WITAJ10 ",
  recipient,
  invoiceData: { ...recipient, nip: "774-00-01-454" },
  deliveryPoint: point,
  acceptTermsAndConditions: true,
  maxProcessingTime: "3-6",
};

const errorsOf = (input: unknown, schema = orderCreateSchema): Record<string, FieldError> => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe("orderCreateSchema", () => {
  it("parses a parcel-locker order", () => {
    const order = orderCreateSchema.parse(valid);
    expect(order.deliveryPoint).toEqual(point);
    expect(order.invoiceData.nip).toBe("7740001454");
    expect(order.coupon).toBe("WITAJ10");
  });

  it("takes the coupon by its code, never by its id (issue 24)", () => {
    expect(errorsOf({ ...valid, coupon: 3 })).toEqual({ coupon: { key: "coupon.invalid" } });
    expect(orderCreateSchema.parse({ ...valid, coupon: "" }).coupon).toBeNull();
    expect(orderCreateSchema.parse({ ...valid, coupon: null }).coupon).toBeNull();
  });

  it("drops the pick-up point for the courier and defaults optional parts", () => {
    const order = orderCreateSchema.parse({
      ...valid,
      delivery: "courier",
      coupon: undefined,
      cart: [{ productId: 2, quantity: 1 }],
    });
    expect(order.deliveryPoint).toBeNull();
    expect(order.coupon).toBeNull();
    expect(order.cart).toEqual([{ productId: 2, quantity: 1, variantKeys: {}, variantId: null }]);
  });

  it.each<[string, Record<string, unknown>, Record<string, FieldError>]>([
    [
      "no pick-up point for the parcel locker",
      { deliveryPoint: null },
      { deliveryPoint: { key: "checkout.selectParcelLocker" } },
    ],
    [
      "pick-up point missing",
      { deliveryPoint: undefined },
      { deliveryPoint: { key: "checkout.selectParcelLocker" } },
    ],
    [
      "pick-up point without id",
      { deliveryPoint: { ...point, foreign_access_point_id: "" } },
      { "deliveryPoint.foreign_access_point_id": { key: "checkout.selectParcelLocker" } },
    ],
    [
      "terms not accepted",
      { acceptTermsAndConditions: false },
      { acceptTermsAndConditions: { key: "validation.termsRequired" } },
    ],
    ["empty cart", { cart: [] }, { cart: { key: "validation.required" } }],
    [
      "quantity 0",
      { cart: [{ productId: 1, quantity: 0, variantKeys: {}, variantId: null }] },
      { "cart.0.quantity": { key: "validation.minValue", params: { min: 1 } } },
    ],
    [
      "fractional quantity",
      { cart: [{ productId: 1, quantity: 1.5, variantKeys: {}, variantId: null }] },
      { "cart.0.quantity": { key: "validation.integer" } },
    ],
    [
      "bad variant key",
      { cart: [{ productId: 1, quantity: 1, variantKeys: { kolor: 11 }, variantId: null }] },
      { "cart.0.variantKeys.kolor": { key: "validation.invalid" } },
    ],
    ["unknown delivery", { delivery: "drone" }, { delivery: { key: "validation.invalid" } }],
    ["price in złoty with decimals", { priceGrosze: 99.99 }, { priceGrosze: { key: "validation.integer" } }],
    [
      "negative price",
      { priceGrosze: -1 },
      { priceGrosze: { key: "validation.minValue", params: { min: 0 } } },
    ],
    [
      "bad processing time",
      { maxProcessingTime: "2-3" },
      { maxProcessingTime: { key: "validation.invalid" } },
    ],
    [
      "invalid recipient and invoice NIP",
      { recipient: { ...recipient, phone: "123" }, invoiceData: { ...recipient, nip: "1234567890" } },
      { "recipient.phone": { key: "validation.phone" }, "invoiceData.nip": { key: "validation.nip" } },
    ],
    [
      "guest recipient needs an e-mail",
      { recipient: { ...recipient, email: "" } },
      { "recipient.email": { key: "validation.required" } },
    ],
  ])("%s", (_name, patch, errors) => {
    expect(errorsOf({ ...valid, ...patch })).toEqual(errors);
  });

  it("a logged-in recipient may omit the e-mail", () => {
    const schema = makeOrderCreateSchema({ requireRecipientEmail: false });
    const order = schema.parse({ ...valid, recipient: { ...recipient, email: "" } });
    expect(order.recipient.email).toBeNull();
  });
});

describe("deliveryPointSchema", () => {
  it("accepts numeric house numbers from the map widget", () => {
    expect(
      deliveryPointSchema.parse({ foreign_access_point_id: "KRA01A", house_number: 12, flat_number: "" }),
    ).toEqual({
      foreign_access_point_id: "KRA01A",
      name: "",
      street: "",
      house_number: "12",
      flat_number: null,
      postal_code: "",
      city: "",
    });
  });
});

describe("addStatusSchema / orderLookupSchema", () => {
  it.each<[unknown, boolean]>([
    [{ status: "CANCELED" }, true],
    [{ status: "PARCEL_DELIVERED" }, true],
    [{ status: "PAYMENT_CONFIRMED" }, false],
    [{}, false],
  ])("add-status %j -> %s", (input, ok) => {
    expect(addStatusSchema.safeParse(input).success).toBe(ok);
  });

  it.each<[unknown, boolean]>([
    [{ orderNumber: "ZAM-2025-0001", email: "Jan@Example.pl" }, true],
    [{ orderNumber: "", email: "jan@example.pl" }, false],
    [{ orderNumber: "ZAM-1", email: "jan" }, false],
  ])("lookup %j -> %s", (input, ok) => {
    expect(orderLookupSchema.safeParse(input).success).toBe(ok);
  });
});
