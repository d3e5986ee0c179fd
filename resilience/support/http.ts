import { deliveryPriceGrosze } from "../../domain/delivery";
import { INVOICE_DATA, LOCKER, RECIPIENT } from "../../server/areas/orders/orders.fixtures";

// Small HTTP helpers for the resilience suite: JSON calls with timing, the demo admin's login, and
// what a test needs through the staff API (a product with one stocked variant, a limited coupon)
// plus a valid guest order body (SPEC §7 POST /api/orders, domain/validation/order.ts).

export interface Reply<T = unknown> {
  /** the HTTP status; 0 when the request failed on the network (refused, reset, timed out) */
  status: number;
  body: T;
  /** milliseconds from sending to the whole body read */
  ms: number;
  /** the network error, when status is 0 */
  error?: string;
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** default 60 s */
  timeoutMs?: number;
}

/** One request; never throws: a network failure is status 0 with the error's message. */
export async function call<T = unknown>(
  method: string,
  url: string,
  options: CallOptions = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  // a FormData body brings its own multipart content type
  if (options.body !== undefined && !(options.body instanceof FormData))
    headers["content-type"] ??= "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : typeof options.body === "string" ||
              options.body instanceof URLSearchParams ||
              options.body instanceof FormData
            ? options.body
            : JSON.stringify(options.body),
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
    });
    const text = await response.text();
    let body: unknown = text;
    if ((response.headers.get("content-type") ?? "").includes("json") && text) {
      try {
        body = JSON.parse(text);
      } catch {
        // keep the text
      }
    }
    return {
      status: response.status,
      body: body as T,
      ms: performance.now() - started,
      headers: response.headers,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return {
      status: 0,
      body: undefined as T,
      ms: performance.now() - started,
      error: `${(error as Error).name}: ${(error as Error).message}${cause ? ` (${cause})` : ""}`,
      headers: new Headers(),
    };
  }
}

/** Fails with the reply in the message unless the status is the expected one. */
export function expectStatus<T>(reply: Reply<T>, status: number, what: string): T {
  if (reply.status !== status) {
    throw new Error(
      `${what}: expected ${status}, got ${reply.status}${reply.error ? ` ${reply.error}` : ""}: ${JSON.stringify(reply.body)?.slice(0, 500)}`,
    );
  }
  return reply.body;
}

export const DEMO_ADMIN = { email: "admin@example.com", password: "admin1234" };

/** Logs the demo admin in (seeded on every start) and returns the access token. */
export async function loginAdmin(baseUrl: string): Promise<string> {
  const reply = await call<{ accessToken: string }>("POST", `${baseUrl}/api/auth/login`, {
    body: DEMO_ADMIN,
  });
  return expectStatus(reply, 200, "admin login").accessToken;
}

let counter = 0;
function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}

/** A product with one variant (its own field with one option), created through the staff API. */
export interface StockedVariant {
  productId: number;
  slug: string;
  variantId: number;
  fieldId: number;
  optionId: number;
  unitPriceGrosze: number;
  units: number;
}

export async function createStockedVariant(
  baseUrl: string,
  token: string,
  options: { units: number; priceGrosze?: number; title?: string },
): Promise<StockedVariant> {
  const unitPriceGrosze = options.priceGrosze ?? 3_000;
  const field = expectStatus(
    await call<{ _id: number; options: { _id: number }[] }>("POST", `${baseUrl}/api/shops/fields`, {
      token,
      body: {
        title: unique("Rozmiar"),
        type: "radio",
        changePrice: true,
        options: [{ title: "uniwersalny" }],
      },
    }),
    201,
    "create a product field",
  );
  const optionId = field.options[0]?._id;
  if (!optionId) throw new Error("the new field has no option");
  const title = options.title ?? unique("Kocyk testowy");
  const product = expectStatus(
    await call<{ _id: number; slug: string; variants: { _id: number }[] }>(
      "POST",
      `${baseUrl}/api/shops/products`,
      {
        token,
        body: {
          title,
          description: "<p>Produkt testu obciążeniowego.</p>",
          priceGrosze: unitPriceGrosze,
          vatRate: 23,
          fields: [field._id],
          variants: [
            {
              fields: { [String(field._id)]: optionId },
              priceGrosze: unitPriceGrosze,
              quantity: options.units,
            },
          ],
        },
      },
    ),
    201,
    "create a product",
  );
  const variantId = product.variants[0]?._id;
  if (!variantId) throw new Error("the new product has no variant");
  return {
    productId: product._id,
    slug: product.slug,
    variantId,
    fieldId: field._id,
    optionId,
    unitPriceGrosze,
    units: options.units,
  };
}

