import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { AddressData, DeliveryPoint } from "../../../domain/types";
import { users } from "./accounts";
import { products, productVariants } from "./catalog";
import { createdAt, id, requiredRef, updatedAt } from "./columns";
import { coupons } from "./coupons";

// Orders: the order, its lines (the cart snapshot) and its status history.

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

/** The cart snapshot of an order, one row per line (SPEC §3 cart item). */
export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: requiredRef("order_id", () => orders.id, "cascade"),
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
    orderId: requiredRef("order_id", () => orders.id, "cascade"),
    status: text("status").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    /** carrier statuses carry their title: { title } */
    data: jsonb("data").$type<{ title?: string }>(),
    createdAt: createdAt(),
  },
  (t) => [index("order_statuses_order_idx").on(t.orderId, t.createdAt)],
);
