import type { FieldError } from "../../domain/validation/errors";

// Expected failures are values with codes (Vendure's ErrorResult): every service returns a Result,
// and the code names the HTTP status, the API's English message and the translated message key in
// this one table. The HTTP layer (server/http/errors.ts) turns a Failure into a response.

export const ERROR_CODES = {
  validation: {
    status: 400,
    message: "The form contains errors, correct it and try again",
    key: "errors.formContainsErrors",
  },
  "not-found": { status: 404, message: "Not found.", key: "errors.notFound" },
  unauthorized: { status: 401, message: "Unauthorized!", key: "errors.unauthorized" },
  "forbidden-moderator": {
    status: 403,
    message: "Required moderator role",
    key: "errors.requiredModeratorRole",
  },
  "forbidden-admin": { status: 403, message: "Required admin role", key: "errors.requiredAdminRole" },
  "auth/user-not-found": { status: 404, message: "User Not found.", key: "errors.auth/user-not-found" },
  "auth/wrong-password": { status: 401, message: "Invalid Password!", key: "errors.auth/wrong-password" },
  "auth/email-already-in-use": {
    status: 409,
    message: "Failed! Email is already in use!",
    key: "errors.auth/email-already-in-use",
  },
  "invalid-token": { status: 400, message: "Invalid or expired link", key: "errors.invalidToken" },
  "account-not-approved": {
    status: 403,
    message: "Your account has not been approved by the admin yet",
    key: "errors.accountNotApproved",
  },
  "order/not-found": { status: 404, message: "Order Not found.", key: "errors.orderNotFound" },
  "order/not-paid": { status: 409, message: "Order not paid.", key: "errors.orderNotPaid" },
  conflict: { status: 409, message: "Conflict", key: "errors.generic" },
  /** the order's status does not allow the change; details: { status } (also details.params.status) */
  "order/status-conflict": {
    status: 409,
    message: "The order's current status does not allow this change",
    key: "errors.order/status-conflict",
  },
  "product/unavailable": {
    status: 409,
    message: "Ten produkt jest niedostępny. Odśwież stronę i spróbuj ponownie.",
    key: "product.unavailable",
  },
  /** details: { productId, variantId, product (title), available } */
  "order/out-of-stock": { status: 409, message: "Out of stock", key: "errors.outOfStock" },
  /** details: PriceChangedDetails (the fresh figures) */
  "order/price-changed": { status: 409, message: "Prices have changed", key: "errors.priceChanged" },
  /** lines the checkout showed have changed since (issue 25): the page lists domain/cart-changes.ts per line */
  "order/cart-changed": { status: 409, message: "The cart has changed", key: "errors.cartChanged" },
  "coupon/invalid": { status: 400, message: "Kod rabatowy jest niepoprawny", key: "coupon.invalid" },
  // a refused code that matches a coupon says why (issue 25; ADR 030: only once the code is proven,
  // an unknown code is coupon/invalid); fields.code (and details.params) carry the message's values
  "coupon/expired": { status: 400, message: "Ten kod rabatowy już wygasł", key: "coupon.expired" },
  /** details.params: { date } it starts on */
  "coupon/not-started": {
    status: 400,
    message: "Ten kod rabatowy nie jest jeszcze aktywny",
    key: "coupon.notStarted",
  },
  "coupon/used-up": {
    status: 400,
    message: "Ten kod rabatowy został już wykorzystany",
    key: "coupon.usedUp",
  },
  /** details.params: { amount } the order must reach */
  "coupon/below-minimum": {
    status: 400,
    message: "Ten kod rabatowy działa przy zamówieniu o wyższej wartości",
    key: "coupon.belowMinimum",
  },
  /** the order limit per address or per e-mail (server/lib/rate-limit.ts "order", ADR 031) */
  "order/too-many": { status: 429, message: "Too many orders", key: "errors.tooManyOrders" },
  /** an Idempotency-Key already used for an order with other contents (ADR 031) */
  "order/idempotency-key-reused": {
    status: 422,
    message: "Idempotency-Key already used for a different order",
    key: "errors.idempotencyKeyReused",
  },
  "checkout/account-not-approved": {
    status: 403,
    message: "Twoje konto nie zostało aktywowane. Postępuj zgodnie z instrukcją, którą otrzymasz na email.",
    key: "checkout.accountNotApproved",
  },
  "payment/unavailable": {
    status: 502,
    message: "Payment gateway unavailable",
    key: "errors.paymentUnavailable",
  },
  /** a canceled order can no longer be paid (retry-payment) */
  "order/canceled": {
    status: 409,
    message: "The order has been canceled and can no longer be paid",
    key: "errors.orderCanceled",
  },
  /** retry-payment after the order's payment time: the expiry cancels it (docs/decisions/032) */
  "order/payment-time-over": {
    status: 409,
    message: "The time to pay for this order is over",
    key: "errors.paymentTimeOver",
  },
  /** the demo bank: the payment was closed when its order was canceled */
  "payment/closed": {
    status: 409,
    message: "The payment was closed: its order has been canceled",
    key: "errors.paymentClosed",
  },
  "payment/bad-notification": { status: 400, message: "Bad notification", key: "errors.generic" },
  "invoice/not-ready": { status: 409, message: "Invoice not ready", key: "errors.invoiceNotReady" },
  /** a state-changing request whose Origin (or Sec-Fetch-Site) names another site (server/http/security-headers.ts) */
  "csrf/cross-origin": {
    status: 403,
    message: "Cross-origin request refused",
    key: "errors.csrf/cross-origin",
  },
  /** a request body over the limit (server/http/page-body-limit.ts BODY_LIMIT_BYTES; Fastify's bodyLimit) */
  "request/too-large": {
    status: 413,
    message: "The data sent is too large",
    key: "errors.request/too-large",
  },
  /** a body of a type the route does not read (e.g. text/plain to a JSON route) */
  "request/unsupported-media-type": {
    status: 415,
    message: "The data sent is of a type that is not accepted here",
    key: "errors.request/unsupported-media-type",
  },
  /** a body that cannot be read as what it claims to be (malformed JSON, an empty JSON body) */
  "request/malformed": {
    status: 400,
    message: "The data sent cannot be read",
    key: "errors.request/malformed",
  },
  "rate-limited": { status: 429, message: "Too many requests", key: "errors.rateLimited" },
  /** the database is out of reach (server/lib/database-unavailable.ts); answered with Retry-After */
  "service-unavailable": {
    status: 503,
    message: "The service is temporarily unavailable, please try again later",
    key: "errors.serviceUnavailable",
  },
  // taxonomy (staff: categories, product fields, header slides)
  /** details: { ids } sent in a bulk update that do not exist */
  "bulk/unknown-ids": { status: 400, message: "Unknown ids", key: "errors.bulk/unknown-ids" },
  "category/in-use-products": {
    status: 409,
    message: "The category is used by products",
    key: "errors.category/in-use-products",
  },
  "category/has-children": {
    status: 409,
    message: "The category has subcategories",
    key: "errors.category/has-children",
  },
  "category/root-protected": {
    status: 409,
    message: "The root category cannot be deleted or moved",
    key: "errors.category/root-protected",
  },
  "category/cycle": {
    status: 400,
    message: "A category cannot be placed inside itself or its subcategory",
    key: "errors.category/cycle",
  },
  "field/in-use": { status: 409, message: "The field is used by products", key: "errors.field/in-use" },
  /** details: { optionId, title } */
  "field/option-in-use": {
    status: 409,
    message: "The option is used by a product variant",
    key: "errors.field/option-in-use",
  },
  "field/change-price-in-use": {
    status: 409,
    message: "The field defines product variants",
    key: "errors.field/change-price-in-use",
  },
  // gallery (staff: uploads and deletes; details.params carry the message's placeholders)
  "gallery/not-an-image": {
    status: 415,
    message: "Not an image: only JPEG, PNG, WebP, AVIF, GIF or TIFF files are accepted",
    key: "errors.gallery/not-an-image",
  },
  /** params: { max } megabytes */
  "gallery/too-large": { status: 413, message: "The file is too large", key: "errors.gallery/too-large" },
  /** params: { max } megapixels */
  "gallery/too-many-pixels": {
    status: 413,
    message: "The image has too many pixels",
    key: "errors.gallery/too-many-pixels",
  },
  "gallery/no-files": { status: 400, message: "No file was sent", key: "errors.gallery/no-files" },
  /** details: { usedIn: [{ kind, id, title }] } */
  "gallery/in-use": {
    status: 409,
    message: "The image is used (see details.usedIn)",
    key: "errors.gallery/in-use",
  },
  "gallery/storage-failed": {
    status: 507,
    message: "The image could not be saved on the server",
    key: "errors.gallery/storage-failed",
  },
  // warehouse
  /** stock changed since the screen was loaded; details: { rows: [{ productId, variantId, name, loaded, current }] } */
  "warehouse/stale-rows": {
    status: 409,
    message: "The stock of some rows changed since they were loaded; nothing was saved",
    key: "errors.warehouse/stale-rows",
  },
  // bulk edits of the staff product list (issue 30, docs/decisions/074)
  /** the products' figures changed since the preview; nothing was changed, preview again */
  "product-bulk/stale-preview": {
    status: 409,
    message: "The products changed since the preview; nothing was changed",
    key: "errors.product-bulk/stale-preview",
  },
  /** some products would be refused (details: { refused: [{ _id, reason }] }); nothing was changed */
  "product-bulk/refused": {
    status: 409,
    message: "Some products cannot take this change; nothing was changed",
    key: "errors.product-bulk/refused",
  },
  /** the filter selects more than BULK_MAX_PRODUCTS products; details.params: { max } */
  "product-bulk/too-many": {
    status: 400,
    message: "Too many products for one bulk edit",
    key: "errors.product-bulk/too-many",
  },
  // the product import (issue 30, docs/decisions/077)
  /** no file, a file over the size limit, or one neither CSV nor XLSX (or without the sku and title columns) */
  "product-import/unreadable": {
    status: 400,
    message: "The file cannot be read as a product CSV or XLSX file",
    key: "errors.product-import/unreadable",
  },
  /** the catalog (or the file) changed since the preview; nothing was changed, preview again */
  "product-import/stale-preview": {
    status: 409,
    message: "The catalog changed since the preview; nothing was changed",
    key: "errors.product-import/stale-preview",
  },
  /** some lines have errors (the preview names them); nothing was changed */
  "product-import/has-errors": {
    status: 409,
    message: "Some lines of the file have errors; nothing was changed",
    key: "errors.product-import/has-errors",
  },
  // content (staff: pages)
  "page/protected": {
    status: 409,
    message: "This page is protected and cannot be deleted",
    key: "errors.page/protected",
  },
  /** a trashed page's link was taken by another page meanwhile: restore refused (ADR 076); details.params: { link } */
  "trash/link-taken": {
    status: 409,
    message: "Another page uses this link now: change that page's link, then restore this one",
    key: "errors.trash/link-taken",
  },
  /** only an admin may mark a page protected or take the protection away (domain/roles.ts pages:protect) */
  "page/protect-admin-only": {
    status: 403,
    message: "Only an administrator may protect a page or remove its protection",
    key: "errors.page/protect-admin-only",
  },
  /** "Wyślij ponownie" of a KSeF submission that is not refused (issue 28); details: { state } */
  "ksef/not-refused": {
    status: 409,
    message: "Only an invoice refused by KSeF can be sent again",
    key: "errors.ksef/not-refused",
  },
  "job/not-retryable": {
    status: 409,
    message: "The job is not in the dead letter, or the same job is already queued",
    key: "errors.job/not-retryable",
  },
  // the shopper's withdrawal (issue 27); details: { endsAt, params: { date } } / { lineId, withdrawable, params: { max } }
  "after-sale/withdrawal-period-ended": {
    status: 409,
    message: "The withdrawal period has ended",
    key: "errors.after-sale/withdrawal-period-ended",
  },
  "after-sale/withdrawal-unavailable": {
    status: 409,
    message: "No withdrawal for this order",
    key: "errors.after-sale/withdrawal-unavailable",
  },
  "after-sale/too-many-units": {
    status: 409,
    message: "More units than are left",
    key: "errors.after-sale/too-many-units",
  },
  /** a complaint about an order that was never paid (or was canceled unpaid) */
  "after-sale/complaint-unavailable": {
    status: 409,
    message: "No complaint for this order",
    key: "errors.after-sale/complaint-unavailable",
  },
  /** a complaint after the 2-year liability (domain/complaint-period.ts); details: { endsAt, params: { date } } */
  "after-sale/complaint-period-ended": {
    status: 409,
    message: "The 2-year period for complaints about this order has ended",
    key: "errors.after-sale/complaint-period-ended",
  },
  // after the sale: the returns desk and refunds (issue 27, docs/decisions/066)
  /** the case's state does not allow the step; details: { status } */
  "after-sale/state-conflict": {
    status: 409,
    message: "The case's current state does not allow this step",
    key: "errors.after-sale/state-conflict",
  },
  /** the order has no confirmed payment to give money back to */
  "refund/no-payment": {
    status: 409,
    message: "The order has no confirmed payment to refund",
    key: "errors.refund/no-payment",
  },
  // shipments (issue 29, docs/decisions/069)
  /** the order may not get a shipment; details: { reason: not-allowed | exists | no-point | final, params: { orderNumber } } */
  "shipment/not-allowed": {
    status: 409,
    message: "This order cannot get a shipment now (unpaid, canceled, delivered, or it has one)",
    key: "errors.shipment/not-allowed",
  },
  /** no created shipment with a label among the orders named */
  "shipment/no-label": {
    status: 409,
    message: "None of these orders has a created shipment with a label yet",
    key: "errors.shipment/no-label",
  },
  /** the carrier refused; details: { details: the carrier's words, params: { message } } */
  "shipment/carrier-refused": {
    status: 422,
    message: "The carrier refused the request",
    key: "errors.shipment/carrier-refused",
  },
  "shipment/carrier-unavailable": {
    status: 503,
    message: "The carrier cannot be reached, try again in a moment",
    key: "errors.shipment/carrier-unavailable",
  },
  internal: { status: 500, message: "An error occurred, please try again later", key: "errors.generic" },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export type { FieldError };

export interface Failure {
  ok: false;
  code: ErrorCode;
  fields?: Record<string, FieldError>;
  /** extra facts for the client, e.g. the fresh figures of "order/price-changed" */
  details?: Record<string, unknown>;
}
export interface Success<T> {
  ok: true;
  value: T;
}
export type Result<T> = Success<T> | Failure;

export const ok = <T>(value: T): Success<T> => ({ ok: true, value });
export const fail = (
  code: ErrorCode,
  fields?: Record<string, FieldError>,
  details?: Record<string, unknown>,
): Failure => ({ ok: false, code, fields, ...(details ? { details } : {}) });

/** A failure that crosses a function boundary by throwing (e.g. inside a transaction). */
export class FailureError extends Error {
  constructor(readonly failure: Failure) {
    super(failure.code);
  }
}

/** The value of a successful result; a failure is thrown (for the API's error handler, in a route). */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new FailureError(result);
  return result.value;
}
