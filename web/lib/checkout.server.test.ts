import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { CartView, PublicUser } from "../../domain/types";
import { fail, ok } from "../../server/lib/result";
import {
  copyRecipientToInvoice,
  invoiceIsRecipient,
  liveErrors,
  postedSection,
  sectionErrors,
} from "./checkout";
import { checkoutAction, checkoutLoader } from "./checkout.server";
import { readCheckoutData } from "./shop-cookies";

// The checkout's loader and action against stub services: what the shopper sees for each step
// and each refusal of the order (SPEC §5 Checkout, §8), without a database.

const CART: CartView = {
  lines: [
    {
      lineId: "7|",
      productId: 7,
      productTitle: "Kocyk",
      productSlug: "Kocyk",
      variantTitle: "",
      variantLabel: "",
      variantKeys: {},
      variantId: null,
      unitPriceGrosze: 5_000,
      quantity: 2,
      stock: 9,
      processingTime: "3-6",
      image: null,
    },
  ],
  coupon: null,
  deliveryMethod: "parcel-locker",
  itemCount: 2,
  productsGrosze: 10_000,
  deliveryGrosze: 0,
  couponDiscountGrosze: 0,
  totalGrosze: 10_000,
  missingForFreeDeliveryGrosze: 0,
  maxProcessingTime: "3-6",
};

const USER: PublicUser = {
  _id: 5,
  roles: ["user"],
  approved: true,
  displayName: "Katarzyna Nowak",
  email: "klient@example.com",
  phone: "501 234 567",
  postCode: "31-128",
  city: "Kraków",
  street: "Karmelicka 12/4",
  nip: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  approvedAt: "2026-01-01T00:00:00.000Z",
};

const POINT = {
  foreign_access_point_id: "KRA010",
  name: "KRA010",
  street: "Karmelicka",
  house_number: "45",
  flat_number: null,
  postal_code: "31-128",
  city: "Kraków",
};

function contextWith({
  user = null,
  cart = CART,
  create = vi.fn(async () => ok({ order: {} as never, redirectUrl: "/bramka-demo/DEMO-1" })),
}: {
  user?: PublicUser | null;
  cart?: CartView;
  create?: ReturnType<typeof vi.fn>;
} = {}) {
  const context = {
    services: {
      cart: { view: vi.fn(async () => ({ cart, couponDropped: false })) },
      orders: { create },
    },
    lang: "pl",
    user,
    ip: "127.0.0.1",
    publicSettings: {
      publicUrl: "http://localhost",
      gaMeasurementIds: [],
      paymentProvider: "demo",
      parcelLockers: { apaczkaAppId: null, inpostGeowidgetToken: null },
    },
  };
  return { context: context as unknown as AppLoadContext, create };
}

function post(fields: Record<string, string>, cookie = "") {
  const body = new URLSearchParams(fields);
  return new Request("http://localhost/dostawa-i-platnosc", {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
  });
}

const GUEST_FORM = {
  "recipient.displayName": "Anna Kowalska",
  "recipient.email": "anna@example.com",
  "recipient.phone": "601 234 567",
  "recipient.street": "Długa 5",
  "recipient.postCode": "30-001",
  "recipient.city": "Kraków",
  recipientMode: "edit",
  "invoiceData.displayName": "Anna Kowalska",
  "invoiceData.street": "Długa 5",
  "invoiceData.postCode": "30-001",
  "invoiceData.city": "Kraków",
  "invoiceData.nip": "",
  invoiceDataMode: "view",
  delivery: "parcel-locker",
  deliveryPoint: JSON.stringify(POINT),
  acceptTermsAndConditions: "on",
  priceGrosze: "10000",
  idempotencyKey: "key-1",
};

/** A thrown or returned react-router `data()`/`redirect` as status, body and Set-Cookie values. */
async function outcome(promise: Promise<unknown>) {
  let value: unknown;
  try {
    value = await promise;
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    return {
      status: value.status,
      location: value.headers.get("location"),
      cookies: value.headers.getSetCookie(),
    };
  }
  const result = value as {
    data: Record<string, unknown>;
    init?: { status?: number; headers?: HeadersInit };
  };
  const headers = new Headers(result.init?.headers);
  return { status: result.init?.status ?? 200, data: result.data, cookies: headers.getSetCookie(), headers };
}

