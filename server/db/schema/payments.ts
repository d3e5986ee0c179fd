import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, requiredRef, updatedAt } from "./columns";
import { orders } from "./orders";

// Payment attempts of orders.

/**
 * Every payment attempt of an order (a retry makes a new one). `externalId` is the provider's
 * payment id; `status` is the provider's status mapped to ours (PAYMENT_NEW … PAYMENT_ERROR).
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    orderId: requiredRef("order_id", () => orders.id, "cascade"),
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
