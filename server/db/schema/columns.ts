import { integer, timestamp } from "drizzle-orm/pg-core";

// The columns most tables share.

export const id = () => integer("id").primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
