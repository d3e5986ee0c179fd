import { eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { isDbId } from "../../db/ids";
import { notFound, refuse } from "./audited-write";

type TableWithId = PgTable & { id: AnyPgColumn };

/** The row a statement about this id answered, or the write refused with not-found (an id out of range too). */
async function rowOf<T extends TableWithId>(
  id: number,
  statement: () => Promise<unknown[]>,
): Promise<T["$inferSelect"]> {
  if (!isDbId(id)) refuse(notFound());
  const [row] = await statement();
  return (row as T["$inferSelect"] | undefined) ?? refuse(notFound());
}

/** The row of `table` with this id, locked for the change (`SELECT … FOR UPDATE`), else not-found. */
export function lockedById<T extends TableWithId>(tx: Tx, table: T, id: number): Promise<T["$inferSelect"]> {
  return rowOf<T>(id, () =>
    tx
      .select()
      .from(table as PgTable)
      .where(eq(table.id, id))
      .for("update"),
  );
}

/** Deletes the row of `table` with this id and answers what it was, else not-found. */
export function deletedById<T extends TableWithId>(tx: Tx, table: T, id: number): Promise<T["$inferSelect"]> {
  return rowOf<T>(id, () =>
    tx
      .delete(table as PgTable)
      .where(eq(table.id, id))
      .returning(),
  );
}
