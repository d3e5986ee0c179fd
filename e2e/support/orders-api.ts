import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";
import { GUEST_ADDRESS, type ProductToOrder } from "./checkout";
import { shopUrl } from "./test";

// Orders set up through the API, for specs whose subject comes after the sale (the returns desk, the
// withdrawal and complaint forms, the role matrix's detail pages): the order as the checkout page posts
// it (POST /api/orders), paid with the demo bank page's own "Zapłać" (its form action), and a guest's
// withdrawal statement (POST /api/after-sale/withdrawals). The purchase through the screens is the
// checkout specs' subject (checkout, checkout-journey, keyboard-purchase, order-payment).
//
// `api` is a request context at the shop's address: a test's `request` or `page.request` (its own
// client address, and for `page.request` the page's session: a signed-in customer's order is theirs),
// or one a `beforeAll` makes with an address of its own (`x-forwarded-for`: the per-address order limit).

export interface ApiOrder {
  _id: number;
  orderNumber: string;
  email: string;
  priceGrosze: number;
  /** the demo bank page's address (/bramka-demo/{externalId}) */
  paymentUrl: string;
  /** units of each product */
  units: number;
}

export interface OrderOptions {
  email: string;
  /** units of each product (1 unless given) */
  units?: number;
}

function orderBody(
  products: readonly ProductToOrder[],
  { email, units = 1 }: OrderOptions,
  priceGrosze: number,
) {
  const { name, street, postCode, city } = GUEST_ADDRESS;
  return {
    delivery: "parcel-locker",
    deliveryPoint: {
      foreign_access_point_id: "WAW01M",
      name: "WAW01M",
      street: "Długa",
      house_number: "1",
      postal_code: postCode,
      city,
    },
    cart: products.map((product) => ({ ...product.cartLine, quantity: units })),
    recipient: { displayName: name, email, phone: "601234567", postCode, city, street },
    invoiceData: { displayName: name, street, city, postCode },
    acceptTermsAndConditions: true,
    maxProcessingTime: "1-2",
    priceGrosze,
  };
}

/** Places an order of the products at the shop's price (its price-changed answer tells it). */
export async function placeOrder(
  api: APIRequestContext,
  products: readonly ProductToOrder[],
  options: OrderOptions,
): Promise<ApiOrder> {
  const priced = await api.post("/api/orders", { data: orderBody(products, options, 0) });
  const totalGrosze = ((await priced.json()) as { details?: { totalGrosze?: number } }).details?.totalGrosze;
  expect(totalGrosze, `the order's price: ${priced.status()} ${await priced.text()}`).toBeDefined();
  const placed = await api.post("/api/orders", { data: orderBody(products, options, totalGrosze ?? 0) });
  expect(placed.status(), `the order is placed: ${await placed.text()}`).toBe(201);
  const order = (await placed.json()) as Pick<ApiOrder, "_id" | "orderNumber" | "priceGrosze"> & {
    payment: { redirectUrl: string };
  };
  return {
    _id: order._id,
    orderNumber: order.orderNumber,
    email: options.email,
    priceGrosze: order.priceGrosze,
    paymentUrl: order.payment.redirectUrl,
    units: options.units ?? 1,
  };
}

/** "Zapłać" on the demo bank page, posted as its form does (the shop then mails "order-paid"). */
export async function payAtDemoBank(api: APIRequestContext, order: ApiOrder): Promise<void> {
  const paid = await api.post(order.paymentUrl, {
    form: { decision: "pay" },
    headers: { origin: shopUrl() },
    maxRedirects: 0,
  });
  expect(paid.status(), `the demo bank pays ${order.orderNumber}`).toBeLessThan(400);
}

/** An order placed and paid through the API. */
export async function placePaidOrder(
  api: APIRequestContext,
  products: readonly ProductToOrder[],
  options: OrderOptions,
): Promise<ApiOrder> {
  const order = await placeOrder(api, products, options);
  await payAtDemoBank(api, order);
  return order;
}

/**
 * A guest's withdrawal from every unit of the order (the statement the form's two steps send). The
 * order lines' ids are the withdrawal form's quantity fields (`qty-{lineId}`), read from its page.
 */
export async function withdrawThroughApi(api: APIRequestContext, order: ApiOrder): Promise<number> {
  const query = new URLSearchParams({ orderNumber: order.orderNumber, email: order.email });
  const form = await (await api.get(`/odstapienie-od-umowy?${query}`)).text();
  const lineIds = [...new Set([...form.matchAll(/name="qty-(\d+)"/g)].map((match) => Number(match[1])))];
  expect(lineIds.length, "the withdrawal form's order lines").toBeGreaterThan(0);
  const withdrawn = await api.post("/api/after-sale/withdrawals", {
    data: {
      name: GUEST_ADDRESS.name,
      email: order.email,
      orderNumber: order.orderNumber,
      lines: lineIds.map((lineId) => ({ lineId, quantity: order.units })),
      reason: "",
      submissionKey: randomUUID(),
    },
  });
  expect(withdrawn.status(), `the withdrawal is received: ${await withdrawn.text()}`).toBe(201);
  return ((await withdrawn.json()) as { caseId: number }).caseId;
}
