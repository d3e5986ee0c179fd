import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

// The staff audit log.

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
