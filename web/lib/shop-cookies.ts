import type { SavedCartLine } from "../../domain/cart";
import { CART_COOKIE_DAYS, CHECKOUT_DATA_COOKIE_DAYS } from "../../domain/constants";
import { DEFAULT_DELIVERY_METHOD, type DeliveryMethodId, isDeliveryMethodId } from "../../domain/delivery";
import type { DeliveryPoint } from "../../domain/types";
import { parseSavedCart } from "../../domain/validation/cart";
import { readCookie } from "./cookies";

// The shopper's cart and checkout choices live in first-party cookies for 7 days (SPEC §3 Browser
// storage, §9). Every value read here is untrusted: the server restores the cart against the
// database (only visible products with stock, quantities capped, variants matched by id) and
// validates checkout data with the same zod schemas as the order endpoint.
//
// The cookies are set by the cart and checkout route actions (Set-Cookie), so the cart works
// without JavaScript and the root loader always renders the current cart.

export const CART_COOKIE = "cart";
export const COUPON_COOKIE = "cartCoupon";
export const DELIVERY_COOKIE = "delivery";
export const DELIVERY_POINT_COOKIE = "deliveryPoint";
export const CHECKOUT_DATA_COOKIE = "checkoutData";

const CART_MAX_AGE = CART_COOKIE_DAYS * 24 * 60 * 60;
const CHECKOUT_MAX_AGE = CHECKOUT_DATA_COOKIE_DAYS * 24 * 60 * 60;

// Only the server reads them (HttpOnly); Secure is added to every cookie the server sets when the
// shop runs in production or on https (server/http/security-headers.ts).
function cookie(name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax`;
}

function removed(name: string): string {
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
}

function readJson(header: string | null | undefined, name: string): unknown {
  const raw = readCookie(header, name);
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- cart lines and coupon

/** The saved lines (malformed entries dropped). Variant texts are not stored: they are recomputed. */
export function readSavedCart(header: string | null | undefined): SavedCartLine[] {
  return parseSavedCart(readCookie(header, CART_COOKIE) ?? "[]");
}

export function savedCartCookie(lines: readonly SavedCartLine[]): string {
  if (lines.length === 0) return removed(CART_COOKIE);
  const compact = lines.map(({ productId, variantId, variantKeys, quantity }) => ({
    productId,
    variantId,
    variantKeys,
    quantity,
  }));
  return cookie(CART_COOKIE, JSON.stringify(compact), CART_MAX_AGE);
}

/** The applied coupon code, or null. */
export function readCouponCode(header: string | null | undefined): string | null {
  const code = readCookie(header, COUPON_COOKIE)?.trim();
  return code ? code.slice(0, 64) : null;
}

export function couponCookie(code: string | null): string {
  return code ? cookie(COUPON_COOKIE, code, CART_MAX_AGE) : removed(COUPON_COOKIE);
}

// ---------------------------------------------------------------- delivery

export function readDeliveryMethod(header: string | null | undefined): DeliveryMethodId {
  const value = readCookie(header, DELIVERY_COOKIE);
  return isDeliveryMethodId(value) ? value : DEFAULT_DELIVERY_METHOD;
}

export function deliveryMethodCookie(method: DeliveryMethodId): string {
  return cookie(DELIVERY_COOKIE, method, CHECKOUT_MAX_AGE);
}

/** The chosen pick-up point as stored (validate with deliveryPointSchema before use), or null. */
export function readDeliveryPoint(header: string | null | undefined): Partial<DeliveryPoint> | null {
  const value = readJson(header, DELIVERY_POINT_COOKIE);
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Partial<DeliveryPoint>)
    : null;
}

export function deliveryPointCookie(point: DeliveryPoint | null): string {
  return point
    ? cookie(DELIVERY_POINT_COOKIE, JSON.stringify(point), CHECKOUT_MAX_AGE)
    : removed(DELIVERY_POINT_COOKIE);
}

// ---------------------------------------------------------------- recipient and invoice data

/** Recipient and invoice form values kept per user e-mail ("" = a guest), as typed. */
export interface CheckoutData {
  recipient?: Record<string, string>;
  invoiceData?: Record<string, string>;
}

type CheckoutDataStore = Record<string, CheckoutData>;

/** At most this many e-mails are kept (a cookie holds about 4 kB). */
const MAX_CHECKOUT_ENTRIES = 2;

function readStore(header: string | null | undefined): CheckoutDataStore {
  const value = readJson(header, CHECKOUT_DATA_COOKIE);
  return value && typeof value === "object" && !Array.isArray(value) ? (value as CheckoutDataStore) : {};
}

function onlyStrings(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1].length <= 300,
  );
  return Object.fromEntries(entries.slice(0, 12));
}

/** The saved recipient/invoice data of this user (by e-mail; "" for a guest). */
export function readCheckoutData(header: string | null | undefined, userEmail: string | null): CheckoutData {
  const entry = readStore(header)[(userEmail ?? "").toLowerCase()];
  if (!entry) return {};
  return { recipient: onlyStrings(entry.recipient), invoiceData: onlyStrings(entry.invoiceData) };
}

export function checkoutDataCookie(
  header: string | null | undefined,
  userEmail: string | null,
  data: CheckoutData,
): string {
  const key = (userEmail ?? "").toLowerCase();
  const others = Object.entries(readStore(header)).filter(([k]) => k !== key);
  const store = Object.fromEntries([...others.slice(-(MAX_CHECKOUT_ENTRIES - 1)), [key, data]]);
  return cookie(CHECKOUT_DATA_COOKIE, JSON.stringify(store), CHECKOUT_MAX_AGE);
}

/** Does the request still carry a cart or checkout data (something `clearCartCookies` would remove)? */
export function hasCartState(header: string | null | undefined): boolean {
  return [CART_COOKIE, COUPON_COOKIE, DELIVERY_POINT_COOKIE, CHECKOUT_DATA_COOKIE].some(
    (name) => (readCookie(header, name) ?? "") !== "",
  );
}

/**
 * Clearing the cart also clears recipient, invoice data, coupon and delivery point (SPEC §4).
 * Returns the Set-Cookie values (append each to the response headers).
 */
export function clearCartCookies(): string[] {
  return [
    removed(CART_COOKIE),
    removed(COUPON_COOKIE),
    removed(DELIVERY_POINT_COOKIE),
    removed(CHECKOUT_DATA_COOKIE),
  ];
}
