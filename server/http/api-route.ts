import type { preHandlerAsyncHookHandler, RouteShorthandOptions } from "fastify";
import type { z } from "zod";
import type { ErrorCode } from "../lib/result";
import { requireAdmin, requireShopModerator, requireUser } from "./auth";

// One declaration per /api route (docs/decisions/060): each *.routes.ts registers a route with
// `apiRoute({ summary, tag, access, body?, querystring?, params?, response?, errors? })` as its
// options. The access level installs the role guard; the zod schemas are the ones the handler (or
// the one service it calls) parses with. The OpenAPI document (server/http/openapi.ts) and the list
// the tests walk (server/http/api-table.ts) are derived from the registered routes.
//
//   app.get("/orders/my", apiRoute({ summary: "…", tag: "orders", access: "user" }), handler)

/**
 * public: anyone; user: signed in (any role); moderator: shop staff; admin: admins only;
 * owner: anyone, but answers only about the caller's own data (guest: order number + e-mail);
 * webhook: a provider's webhook (its signature, or the secret in its URL, checked by the handler).
 */
export type Access = "public" | "user" | "moderator" | "admin" | "owner" | "webhook";

export type ApiTag =
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

/**
 * A body that no zod schema parses as JSON: read whole as text (a signed webhook, a CSV), read as
 * multipart parts, or none at all (a POST or PUT whose URL says everything).
 */
export type OtherBody = "signed-json" | "text/csv" | "multipart/form-data" | "none";

/**
 * A success that is not JSON: a file (an invoice PDF, a complaint photo, a CSV), a plain-text answer, or an empty body
 * ("none": a payment provider's notification accepted with 202 and nothing else, as Paynow expects).
 */
export type OtherReply =
  | "application/pdf"
  | "application/xml"
  | "application/zip"
  | "image/webp"
  | "text/csv"
  | "text/plain"
  | "none"
  /** a spreadsheet (the orders export) */
  | "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export interface ApiRouteSpec {
  summary: string;
  tag: ApiTag;
  access: Access;
  /** the JSON body's schema (what the handler parses it with), or what else the route reads */
  body?: z.ZodType | OtherBody;
  querystring?: z.ZodType;
  /** required when the URL has parameters: an object schema with exactly those keys */
  params?: z.ZodType;
  /**
   * what a success answers: the JSON's zod schema (documented; the reply is sent as the handler
   * shapes it), the content type of a reply that is not JSON, or "none" for an empty body other
   * than a 204's; nothing for a 204 or a 302
   */
  response?: z.ZodType | OtherReply;
  /** the status of a success (200 unless said) */
  status?: 200 | 201 | 202 | 204 | 302;
  /**
   * the failure codes the route answers beyond those its declaration implies (validation for a
   * schema, 401/403 for its access level, csrf/cross-origin for a write)
   */
  errors?: readonly ErrorCode[];
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** the route's declaration (apiRoute); every /api route has one (openapi.test.ts) */
    api?: ApiRouteSpec;
  }
}

/** A shop-staff route (staff screens, shop moderators): `apiRoute({ ...STAFF, summary, … })`. */
/** A provider's webhook: the JSON read whole as text (for its signature or size), accepted with 202 and nothing. */
export const WEBHOOK = {
  access: "webhook",
  body: "signed-json",
  response: "none",
  status: 202,
} as const satisfies Partial<ApiRouteSpec>;

export const STAFF = { tag: "staff", access: "moderator" } as const satisfies Partial<ApiRouteSpec>;
/**
 * A file of someone's order (a PDF, a complaint photo): its customer, staff, or a guest naming the order
 * (?orderNumber=&email=, the rate-limited lookup); anyone else the 404 of an unknown one.
 * `apiRoute({ ...ORDER_FILE, summary, params, querystring, response })`.
 */
export const ORDER_FILE = {
  tag: "orders",
  access: "owner",
  errors: ["not-found", "rate-limited"],
} as const satisfies Partial<ApiRouteSpec>;
/** A public catalog read: `apiRoute({ ...CATALOG, summary })`. */
export const CATALOG = { tag: "catalog", access: "public" } as const satisfies Partial<ApiRouteSpec>;
/** A public content read (slides, blog, pages, creators): `apiRoute({ ...CONTENT, summary })`. */
export const CONTENT = { tag: "content", access: "public" } as const satisfies Partial<ApiRouteSpec>;

const GUARDS: Partial<Record<Access, preHandlerAsyncHookHandler>> = {
  user: requireUser,
  moderator: requireShopModerator,
  admin: requireAdmin,
};

/** The route options of an /api route: its declaration, and the role guard its access level needs. */
export function apiRoute(spec: ApiRouteSpec): RouteShorthandOptions {
  const guard = GUARDS[spec.access];
  return { config: { api: spec }, ...(guard ? { preHandler: guard } : {}) };
}