/** A fixed-amount coupon with a total usage limit, through the staff API. */
export async function createCoupon(
  baseUrl: string,
  token: string,
  options: { usageLimit: number | null; discountGrosze: number },
): Promise<{ id: number; code: string; discountGrosze: number }> {
  const code = unique("OBCIAZENIE").toUpperCase().replaceAll("-", "");
  const coupon = expectStatus(
    await call<{ _id: number }>("POST", `${baseUrl}/api/shops/coupons`, {
      token,
      body: {
        code,
        discountType: "fixed",
        discountValue: options.discountGrosze,
        startDate: "2025-01-01",
        endDate: "2099-12-31",
        usageLimit: options.usageLimit,
      },
    }),
    201,
    "create a coupon",
  );
  return { id: coupon._id, code, discountGrosze: options.discountGrosze };
}

/** A valid guest order for `quantity` units of the variant, priced as the server will price it. */
export function guestOrderBody(
  variant: StockedVariant,
  options: { email: string; quantity?: number; coupon?: { code: string; discountGrosze: number } | null },
) {
  const quantity = options.quantity ?? 1;
  const productsGrosze = variant.unitPriceGrosze * quantity;
  const discount = options.coupon ? Math.min(options.coupon.discountGrosze, productsGrosze) : 0;
  return {
    priceGrosze: productsGrosze + deliveryPriceGrosze("parcel-locker", productsGrosze) - discount,
    delivery: "parcel-locker",
    cart: [
      {
        productId: variant.productId,
        quantity,
        variantKeys: { [String(variant.fieldId)]: variant.optionId },
        variantId: variant.variantId,
      },
    ],
    coupon: options.coupon?.code ?? null,
    recipient: { ...RECIPIENT, email: options.email },
    invoiceData: INVOICE_DATA,
    deliveryPoint: LOCKER,
    acceptTermsAndConditions: true,
    maxProcessingTime: "1-2",
  };
}

export interface CreatedOrder {
  _id: number;
  orderNumber: string;
  email: string;
  priceGrosze: number;
  status: string;
}

/** POST /api/orders as a guest, optionally with an Idempotency-Key. */
let shoppers = 0;
/**
 * A client address of its own for one simulated shopper (the instances trust X-Forwarded-For):
 * the order limit counts per address, and the suite's buyers are many people, not one.
 */
export function shopperAddress(): string {
  shoppers += 1;
  return `10.${(shoppers >> 16) & 255}.${(shoppers >> 8) & 255}.${shoppers & 255}`;
}

/** A guest order; from a shopper address of its own unless `from` names one. */
export function placeOrder(
  baseUrl: string,
  body: unknown,
  options: { idempotencyKey?: string; from?: string; headers?: Record<string, string> } = {},
) {
  return call<CreatedOrder & { code?: string; message?: string }>("POST", `${baseUrl}/api/orders`, {
    body,
    headers: {
      "x-forwarded-for": options.from ?? shopperAddress(),
      ...(options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {}),
      ...options.headers,
    },
  });
}

/** Percentile (0..100) of a list of numbers, nearest-rank; 0 for an empty list. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? 0;
}