function cookieHeader(setCookies: string[]): string {
  return setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

describe("the checkout form helpers", () => {
  it("reads one section of the posted form, without the e-mail for a logged-in user", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(GUEST_FORM)) form.set(name, value);
    expect(postedSection(form, "recipient", false)).toMatchObject({
      email: "anna@example.com",
      city: "Kraków",
    });
    expect(postedSection(form, "recipient", true)).not.toHaveProperty("email");
    expect(postedSection(form, "invoiceData", false)).toEqual({
      displayName: "Anna Kowalska",
      street: "Długa 5",
      postCode: "30-001",
      city: "Kraków",
      nip: "",
    });
  });

  it("copies name and address to the invoice and keeps its NIP", () => {
    expect(
      copyRecipientToInvoice(
        { displayName: "Anna", street: "Długa 5", postCode: "30-001", city: "Kraków", phone: "601234567" },
        { displayName: "Firma", nip: "7740001454" },
      ),
    ).toEqual({
      displayName: "Anna",
      street: "Długa 5",
      postCode: "30-001",
      city: "Kraków",
      nip: "7740001454",
    });
  });

  it("shows the action's errors less those corrected since; a field still wrong shows its current message", () => {
    const answered = {
      "recipient.city": { key: "validation.required" as const },
      "recipient.postCode": { key: "validation.required" as const },
      acceptTermsAndConditions: { key: "validation.termsRequired" as const },
    };
    expect(liveErrors(answered, {})).toEqual(answered);
    expect(
      liveErrors(answered, {
        "recipient.city": null,
        "recipient.postCode": { key: "validation.postCode" as const },
        // a field the action did not name gets no error while the shopper types
        "recipient.street": { key: "validation.required" as const },
      }),
    ).toEqual({
      "recipient.postCode": { key: "validation.postCode" },
      acceptTermsAndConditions: { key: "validation.termsRequired" },
    });
  });

  it("picks a section's field errors", () => {
    const errors = {
      "recipient.postCode": { key: "validation.postCode" as const },
      deliveryPoint: { key: "checkout.selectParcelLocker" as const },
    };
    expect(sectionErrors(errors, "recipient")).toEqual({ postCode: { key: "validation.postCode" } });
    expect(sectionErrors(errors, "invoiceData")).toEqual({});
  });
});

describe("the checkout loader", () => {
  it("sends an empty cart back to /koszyk", async () => {
    const { context } = contextWith({ cart: { ...CART, lines: [], itemCount: 0 } });
    const result = await outcome(checkoutLoader(context, new Request("http://localhost/dostawa-i-platnosc")));
    expect(result).toMatchObject({ status: 302, location: "/koszyk" });
  });

  it("sends an unapproved account back to /koszyk with the message", async () => {
    const { context } = contextWith({ user: { ...USER, approved: false } });
    const result = await outcome(checkoutLoader(context, new Request("http://localhost/dostawa-i-platnosc")));
    expect(result.status).toBe(302);
    expect(result.location).toBe("/koszyk");
    expect(decodeURIComponent(result.cookies.join())).toContain("checkout.accountNotApproved");
  });

  it("prefills a logged-in user's data as summaries, a guest gets empty forms; never cached", async () => {
    const request = new Request("http://localhost/dostawa-i-platnosc");
    const customer = await outcome(checkoutLoader(contextWith({ user: USER }).context, request));
    expect(customer.headers?.get("cache-control")).toBe("no-store");
    expect(customer.data).toMatchObject({
      loggedIn: true,
      accountEmail: "klient@example.com",
      values: { recipient: { displayName: "Katarzyna Nowak", city: "Kraków" }, invoiceData: { nip: "" } },
      editing: { recipient: false, invoiceData: false },
      deliveryMethod: "parcel-locker",
    });
    expect(customer.data?.values).not.toHaveProperty("recipient.email");
    const guest = await outcome(checkoutLoader(contextWith().context, request));
    // a guest fills one form: the invoice data are the recipient's unless asked otherwise
    expect(guest.data).toMatchObject({
      loggedIn: false,
      invoiceOther: false,
      editing: { recipient: true, invoiceData: true },
    });
    expect(typeof guest.data?.idempotencyKey).toBe("string");
  });
});

