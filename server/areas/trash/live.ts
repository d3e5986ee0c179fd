import { and, eq, isNull } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import { isDbId } from "../../db/ids";
import { blogArticles, pages, products } from "../../db/schema";
import { notFound, refuse } from "../audit/audited-write";
import { lockedById } from "../audit/row-by-id";

// A trashed record (deleted_at set, docs/decisions/076) is gone for every reader but the trash
// itself: the storefront, search, sitemap, feeds, carts and the staff lists all read through these.

export const liveProduct = isNull(products.deletedAt);
export const livePage = isNull(pages.deletedAt);
export const liveArticle = isNull(blogArticles.deletedAt);

type Trashable = PgTable & { id: AnyPgColumn; deletedAt: AnyPgColumn };

/** The live row of `table` with this id (a staff form's record), or null: trashed, missing or out of range. */
export async function liveById<T extends Trashable>(
  db: Db,
  table: T,
  id: number,
): Promise<T["$inferSelect"] | null> {
  if (!isDbId(id)) return null;
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), isNull(table.deletedAt)))
    .limit(1);
  return (row as T["$inferSelect"] | undefined) ?? null;
}

/** The live row of `table` with this id, locked for the change; a trashed or missing one: not-found. */
export async function lockedLive<T extends Trashable>(
  tx: Tx,
  table: T,
  id: number,
): Promise<T["$inferSelect"]> {
  const row = await lockedById(tx, table, id);
  return (row as { deletedAt: Date | null }).deletedAt === null ? row : refuse(notFound());
}
