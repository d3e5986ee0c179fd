import { eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { isDbId } from "../../db/ids";
import { notFound, refuse } from "./audited-write";

/**
 * The row of `table` with this id, locked for the change (`SELECT … FOR UPDATE`), or the write refused
 * with not-found (an id out of the database's range included).
 */
export async function lockedById<T extends PgTable & { id: AnyPgColumn }>(
  tx: Tx,
  table: T,
  id: number,
): Promise<T["$inferSelect"]> {
  if (!isDbId(id)) refuse(notFound());
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .for("update");
  return (row as T["$inferSelect"] | undefined) ?? refuse(notFound());
}
