import { z } from "zod";
import { statsQuerySchema } from "../../domain/stats";
import {
  changePasswordSchema,
  loginSchema,
  newPasswordSchema,
  registerPayloadSchema,
  resetPasswordSchema,
} from "../../domain/validation/auth";
import {
  blogArticleSchema,
  categoriesOrderSchema,
  categorySchema,
  categoryUpdateSchema,
  headerSlideSchema,
  headerSlidesOrderSchema,
  productFieldSchema,
  productSchema,
  staffProductQuerySchema,
  staticPageSchema,
} from "../../domain/validation/catalog";
import { contactSchema } from "../../domain/validation/contact";
import { couponFormSchema } from "../../domain/validation/coupon";
import { creatorCategorySchema, creatorSchema, gameSchema } from "../../domain/validation/creators";
import { galleryDeleteSchema, galleryListQuerySchema } from "../../domain/validation/gallery";
import { addStatusSchema, orderCreateSchema } from "../../domain/validation/order";
import { parcelPointSearchSchema } from "../../domain/validation/parcel-points";
import { productListParamsSchema } from "../../domain/validation/product-list-params";
import { addShipmentNumberSchema } from "../../domain/validation/shipment";
import { adminUserUpdateSchema } from "../../domain/validation/user";
import { stockChangesSchema, warehouseQuerySchema } from "../../domain/validation/warehouse";
import { auditQuerySchema } from "../areas/audit/audit.routes";
import { staffOrderListQuerySchema } from "../areas/orders/order-staff.service";

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
  "PUT /api/auth/change-password": {
    summary: "Change one's password (the current one and a new one); every other session ends",
    tag: "auth",
    access: "user",
    body: changePasswordSchema,
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
  // staff: category tree and product fields (taxonomy)
  "POST /api/shops/categories": {
    summary: "Add a category (parent null = first level; no order = last)",
    tag: "staff",
    access: "moderator",
    body: categorySchema,
  },
  "PUT /api/shops/categories": {
    summary: "Bulk tree edit: the new parent and order of each category sent (cycles refused)",
    tag: "staff",
    access: "moderator",
    body: categoriesOrderSchema,
  },
  "PUT /api/shops/categories/:id": {
    summary: "Rename, re-parent or change the image of a category (root protected)",
    tag: "staff",
    access: "moderator",
    body: categoryUpdateSchema,
  },
  "DELETE /api/shops/categories/:id": {
    summary: "Delete a category (refused while products or subcategories use it)",
    tag: "staff",
    access: "moderator",
  },
  "POST /api/shops/fields": {
    summary: "Add a product field with its options",
    tag: "staff",
    access: "moderator",
    body: productFieldSchema,
  },
  "PUT /api/shops/fields/:id": {
    summary: "Update a field; options by _id (new without, removed when missing); returns the field",
    tag: "staff",
    access: "moderator",
    body: productFieldSchema,
  },
  "DELETE /api/shops/fields/:id": {
    summary: "Delete a product field (refused while products use it)",
    tag: "staff",
    access: "moderator",
  },
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
    summary: "Count a product view (social proof; one viewer per client address, rate-limited)",
    tag: "catalog",
    access: "public",
  },

  // staff products and the warehouse (issue 6)
  "GET /api/shops/products/staff": {
    summary: "Products for staff, hidden ones too: search by title, a flag, one page",
    tag: "staff",
    access: "moderator",
    querystring: staffProductQuerySchema,
  },
  "POST /api/shops/products": {
    summary: "Create a product (images, categories, fields, variants; description sanitised)",
    tag: "staff",
    access: "moderator",
    body: productSchema,
  },
  "PUT /api/shops/products/:id": {
    summary: "Update a product (variants by _id: kept, added, missing ones deleted)",
    tag: "staff",
    access: "moderator",
    body: productSchema,
  },
  "DELETE /api/shops/products/:id": {
    summary: "Delete a product (order lines keep their snapshot)",
    tag: "staff",
    access: "moderator",
  },
  "GET /api/shops/warehouse": {
    summary: "Stock of every product without variants and every variant, with its level",
    tag: "staff",
    access: "moderator",
    querystring: warehouseQuerySchema,
  },
  "PUT /api/shops/warehouse": {
    summary: "Set the stock of several products/variants in one transaction",
    tag: "staff",
    access: "moderator",
    body: stockChangesSchema,
  },
  "GET /api/shops/warehouse.csv": {
    summary: "Stock CSV (productId;variantId;title;variant;quantity, UTF-8 with BOM)",
    tag: "staff",
    access: "moderator",
  },
  "POST /api/shops/warehouse/import": {
    summary: "Import a stock CSV (text/csv); every line checked, all or nothing",
    tag: "staff",
    access: "moderator",
  },

  "GET /api/shops/headers": { summary: "Header slides", tag: "content", access: "public" },
  "POST /api/shops/headers": {
    summary: "Add a header slide (no order = last)",
    tag: "staff",
    access: "moderator",
    body: headerSlideSchema,
  },
  "PUT /api/shops/headers": {
    summary: "Bulk order of header slides: [{_id, order}]",
    tag: "staff",
    access: "moderator",
    body: headerSlidesOrderSchema,
  },
  "PUT /api/shops/headers/:id": {
    summary: "Update a header slide",
    tag: "staff",
    access: "moderator",
    body: headerSlideSchema,
  },
  "DELETE /api/shops/headers/:id": { summary: "Delete a header slide", tag: "staff", access: "moderator" },
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
    summary: "Every order, by status, date (od, do: YYYY-MM-DD) and number or e-mail (staff)",
    tag: "orders",
    access: "moderator",
    querystring: staffOrderListQuerySchema,
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

  // staff shell (issue 6): the dashboard's figures and the audit log
  "GET /api/shops/stats": {
    summary:
      "Dashboard figures for a period of Warsaw days: revenue and paid orders per day, by status, top products, AOV, conversion",
    tag: "staff",
    access: "moderator",
    querystring: statsQuerySchema,
  },
  "GET /api/audit": {
    summary: "The staff audit log, newest first, by actor and entity (admin)",
    tag: "staff",
    access: "admin",
    querystring: auditQuerySchema,
  },
  "GET /api/jobs": {
    summary: "Background jobs: the dead letter (failed for good) and the latest others, newest first (admin)",
    tag: "staff",
    access: "admin",
  },
  "POST /api/jobs/:id/retry": {
    summary: "Queue a dead job again with fresh attempts (409 job/not-retryable otherwise; admin, audited)",
    tag: "staff",
    access: "admin",
  },

  // gallery (issue 6): staff media
  "GET /api/gallery": {
    summary: "Gallery images (newest first; ?folder=, ?q= name, ?page=) and every folder, alphabetically",
    tag: "gallery",
    access: "moderator",
    querystring: galleryListQuerySchema,
  },
  "POST /api/gallery/upload": {
    summary:
      "Upload images (multipart: folder + up to 20 files): checked by content, re-encoded to WebP (1200/600/300 px); one result per file",
    tag: "gallery",
    access: "moderator",
  },
  "DELETE /api/gallery": {
    summary: "Delete an image (409 gallery/in-use with details.usedIn while anything uses it)",
    tag: "gallery",
    access: "moderator",
    body: galleryDeleteSchema,
  },

  // content (issue 6): pages, blog, coupons, creators and games (staff writes)
  "POST /api/pages": {
    summary: "Add a static page (link unique; content sanitised)",
    tag: "staff",
    access: "moderator",
    body: staticPageSchema,
  },
  "PUT /api/pages/:id": {
    summary: "Update a static page",
    tag: "staff",
    access: "moderator",
    body: staticPageSchema,
  },
  "DELETE /api/pages/:id": {
    summary: "Delete a page (409 page/protected for a protected page)",
    tag: "staff",
    access: "moderator",
  },
  "POST /api/blogs": {
    summary: "Add a blog article (content sanitised; related products must exist)",
    tag: "staff",
    access: "moderator",
    body: blogArticleSchema,
  },
  "PUT /api/blogs/:id": {
    summary: "Update a blog article",
    tag: "staff",
    access: "moderator",
    body: blogArticleSchema,
  },
  "DELETE /api/blogs/:id": { summary: "Delete a blog article", tag: "staff", access: "moderator" },
  "GET /api/shops/coupons": {
    summary: "Every coupon with its limits and uses so far (staff)",
    tag: "staff",
    access: "moderator",
  },
  "POST /api/shops/coupons": {
    summary: "Add a coupon (code unique ignoring case; fixed value in grosze)",
    tag: "staff",
    access: "moderator",
    body: couponFormSchema,
  },
  "PUT /api/shops/coupons/:id": {
    summary: "Update a coupon",
    tag: "staff",
    access: "moderator",
    body: couponFormSchema,
  },
  "DELETE /api/shops/coupons/:id": {
    summary: "Delete a coupon (orders keep their code and discount)",
    tag: "staff",
    access: "moderator",
  },
  "POST /api/creators": { summary: "Add a creator", tag: "staff", access: "moderator", body: creatorSchema },
  "PUT /api/creators/:id": {
    summary: "Update a creator",
    tag: "staff",
    access: "moderator",
    body: creatorSchema,
  },
  "DELETE /api/creators/:id": { summary: "Delete a creator", tag: "staff", access: "moderator" },
  "POST /api/creators/categories": {
    summary: "Add a creator category",
    tag: "staff",
    access: "moderator",
    body: creatorCategorySchema,
  },
  "PUT /api/creators/categories/:id": {
    summary: "Update a creator category",
    tag: "staff",
    access: "moderator",
    body: creatorCategorySchema,
  },
  "DELETE /api/creators/categories/:id": {
    summary: "Delete a creator category (its creators stay, without one)",
    tag: "staff",
    access: "moderator",
  },
  "POST /api/games": { summary: "Add a game", tag: "staff", access: "moderator", body: gameSchema },
  "PUT /api/games/:id": { summary: "Update a game", tag: "staff", access: "moderator", body: gameSchema },
  "DELETE /api/games/:id": { summary: "Delete a game", tag: "staff", access: "moderator" },

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
