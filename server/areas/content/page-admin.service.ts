import { and, asc, eq, ne, or } from "drizzle-orm";
import { can } from "../../../domain/roles";
import type { Id, Page } from "../../../domain/types";
import { staticPageSchema } from "../../../domain/validation/catalog";
import { parseForm } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import type { Db, Tx } from "../../db/client";
import { isDbId } from "../../db/ids";
import { containsText, type ListPage, type ListQuery, readTablePage } from "../../db/list-page";
import { pages } from "../../db/schema";
import { fail, type Result } from "../../lib/result";
import { sanitizeHtml } from "../../lib/sanitize-html";
import type { AuditActor } from "../audit/audit";
import { auditedWrite, created, deleted, notFound, refuse, updated } from "../audit/audited-write";
import { livePage, lockedLive } from "../trash/live";
import { toPage } from "./content.service";

// Staff writes of static pages (SPEC §2 /strony, §7 POST /pages, PUT/DELETE /pages/{id}): the link
// is unique (a field error), the HTML content is sanitised before storing, a protected page
// (regulamin, polityka prywatności…) cannot be deleted, and only an admin may protect a page or take
// the protection away (so a moderator cannot unprotect and then delete it). A link may not shadow an
// app route (domain/reserved-links.ts, checked by the schema). Every write is audited in its
// transaction.

/** The signed-in staff member writing a page: audited, and their roles decide about `protected`. */
export type PageActor = AuditActor & { roles: readonly string[] };

const protectRefused = () => fail("page/protect-admin-only");

const linkTaken = () => fail("validation", { link: { key: MSG.unique } });

async function assertLinkFree(tx: Tx, link: string, exceptId?: Id): Promise<void> {
  const [taken] = await tx
    .select({ id: pages.id })
    .from(pages)
    .where(and(livePage, eq(pages.link, link), exceptId === undefined ? undefined : ne(pages.id, exceptId)))
    .limit(1);
  if (taken) refuse(linkTaken());
}

export function createPageAdminService(db: Db) {
  return {
    /** One page by id (the edit form and `?kopiuj=`), or null. */
    async get(id: Id): Promise<Page | null> {
      if (!isDbId(id)) return null;
      const [row] = await db
        .select()
        .from(pages)
        .where(and(eq(pages.id, id), livePage))
        .limit(1);
      return row ? toPage(row) : null;
    },

    /** The staff list: pages by id, searched (in the title or the link) and paged in SQL. */
    async search(query: ListQuery): Promise<ListPage<Page>> {
      const search = query.search.trim();
      const where = and(
        livePage,
        search ? or(containsText(pages.title, search), containsText(pages.link, search)) : undefined,
      );
      const found = await readTablePage(db, pages, { where, orderBy: [asc(pages.id)], page: query.page });
      return { ...found, items: found.items.map(toPage) };
    },

    async create(actor: PageActor, input: unknown): Promise<Result<Page>> {
      const parsed = parseForm(staticPageSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const data = parsed.data;
      if (data.protected && !can(actor, "pages:protect")) return protectRefused();
      return auditedWrite(
        db,
        actor,
        "page.create",
        async (tx) => {
          await assertLinkFree(tx, data.link);
          const [row] = await tx
            .insert(pages)
            .values({ ...data, content: sanitizeHtml(data.content) })
            .returning();
          if (!row) throw new Error("pages insert returned nothing");
          return created(toPage(row));
        },
        linkTaken,
      );
    },

    async update(actor: PageActor, id: Id, input: unknown): Promise<Result<Page>> {
      const parsed = parseForm(staticPageSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const data = parsed.data;
      return auditedWrite(
        db,
        actor,
        "page.update",
        async (tx) => {
          const before = toPage(await lockedLive(tx, pages, id));
          if (data.protected !== before.protected && !can(actor, "pages:protect")) refuse(protectRefused());
          await assertLinkFree(tx, data.link, id);
          const [row] = await tx
            .update(pages)
            .set({ ...data, content: sanitizeHtml(data.content), updatedAt: new Date() })
            .where(eq(pages.id, id))
            .returning();
          if (!row) refuse(notFound());
          return updated(id, before, toPage(row));
        },
        linkTaken,
      );
    },

    /** Moves the page to the trash (ADR 076); refused with `page/protected` for a protected page. */
    async remove(actor: AuditActor, id: Id): Promise<Result<{ _id: Id }>> {
      return auditedWrite(db, actor, "page.delete", async (tx) => {
        const before = toPage(await lockedLive(tx, pages, id));
        if (before.protected) refuse(fail("page/protected"));
        await tx.update(pages).set({ deletedAt: new Date() }).where(eq(pages.id, id));
        return deleted(id, before, { _id: id });
      });
    },
  };
}

export type PageAdminService = ReturnType<typeof createPageAdminService>;
