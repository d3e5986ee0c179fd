import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { AddressData, DeliveryPoint, ImageRef } from "../../domain/types";

// The data model of SPEC §3. Money is integer grosze (`…_grosze`). Derived values
// (category path/idsPath, product thumbnail, total quantity) are computed on read.
// Change this file, then `npm run db:generate` and commit the generated SQL.

const id = () => integer("id").primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- accounts

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    displayName: text("display_name").notNull(),
    roles: text("roles").array().notNull().default(sql`ARRAY['user']::text[]`),
    approved: boolean("approved").notNull().default(false),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    phone: text("phone"),
    postCode: text("post_code"),
    city: text("city"),
    street: text("street"),
    nip: text("nip"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`)],
);

/** Server-side sessions: the browser holds a random token, the database its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** Single-use, expiring tokens for e-mail confirmation and password reset (stored hashed). */
export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["email-confirmation", "password-reset"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("one_time_tokens_user_idx").on(t.userId, t.kind)],
);

// ---------------------------------------------------------------- catalog

export const categories = pgTable(
  "categories",
  {
    id: id(),
    title: text("title").notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "restrict" }),
    order: integer("order").notNull().default(0),
    image: text("image"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("categories_parent_idx").on(t.parentId, t.order)],
);

export const productFields = pgTable("product_fields", {
  id: id(),
  title: text("title").notNull(),
  type: text("type").notNull().default("radio"),
  description: text("description").notNull().default(""),
  changePrice: boolean("change_price").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const fieldOptions = pgTable(
  "field_options",
  {
    id: id(),
    fieldId: integer("field_id")
      .notNull()
      .references(() => productFields.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    image: text("image"),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("field_options_field_idx").on(t.fieldId, t.position)],
);

export const products = pgTable(
  "products",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    tags: text("tags").array().notNull().default(sql`ARRAY[]::text[]`),
    quantity: integer("quantity").notNull().default(0),
    priceGrosze: integer("price_grosze").notNull(),
    promotionalPriceGrosze: integer("promotional_price_grosze"),
    vatRate: integer("vat_rate").notNull().default(23),
    isHidden: boolean("is_hidden").notNull().default(false),
    isNew: boolean("is_new").notNull().default(false),
    isSale: boolean("is_sale").notNull().default(false),
    isPremium: boolean("is_premium").notNull().default(false),
    isLayette: boolean("is_layette").notNull().default(false),
    isSet: boolean("is_set").notNull().default(false),
    hasSlides: boolean("has_slides").notNull().default(false),
    slideIds: integer("slide_ids").array().notNull().default(sql`ARRAY[]::integer[]`),
    slidesTitle: text("slides_title").notNull().default(""),
    slidesDescription: text("slides_description").notNull().default(""),
    processingTime: text("processing_time", { enum: ["1-2", "3-6", "7-9", "10-14"] })
      .notNull()
      .default("1-2"),
    /**
     * The list price (the cheapest variant's effective price, else the product's own): derived,
     * kept by the triggers of migration 0008 (docs/decisions/022-list-indexes.md), never written
     * by the app; stored so that the list's price filter and sort can use an index.
     */
    listPriceGrosze: integer("list_price_grosze").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("products_quantity_nonnegative", sql`${t.quantity} >= 0`),
    check("products_price_nonnegative", sql`${t.priceGrosze} >= 0`),
    check("products_promotional_price_nonnegative", sql`${t.promotionalPriceGrosze} >= 0`),
    index("products_visible_created_idx").on(t.isHidden, t.createdAt),
    index("products_updated_idx").on(t.updatedAt),
    index("products_price_idx").on(t.priceGrosze),
    // the product list (catalog.search.ts): visible products in the default order (updated_at,
    // then id, either direction), by list price (filter and sort), and each flag's products in the
    // default order (partial: only the flagged visible rows)
    index("products_visible_updated_idx").on(t.isHidden, t.updatedAt, t.id),
    index("products_visible_list_price_idx").on(t.isHidden, t.listPriceGrosze, t.id),
    index("products_new_idx").on(t.updatedAt, t.id).where(sql`is_hidden = false and is_new`),
    index("products_sale_idx").on(t.updatedAt, t.id).where(sql`is_hidden = false and is_sale`),
    index("products_premium_idx").on(t.updatedAt, t.id).where(sql`is_hidden = false and is_premium`),
    index("products_layette_idx").on(t.updatedAt, t.id).where(sql`is_hidden = false and is_layette`),
    index("products_set_idx").on(t.updatedAt, t.id).where(sql`is_hidden = false and is_set`),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: id(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    thumbUrl: text("thumb_url").notNull(),
    name: text("name").notNull(),
    isNew: boolean("is_new").notNull().default(true),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

/** A product's categories; the one with the lowest position is its first (breadcrumb default). */
export const productCategories = pgTable(
  "product_categories",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    // a category's products (the list's category filter) from the index alone
    index("product_categories_category_idx").on(t.categoryId, t.productId),
  ],
);

export const productFieldLinks = pgTable(
  "product_field_links",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    fieldId: integer("field_id")
      .notNull()
      .references(() => productFields.id, { onDelete: "restrict" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.fieldId] })],
);

export const productVariants = pgTable(
  "product_variants",
  {
    id: id(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** field id -> option id, for the price-changing fields */
    fields: jsonb("fields").$type<Record<string, number>>().notNull(),
    /** option ids sorted and joined by dots (SPEC §3 minVariantPrice key) */
    variantKey: text("variant_key").notNull(),
    priceGrosze: integer("price_grosze").notNull(),
    promotionalPriceGrosze: integer("promotional_price_grosze"),
    quantity: integer("quantity").notNull().default(0),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    check("product_variants_quantity_nonnegative", sql`${t.quantity} >= 0`),
    check("product_variants_price_nonnegative", sql`${t.priceGrosze} >= 0`),
    uniqueIndex("product_variants_key_idx").on(t.productId, t.variantKey),
  ],
);

/** Every effective price a product or variant had, for "najniższa cena z 30 dni". */
export const priceHistory = pgTable(
  "price_history",
  {
    id: id(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    priceGrosze: integer("price_grosze").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("price_history_product_idx").on(t.productId, t.variantId, t.recordedAt)],
);

// ---------------------------------------------------------------- content

export const headerSlides = pgTable("header_slides", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  link: text("link"),
  imageUrl: text("image_url").notNull(),
  order: integer("order").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const pages = pgTable("pages", {
  id: id(),
  link: text("link").notNull().unique(),
  title: text("title").notNull(),
  image: text("image"),
  content: text("content").notNull().default(""),
  protected: boolean("protected").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const blogArticles = pgTable(
  "blog_articles",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    tags: text("tags").array().notNull().default(sql`ARRAY[]::text[]`),
    image: jsonb("image").$type<ImageRef>(),
    content: text("content").notNull().default(""),
    hasSlides: boolean("has_slides").notNull().default(false),
    slideIds: integer("slide_ids").array().notNull().default(sql`ARRAY[]::integer[]`),
    slidesTitle: text("slides_title").notNull().default(""),
    slidesDescription: text("slides_description").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("blog_articles_created_idx").on(t.createdAt)],
);

export const galleryImages = pgTable(
  "gallery_images",
  {
    id: id(),
    /** nested with '/', e.g. "produkty/kocyki" */
    folder: text("folder").notNull().default(""),
    name: text("name").notNull(),
    url: text("url").notNull(),
    thumbUrl: text("thumb_url").notNull(),
    width: integer("width"),
    height: integer("height"),
    sizeBytes: integer("size_bytes"),
    mimeType: text("mime_type"),
    createdAt: createdAt(),
  },
  (t) => [index("gallery_images_folder_idx").on(t.folder)],
);

export const creatorCategories = pgTable("creator_categories", {
  id: id(),
  title: text("title").notNull(),
  order: integer("order").notNull().default(0),
});

export const creators = pgTable("creators", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  image: text("image"),
  link: text("link"),
  categoryId: integer("category_id").references(() => creatorCategories.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

export const games = pgTable("games", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  image: text("image"),
  link: text("link"),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- checkout and orders

export const coupons = pgTable(
  "coupons",
  {
    id: id(),
    code: text("code").notNull(),
    discountType: text("discount_type", { enum: ["percent", "fixed"] }).notNull(),
    /** percent: whole percent 1..100; fixed: grosze */
    discountValue: integer("discount_value").notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    endDate: timestamp("end_date", { withTimezone: true }).notNull(),
    usageLimit: integer("usage_limit"),
    usageLimitPerCustomer: integer("usage_limit_per_customer"),
    minOrderGrosze: integer("min_order_grosze"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("coupons_code_lower_idx").on(sql`lower(${t.code})`),
    check("coupons_value_positive", sql`${t.discountValue} > 0`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: id(),
    orderNumber: text("order_number").notNull().unique(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    /** the latest status (the history is in order_statuses) */
    status: text("status").notNull().default("NEW"),
    priceGrosze: integer("price_grosze").notNull(),
    totalProductsGrosze: integer("total_products_grosze").notNull(),
    deliveryMethod: text("delivery_method", { enum: ["courier", "parcel-locker"] }).notNull(),
    deliveryTitle: text("delivery_title").notNull(),
    deliveryPriceGrosze: integer("delivery_price_grosze").notNull(),
    couponId: integer("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    couponDiscountGrosze: integer("coupon_discount_grosze").notNull().default(0),
    maxProcessingTime: text("max_processing_time").notNull().default("1-2"),
    shipmentNumber: text("shipment_number"),
    invoiceUrl: text("invoice_url"),
    recipient: jsonb("recipient").$type<AddressData>().notNull(),
    invoiceData: jsonb("invoice_data").$type<AddressData>().notNull(),
    deliveryPoint: jsonb("delivery_point").$type<DeliveryPoint>(),
    idempotencyKey: text("idempotency_key").unique(),
    /** hash of the request the Idempotency-Key was first used with: the key again with another request is refused */
    requestFingerprint: text("request_fingerprint"),
    paymentProvider: text("payment_provider"),
    paymentId: text("payment_id"),
    /** the language the order was placed in: its e-mails are written in it */
    lang: text("lang", { enum: ["pl", "en"] })
      .notNull()
      .default("pl"),
    /** true while the order holds its units (taken at creation, given back on cancel or expiry) */
    stockReserved: boolean("stock_reserved").notNull().default(true),
    /** an unpaid order gives its units back after this moment */
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_email_idx").on(sql`lower(${t.email})`),
    index("orders_status_idx").on(t.status, t.createdAt),
    index("orders_coupon_idx").on(t.couponId),
    index("orders_payment_idx").on(t.paymentId),
    index("orders_reserved_until_idx").on(t.reservedUntil),
  ],
);

/**
 * Every payment attempt of an order (a retry makes a new one). `externalId` is the provider's
 * payment id; `status` is the provider's status mapped to ours (PAYMENT_NEW … PAYMENT_ERROR).
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    externalId: text("external_id").notNull(),
    status: text("status").notNull().default("PAYMENT_NEW"),
    amountGrosze: integer("amount_grosze").notNull(),
    currency: text("currency").notNull().default("PLN"),
    redirectUrl: text("redirect_url").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_provider_external_idx").on(t.provider, t.externalId),
    index("payments_order_idx").on(t.orderId, t.createdAt),
  ],
);

/** The cart snapshot of an order, one row per line (SPEC §3 cart item). */
export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    productTitle: text("product_title").notNull(),
    variantTitle: text("variant_title"),
    variantLabel: text("variant_label"),
    variantKeys: jsonb("variant_keys").$type<Record<string, number>>().notNull().default({}),
    unitPriceGrosze: integer("unit_price_grosze").notNull(),
    quantity: integer("quantity").notNull(),
    vatRate: integer("vat_rate").notNull().default(23),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const orderStatuses = pgTable(
  "order_statuses",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    /** carrier statuses carry their title: { title } */
    data: jsonb("data").$type<{ title?: string }>(),
    createdAt: createdAt(),
  },
  (t) => [index("order_statuses_order_idx").on(t.orderId, t.createdAt)],
);

/** Sequential invoice numbers per month: FV/{year}/{month}/{seq, 4 digits}. */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "restrict" }),
    year: integer("year").notNull(),
    month: integer("month").notNull(),
    sequence: integer("sequence").notNull(),
    number: text("number").notNull().unique(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    filePath: text("file_path"),
  },
  (t) => [uniqueIndex("invoices_year_month_sequence_idx").on(t.year, t.month, t.sequence)],
);

/** Pick-up points for the built-in parcel-locker picker (seeded; synced from the InPost Points API). */
export const parcelPoints = pgTable(
  "parcel_points",
  {
    /** the carrier's point id, e.g. KRA010 */
    id: text("id").primaryKey(),
    provider: text("provider").notNull().default("inpost"),
    type: text("type").notNull().default("parcel_locker"),
    name: text("name").notNull(),
    street: text("street").notNull(),
    houseNumber: text("house_number"),
    flatNumber: text("flat_number"),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    province: text("province"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    locationDescription: text("location_description"),
    openingHours: text("opening_hours"),
    status: text("status").notNull().default("Operating"),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("parcel_points_city_idx").on(sql`lower(${t.city})`),
    index("parcel_points_postal_idx").on(t.postalCode),
  ],
);

/** Every e-mail the shop sends; written as .eml under DATA_DIR/outbox or sent over SMTP. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    template: text("template").notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_status_idx").on(t.status, t.createdAt)],
);

// ---------------------------------------------------------------- activity and limits

/**
 * Product page views, for the real social-proof figure "people viewing this product in the last
 * 15 minutes". `viewer_hash` is a salted hash of the visitor (session or address + agent), never
 * the address itself; old rows are pruned.
 */
export const productViews = pgTable(
  "product_views",
  {
    id: id(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    viewerHash: text("viewer_hash").notNull(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("product_views_product_idx").on(t.productId, t.viewedAt),
    index("product_views_time_idx").on(t.viewedAt),
  ],
);

/**
 * Fixed-window counters for rate limits shared by every instance (login, register, reset, resend):
 * `key` names the limit and the subject, e.g. "login:ip:203.0.113.5" or "login:email:jan@example.com".
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index("rate_limit_hits_window_idx").on(t.windowStart),
  ],
);

// ---------------------------------------------------------------- staff audit log

/**
 * Every staff write: who (id and e-mail at the time, kept when the account is deleted), what
 * (`action` like "product.update", `entity` like "product" and its id), when, and the record
 * before and after (prices, stock, statuses, roles). Written in the same transaction as the change.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorId: integer("actor_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.createdAt),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt),
  ],
);

// ---------------------------------------------------------------- background jobs

/**
 * The durable job queue (docs/decisions/050): e-mail delivery, the unpaid-order sweep, picture
 * variants. A worker claims due rows with FOR UPDATE SKIP LOCKED and holds them for a lease
 * (`locked_until`); a job whose lease ran out (its process died) is claimed again. `failed` is the
 * dead letter: out of attempts, waiting for staff to retry it. `last_error` holds a message without
 * addresses or tokens. A `singleton_key` is unique among queued and running jobs: periodic work is
 * scheduled once however many instances ask.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull().default({}),
    status: text("status", { enum: ["queued", "running", "done", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    singletonKey: text("singleton_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // what a worker looks for: due queued jobs, and running ones whose lease ran out
    index("jobs_due_idx").on(t.status, t.runAt),
    uniqueIndex("jobs_singleton_idx").on(t.singletonKey).where(sql`${t.status} in ('queued', 'running')`),
  ],
);
