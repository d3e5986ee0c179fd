import { z } from "zod";
import {
  loginSchema,
  newPasswordSchema,
  registerPayloadSchema,
  resetPasswordSchema,
} from "../../domain/validation/auth";
import { contactSchema } from "../../domain/validation/contact";
import { addStatusSchema, orderCreateSchema } from "../../domain/validation/order";
import { parcelPointSearchSchema } from "../../domain/validation/parcel-points";
import { productListParamsSchema } from "../../domain/validation/product-query";
import { addShipmentNumberSchema } from "../../domain/validation/shipment";
import { adminUserUpdateSchema } from "../../domain/validation/user";

// Every endpoint under /api in one table: what it does, who may call it, and the zod schema of
// its body or query (the same schema the handler parses with). It feeds the OpenAPI document at
// /api/docs, and the tests check that every registered route is listed here and that the access
// level holds (anonymous 401, the wrong role 403).

/**
 * public: anyone; user: signed in (any role); moderator: shop staff; admin: admins only;
 * owner: anyone, but answers only about the caller's own data (guest: order number + e-mail);
 * webhook: a payment provider (signature checked).
 */
export type Access = "public" | "user" | "moderator" | "admin" | "owner" | "webhook";

export interface ApiRoute {
  summary: string;
  tag:
    | "auth"
    | "users"
    | "catalog"
    | "content"
    | "gallery"
    | "cart"
    | "orders"
    | "payments"
    | "parcel-points"
    | "staff"
    | "system";
  access: Access;
  body?: z.ZodType;
  querystring?: z.ZodType;
}

const idOrNumber = "{id}";

export const API_TABLE: Readonly<Record<string, ApiRoute>> = {
  "GET /api/health": { summary: "Liveness and the database kind", tag: "system", access: "public" },

  "POST /api/auth/login": {
    summary: "Log in; returns accessToken and user",
    tag: "auth",
    access: "public",
    body: loginSchema,
  },
  "POST /api/auth/register": {
    summary: "Register an account",
    tag: "auth",
    access: "public",
    body: registerPayloadSchema,
  },
  "GET /api/auth/user": { summary: "The signed-in user", tag: "auth", access: "user" },
  "POST /api/auth/logout": { summary: "End the session", tag: "auth", access: "public" },
  "PUT /api/auth/reset-password": {
    summary: "Send a password reset link",
    tag: "auth",
    access: "public",
    body: resetPasswordSchema,
  },
  "PUT /api/auth/new-password": {
    summary: "Set a new password with the e-mailed link",
    tag: "auth",
    access: "public",
    body: newPasswordSchema,
  },
  "GET /api/auth/confirm-email": {
    summary: "Confirm an e-mail address (link from the e-mail)",
    tag: "auth",
    access: "public",
  },

  "GET /api/users": { summary: "Every user (admin)", tag: "users", access: "admin" },
  "GET /api/users/send-confirmation-email": {
    summary: "Send the confirmation e-mail again",
    tag: "users",
    access: "user",
  },
  "PUT /api/users/:id/confirm": { summary: "Approve an account (admin)", tag: "users", access: "admin" },
  "PUT /api/users/:id": {
    summary: "Update oneself, or any user (admin)",
    tag: "users",
    access: "user",
    body: adminUserUpdateSchema.partial(),
  },
  "DELETE /api/users/:id": {
    summary: "Delete a user (admin); their orders are kept",
    tag: "users",
    access: "admin",
  },

  "GET /api/shops/categories": { summary: "The category tree", tag: "catalog", access: "public" },
  "GET /api/shops/fields": { summary: "Product fields with options", tag: "catalog", access: "public" },
  "GET /api/shops/products": {
    summary: "Visible products; with list parameters: filtered, sorted, one page",
    tag: "catalog",
    access: "public",
    querystring: productListParamsSchema,
  },
  "GET /api/shops/products/basic": {
    summary: "Id, title and slug of every visible product",
    tag: "catalog",
    access: "public",
  },
  "GET /api/shops/products/:id": { summary: "One product", tag: "catalog", access: "public" },
  "POST /api/shops/products/:id/views": {
    summary: "Count a product view (social proof)",
    tag: "catalog",
    access: "public",
  },

  "GET /api/shops/headers": { summary: "Header slides", tag: "content", access: "public" },
  "GET /api/blogs": { summary: "Blog articles, newest first", tag: "content", access: "public" },
  "GET /api/blogs/:id": { summary: "One blog article", tag: "content", access: "public" },
  "GET /api/pages": { summary: "Static pages", tag: "content", access: "public" },
  "GET /api/pages/by-link/:link": {
    summary: "The static page with this link",
    tag: "content",
    access: "public",
  },
  "POST /api/shops/message": {
    summary: "Send a message to the shop",
    tag: "content",
    access: "public",
    body: contactSchema,
  },
  "GET /api/games": { summary: "Games", tag: "content", access: "public" },
  "GET /api/creators": { summary: "Creators", tag: "content", access: "public" },
  "GET /api/creators/categories": { summary: "Creator categories", tag: "content", access: "public" },

  "GET /api/shops/coupons/is-active/:code": {
    summary: "Check a discount code (rate-limited)",
    tag: "cart",
    access: "public",
  },
  "POST /api/cart/restore": {
    summary: "Price a saved cart against the catalog",
    tag: "cart",
    access: "public",
  },

  "POST /api/orders": {
    summary: "Place an order (Idempotency-Key header); returns payment.redirectUrl",
    tag: "orders",
    access: "public",
    body: orderCreateSchema,
  },
  "GET /api/orders/my": { summary: "The signed-in customer's orders", tag: "orders", access: "user" },
  "GET /api/orders": {
    summary: "Every order, by status and number or e-mail (staff)",
    tag: "orders",
    access: "moderator",
  },
  "GET /api/orders/:id": {
    summary: `One order: ${idOrNumber} is the order number (guest: with ?email=) or, signed in, the id`,
    tag: "orders",
    access: "owner",
  },
  "GET /api/orders/retry-payment/:id": {
    summary: "A new payment for an unpaid order (?email=)",
    tag: "orders",
    access: "owner",
  },
  "GET /api/orders/:id/invoice": {
    summary: "The invoice PDF of a paid order (?email=)",
    tag: "orders",
    access: "owner",
  },
  "PUT /api/orders/:id/add-shipment-number": {
    summary: "Add the shipment number (sends the shipment e-mail)",
    tag: "orders",
    access: "moderator",
    body: addShipmentNumberSchema,
  },
  "PUT /api/orders/:id/add-status": {
    summary: "Mark delivered or cancel (staff)",
    tag: "orders",
    access: "moderator",
    body: addStatusSchema,
  },
  "POST /api/payments/:provider/notifications": {
    summary: "Payment provider notifications (signed; 202 accepted, 400 bad signature)",
    tag: "payments",
    access: "webhook",
  },

  "GET /api/parcel-points": {
    summary: "Search parcel lockers by city, postcode or point id",
    tag: "parcel-points",
    access: "public",
    querystring: parcelPointSearchSchema,
  },
};

/** The key of a route in API_TABLE, e.g. "GET /api/orders/:id". */
export function apiRouteKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}

/** A zod schema as JSON Schema for the document (what a client sends). */
export function documentSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return rest;
}
