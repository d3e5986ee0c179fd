import { and, asc, eq, or } from "drizzle-orm";
import { type EnglishOf, englishOf } from "../../../domain/english-texts";
import { can } from "../../../domain/roles";
import type { Id, Page } from "../../../domain/types";
import { type StaticPagePayload, staticPageSchema } from "../../../domain/validation/catalog";
import { type FieldError, parseForm } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import type { Db, Tx } from "../../db/client";
import { containsText, type ListPage, type ListQuery, readTablePage } from "../../db/list-page";
import { pages } from "../../db/schema";
import { fail, type Result } from "../../lib/result";
import { sanitizeHtml } from "../../lib/sanitize-html";
import type { AuditActor } from "../audit/audit";
import { auditedWrite, created, deleted, notFound, refuse, updated } from "../audit/audited-write";
import { liveById, livePage, lockedLive } from "../trash/live";
import { toPage } from "./content.service";
import { takenPageLinks } from "./page-links";

// Staff writes of static pages (SPEC §2 /strony, §7 POST /pages, PUT/DELETE /pages/{id}): the link
// is unique (a field error), the HTML content is sanitised before storing, a protected page
// (regulamin, polityka prywatności…) cannot be deleted, and only an admin may protect a page or take
// the protection away (so a moderator cannot unprotect and then delete it). A link may not shadow an
// app route (domain/reserved-links.ts, checked by the schema). The English link (issue 30) follows
// the same rules, and a link or English link is free only when no other live page has it as either
// (page-links.ts). Every write is audited in its transaction.

/** The signed-in staff member writing a page: audited, and their roles decide about `protected`. */
export type PageActor = AuditActor & { roles: readonly string[] };

const protectRefused = () => fail("page/protect-admin-only");

const linkTaken = () => fail("validation", { link: { key: MSG.unique } });

/** A page as staff edit it: with its English texts. */
export type PageRecord = Page & EnglishOf<"page">;

const toRecord = (row: typeof pages.$inferSelect): PageRecord => ({
  ...toPage(row),
  ...englishOf("page", row),
});

/** Refuses a link or English link another live page has as either, or an English link equal to the link. */
async function assertLinksFree(tx: Tx, data: StaticPagePayload, exceptId?: Id): Promise<void> {
  const taken = await takenPageLinks(tx, [data.link, data.linkEn], exceptId);
  const errors: Record<string, FieldError> = {};
  if (taken.has(data.link)) errors.link = { key: MSG.unique };
  if (data.linkEn !== "" && (data.linkEn === data.link || taken.has(data.linkEn))) {
    errors.linkEn = { key: MSG.unique };
  }
  if (Object.keys(errors).length > 0) refuse(fail("validation", errors));
}

/** The row written for a page: both contents sanitised. */
const rowValues = (data: StaticPagePayload) => ({
  ...data,
  content: sanitizeHtml(data.content),
  contentEn: sanitizeHtml(data.contentEn),
});

export function createPageAdminService(db: Db) {
  return {
    /** One page by id (the edit form and `?kopiuj=`), or null. */
    async get(id: Id): Promise<PageRecord | null> {
      const row = await liveById(db, pages, id);
      return row ? toRecord(row) : null;
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

    async create(actor: PageActor, input: unknown): Promise<Result<PageRecord>> {
      const parsed = parseForm(staticPageSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const data = parsed.data;
      if (data.protected && !can(actor, "pages:protect")) return protectRefused();
      return auditedWrite(
        db,
        actor,
        "page.create",
        async (tx) => {
          await assertLinksFree(tx, data);
          const [row] = await tx.insert(pages).values(rowValues(data)).returning();
          if (!row) throw new Error("pages insert returned nothing");
          return created(toRecord(row));
        },
        linkTaken,
      );
    },

    async update(actor: PageActor, id: Id, input: unknown): Promise<Result<PageRecord>> {
      const parsed = parseForm(staticPageSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const data = parsed.data;
      return auditedWrite(
        db,
        actor,
        "page.update",
        async (tx) => {
          const before = toRecord(await lockedLive(tx, pages, id));
          if (data.protected !== before.protected && !can(actor, "pages:protect")) refuse(protectRefused());
          await assertLinksFree(tx, data, id);
          const [row] = await tx
            .update(pages)
            .set({ ...rowValues(data), updatedAt: new Date() })
            .where(eq(pages.id, id))
            .returning();
          if (!row) refuse(notFound());
          return updated(id, before, toRecord(row));
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
