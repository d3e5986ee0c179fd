import { type AnyPgColumn, integer, timestamp } from "drizzle-orm/pg-core";

// The columns most tables share.

export const id = () => integer("id").primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** When the record went to the trash (docs/decisions/076): null while it is live. */
export const deletedAt = () => timestamp("deleted_at", { withTimezone: true });

/** A required reference to another table's id: deleted with the row it names, or refusing its delete. */
export const requiredRef = <TName extends string>(
  name: TName,
  target: () => AnyPgColumn,
  onDelete: "cascade" | "restrict",
) => integer(name).notNull().references(target, { onDelete });
