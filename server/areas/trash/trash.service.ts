import { and, desc, eq, isNotNull, lt } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { isDbId } from "../../db/ids";
import { blogArticles, pages, products } from "../../db/schema";
import { fail, type Result } from "../../lib/result";
import type { AuditActor } from "../audit/audit";
import { auditedWrite, deleted, notFound, refuse } from "../audit/audited-write";
import { takenPageLinks } from "../content/page-links";

// The trash (docs/decisions/076): a deleted product, page or blog article keeps its row with
// deleted_at set for TRASH_KEEP_DAYS; staff restore it (a page whose link another page took
// meanwhile is refused) or delete it for good; the periodic job deletes for good what is older.
// One service for the three kinds: the trash is one staff page and one job, and the kinds differ
// only in their table and the label shown (a deleted-for-good product's order lines keep their
// snapshot: order_items.product_id becomes null, as the delete always did).

export const TRASH_KEEP_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

export const TRASH_KINDS = ["product", "page", "blog"] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

/** One trashed record as the trash lists it. */
export interface TrashEntry {
  kind: TrashKind;
  _id: number;
  title: string;
  /** the product's or article's slug, the page's link */
  label: string;
  deletedAt: string;
  /** when the periodic job deletes it for good */
  purgeAt: string;
}

/** The most the trash lists of each kind (newest trashed first). */
export const TRASH_LIST_LIMIT = 200;

const TABLES = {
  product: { table: products, label: products.slug, title: products.title },
  page: { table: pages, label: pages.link, title: pages.title },
  blog: { table: blogArticles, label: blogArticles.slug, title: blogArticles.title },
} as const;

const purgeAt = (deletedAt: Date) => new Date(deletedAt.getTime() + TRASH_KEEP_DAYS * DAY_MS);

/** The trashed row of `kind` with this id, locked; else not-found. */
async function lockedTrashed(tx: Tx, kind: TrashKind, id: number) {
  if (!isDbId(id)) refuse(notFound());
  const { table } = TABLES[kind];
  const [row] = await tx
    .select()
    .from(table)
    .where(and(eq(table.id, id), isNotNull(table.deletedAt)))
    .for("update");
  return row ?? refuse(notFound());
}

/**
 * A page comes back only to links no live page has as its link or English link (page-links.ts; the
 * partial unique index catches a race on the link). Its English texts come back with it.
 */
async function assertLinksFree(tx: Tx, page: typeof pages.$inferSelect): Promise<void> {
  const [link] = await takenPageLinks(tx, [page.link, page.linkEn]);
  if (link !== undefined) refuse(fail("trash/link-taken", undefined, { params: { link } }));
}

export function createTrashService(db: Db) {
  return {
    /** Everything in the trash, newest trashed first (at most TRASH_LIST_LIMIT of each kind). */
    async list(): Promise<TrashEntry[]> {
      const lists = await Promise.all(
        TRASH_KINDS.map(async (kind) => {
          const { table, label, title } = TABLES[kind];
          const rows = await db
            .select({ id: table.id, title, label, deletedAt: table.deletedAt })
            .from(table)
            .where(isNotNull(table.deletedAt))
            .orderBy(desc(table.deletedAt), desc(table.id))
            .limit(TRASH_LIST_LIMIT);
          return rows.map((row) => {
            const at = row.deletedAt ?? new Date(0);
            return {
              kind,
              _id: row.id,
              title: row.title,
              label: row.label,
              deletedAt: at.toISOString(),
              purgeAt: purgeAt(at).toISOString(),
            };
          });
        }),
      );
      return lists.flat().sort((a, b) => b.deletedAt.localeCompare(a.deletedAt) || b._id - a._id);
    },

    /** Takes a record out of the trash (audited `<kind>.restore`); a page's link taken meanwhile: refused. */
    restore(actor: AuditActor, kind: TrashKind, id: number): Promise<Result<{ _id: number }>> {
      return auditedWrite(
        db,
        actor,
        `${kind}.restore`,
        async (tx) => {
          const row = await lockedTrashed(tx, kind, id);
          if (kind === "page") await assertLinksFree(tx, row as typeof pages.$inferSelect);
          const { table } = TABLES[kind];
          await tx.update(table).set({ deletedAt: null }).where(eq(table.id, id));
          return {
            value: { _id: id },
            entityId: id,
            before: { deletedAt: row.deletedAt },
            after: { deletedAt: null },
          };
        },
        () => fail("trash/link-taken"),
      );
    },

    /** Deletes a trashed record for good (audited `<kind>.purge`). */
    purge(actor: AuditActor, kind: TrashKind, id: number): Promise<Result<{ _id: number }>> {
      return auditedWrite(db, actor, `${kind}.purge`, async (tx) => {
        const row = await lockedTrashed(tx, kind, id);
        const { table } = TABLES[kind];
        await tx.delete(table).where(eq(table.id, id));
        return deleted(id, row, { _id: id });
      });
    },

    /** The periodic job: deletes for good what has been in the trash TRASH_KEEP_DAYS or longer; how many. */
    async purgeExpired(now: Date): Promise<number> {
      const before = new Date(now.getTime() - TRASH_KEEP_DAYS * DAY_MS);
      let count = 0;
      for (const kind of TRASH_KINDS) {
        const { table } = TABLES[kind];
        const gone = await db
          .delete(table)
          .where(and(isNotNull(table.deletedAt), lt(table.deletedAt, before)))
          .returning({ id: table.id });
        count += gone.length;
      }
      return count;
    },
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