describe("the checkout action", () => {
  it("saves a valid recipient and shows the page again; the data survive in the cookie", async () => {
    const { context } = contextWith();
    const result = await outcome(checkoutAction(context, post({ ...GUEST_FORM, intent: "save-recipient" })));
    expect(result).toMatchObject({ status: 302, location: "/dostawa-i-platnosc" });
    const saved = readCheckoutData(cookieHeader(result.cookies), null);
    expect(saved.recipient).toMatchObject({ displayName: "Anna Kowalska", postCode: "30-001" });
    const page = await outcome(
      checkoutLoader(
        context,
        new Request("http://localhost/dostawa-i-platnosc", {
          headers: { cookie: cookieHeader(result.cookies) },
        }),
      ),
    );
    expect(page.data).toMatchObject({ editing: { recipient: false }, deliveryPoint: POINT });
  });

  it("refuses an invalid recipient with field errors and keeps what was typed", async () => {
    const { context } = contextWith();
    const result = await outcome(
      checkoutAction(context, post({ ...GUEST_FORM, "recipient.postCode": "123", intent: "save-recipient" })),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      errors: { "recipient.postCode": { key: "validation.postCode" } },
      message: { key: "errors.formContainsErrors" },
      editing: { recipient: true },
      values: { recipient: { postCode: "123" } },
    });
    expect(result.cookies).toEqual([]);
  });

  it("copies the recipient into the invoice form without JavaScript", async () => {
    const { context } = contextWith();
    const result = await outcome(
      checkoutAction(
        context,
        post({ ...GUEST_FORM, "invoiceData.displayName": "", invoiceOther: "on", intent: "copy-recipient" }),
      ),
    );
    expect(result.data).toMatchObject({
      editing: { invoiceData: true },
      values: { invoiceData: { displayName: "Anna Kowalska", city: "Kraków" } },
    });
  });

  it("pays: the order gets the server's cart, the shown total and the key, then the browser goes to the gateway", async () => {
    const { context, create } = contextWith();
    const result = await outcome(checkoutAction(context, post({ ...GUEST_FORM, intent: "pay" })));
    expect(result).toMatchObject({ status: 302, location: "/bramka-demo/DEMO-1" });
    expect(create).toHaveBeenCalledOnce();
    const input = create.mock.calls[0]?.[0];
    expect(input).toMatchObject({
      idempotencyKey: "key-1",
      user: null,
      lang: "pl",
      body: {
        priceGrosze: 10_000,
        delivery: "parcel-locker",
        cart: [{ productId: 7, quantity: 2, variantKeys: {}, variantId: null }],
        coupon: null,
        deliveryPoint: POINT,
        acceptTermsAndConditions: true,
        maxProcessingTime: "3-6",
      },
    });
    // everything typed is kept for 7 days
    expect(readCheckoutData(cookieHeader(result.cookies), null).invoiceData).toMatchObject({
      city: "Kraków",
    });
  });

  it("shows every missing piece at once: fields, the parcel locker and the terms", async () => {
    const { context, create } = contextWith();
    const { acceptTermsAndConditions: _terms, ...withoutTerms } = GUEST_FORM;
    const result = await outcome(
      checkoutAction(
        context,
        post({
          ...withoutTerms,
          "recipient.phone": "12",
          deliveryPoint: "",
          "invoiceData.nip": "1234567890",
          invoiceOther: "on",
          intent: "pay",
        }),
      ),
    );
    expect(create).not.toHaveBeenCalled();
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      errors: {
        "recipient.phone": { key: "validation.phone" },
        "invoiceData.nip": { key: "validation.nip" },
        deliveryPoint: { key: "checkout.selectParcelLocker" },
        acceptTermsAndConditions: { key: "validation.termsRequired" },
      },
      editing: { recipient: true, invoiceData: true },
      values: { recipient: { phone: "12" } },
    });
  });

  it("answers a changed total with the fresh figures", async () => {
    const details = {
      totalGrosze: 12_345,
      productsGrosze: 12_345,
      deliveryGrosze: 0,
      couponDiscountGrosze: 0,
      unitPricesGrosze: [6_172],
    };
    const { context } = contextWith({
      create: vi.fn(async () => fail("order/price-changed", undefined, details)),
    });
    const result = await outcome(checkoutAction(context, post({ ...GUEST_FORM, intent: "pay" })));
    expect(result.status).toBe(409);
    expect(result.data).toMatchObject({ message: { key: "errors.priceChanged" }, priceChanged: details });
  });

  it("names the product that ran out", async () => {
    const create = vi.fn(async () =>
      fail("order/out-of-stock", undefined, {
        productId: 7,
        variantId: null,
        product: "Kocyk",
        available: 1,
      }),
    );
    const result = await outcome(
      checkoutAction(contextWith({ create }).context, post({ ...GUEST_FORM, intent: "pay" })),
    );
    expect(result.status).toBe(409);
    expect(result.data).toMatchObject({
      message: { key: "errors.outOfStock", params: { product: "Kocyk" }, errorPrefix: true },
    });
  });

  it("says per line what changed since the page was shown, keeps the cart cookie at what is left, and places no order", async () => {
    // the page showed 2 × Kocyk; now only 1 is left (the restored cart caps the quantity)
    const fewer: CartView = {
      ...CART,
      lines: [{ ...(CART.lines[0] as CartView["lines"][number]), quantity: 1, stock: 1 }],
      itemCount: 1,
      productsGrosze: 5_000,
      totalGrosze: 5_000,
    };
    const { context, create } = contextWith({ cart: fewer });
    const seenCart = JSON.stringify([{ lineId: "7|", title: "Kocyk", quantity: 2, unitPriceGrosze: 5_000 }]);
    const result = await outcome(checkoutAction(context, post({ ...GUEST_FORM, seenCart, intent: "pay" })));
    expect(result.status).toBe(409);
    expect(result.data).toMatchObject({
      message: { key: "errors.cartChanged" },
      cartChanges: [{ lineId: "7|", title: "Kocyk", reason: "fewer-left", requested: 2, available: 1 }],
    });
    expect(create).not.toHaveBeenCalled();
    const cartCookie = result.cookies.find((cookie) => cookie.startsWith("cart="));
    expect(decodeURIComponent(cartCookie ?? "")).toContain('"quantity":1');
  });

  it("names the line a concurrent order emptied as a change of what was shown", async () => {
    const create = vi.fn(async () =>
      fail("order/out-of-stock", undefined, {
        productId: 7,
        variantId: null,
        product: "Kocyk",
        available: 0,
      }),
    );
    const seenCart = JSON.stringify([{ lineId: "7|", title: "Kocyk", quantity: 2, unitPriceGrosze: 5_000 }]);
    const result = await outcome(
      checkoutAction(contextWith({ create }).context, post({ ...GUEST_FORM, seenCart, intent: "pay" })),
    );
    expect(result.status).toBe(409);
    expect(result.data).toMatchObject({
      message: { key: "errors.cartChanged" },
      cartChanges: [{ lineId: "7|", title: "Kocyk", reason: "out-of-stock" }],
    });
  });

  it("without 'Chcę fakturę na inne dane' the order's invoice data are the recipient's, and its errors are said once", async () => {
    const { context, create } = contextWith();
    const other = {
      "invoiceData.displayName": "Firma Krawiecka",
      "invoiceData.street": "Polna 1",
      "invoiceData.postCode": "80-001",
      "invoiceData.city": "Gdańsk",
      "invoiceData.nip": "1234567890",
    };
    await outcome(checkoutAction(context, post({ ...GUEST_FORM, ...other, intent: "pay" })));
    expect(create.mock.calls[0]?.[0]).toMatchObject({
      body: {
        invoiceData: {
          displayName: "Anna Kowalska",
          street: "Długa 5",
          postCode: "30-001",
          city: "Kraków",
          nip: "",
        },
      },
    });

    const refused = await outcome(
      checkoutAction(contextWith().context, post({ ...GUEST_FORM, "recipient.city": "", intent: "pay" })),
    );
    expect(refused.status).toBe(400);
    expect(Object.keys((refused.data as { errors: object }).errors)).toEqual(["recipient.city"]);
    expect(refused.data).toMatchObject({ invoiceOther: false, editing: { invoiceData: false } });
  });

  it("ticks 'Chcę fakturę na inne dane' only for invoice data of their own", () => {
    const recipient = {
      displayName: "Anna",
      email: "a@example.com",
      phone: "601",
      street: "Długa 5",
      postCode: "30-001",
      city: "Kraków",
    };
    expect(invoiceIsRecipient({}, {})).toBe(true);
    expect(invoiceIsRecipient(recipient, copyRecipientToInvoice(recipient, {}))).toBe(true);
    expect(
      invoiceIsRecipient(recipient, { ...copyRecipientToInvoice(recipient, {}), nip: "7740001454" }),
    ).toBe(false);
    expect(
      invoiceIsRecipient(recipient, { ...copyRecipientToInvoice(recipient, {}), displayName: "Firma" }),
    ).toBe(false);
  });

  it("keeps the form when the gateway is unavailable", async () => {
    const create = vi.fn(async () => fail("payment/unavailable"));
    const result = await outcome(
      checkoutAction(contextWith({ create }).context, post({ ...GUEST_FORM, intent: "pay" })),
    );
    expect(result.status).toBe(502);
    expect(result.data).toMatchObject({
      message: { key: "errors.paymentUnavailable", errorPrefix: true },
      values: { recipient: { displayName: "Anna Kowalska" } },
    });
  });

  it("a logged-in customer's recipient needs no e-mail", async () => {
    const { context, create } = contextWith({ user: USER });
    const { "recipient.email": _email, ...form } = GUEST_FORM;
    const result = await outcome(checkoutAction(context, post({ ...form, intent: "pay" })));
    expect(result.status).toBe(302);
    expect(create.mock.calls[0]?.[0]).toMatchObject({ user: { _id: 5 } });
    expect(create.mock.calls[0]?.[0].body.recipient).not.toHaveProperty("email");
  });

  it("saves the delivery method in the background without a redirect", async () => {
    const { context } = contextWith();
    const result = await outcome(
      checkoutAction(context, post({ intent: "delivery", delivery: "courier", via: "fetcher" })),
    );
    expect(result.status).toBe(200);
    expect(result.cookies.join()).toContain("delivery=courier");
  });
});
