import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { type EnglishOf, englishOf } from "../../../domain/english-texts";
import { slugify } from "../../../domain/slug";
import type { BlogArticle, Id } from "../../../domain/types";
import { blogArticleSchema } from "../../../domain/validation/catalog";
import { parseForm } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import type { Db, Tx } from "../../db/client";
import { containsText, type ListPage, type ListQuery, readTablePage } from "../../db/list-page";
import { blogArticles, products } from "../../db/schema";
import { fail, type Result } from "../../lib/result";
import { sanitizeHtml } from "../../lib/sanitize-html";
import type { AuditActor } from "../audit/audit";
import { auditedWrite, created, deleted, notFound, refuse, updated } from "../audit/audited-write";
import { liveArticle, liveById, lockedLive } from "../trash/live";
import { toBlogArticle } from "./content.service";

// Staff writes of blog articles (SPEC §2 /blog, §7 POST /blogs, PUT/DELETE /blogs/{id}): the slug
// follows the title (and the English slug the English title: blank without one, issue 30), the HTML
// contents are sanitised before storing, related products (hasSlides/slides) must exist. Every write
// is audited in its transaction.

type Payload = ReturnType<typeof blogArticleSchema.parse>;

/** An article as staff edit it: with its English texts. */
export type ArticleRecord = BlogArticle & EnglishOf<"article">;

const toRecord = (row: typeof blogArticles.$inferSelect): ArticleRecord => ({
  ...toBlogArticle(row),
  ...englishOf("article", row),
});

async function assertProductsExist(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  if (found.length !== ids.length) refuse(fail("validation", { slides: { key: MSG.invalid } }));
}

function rowValues(data: Payload) {
  return {
    title: data.title,
    slug: slugify(data.title),
    tags: data.tags,
    image: data.image,
    content: sanitizeHtml(data.content),
    titleEn: data.titleEn,
    slugEn: slugify(data.titleEn),
    contentEn: sanitizeHtml(data.contentEn),
    hasSlides: data.hasSlides,
    slideIds: data.slides,
    slidesTitle: data.slidesTitle,
    slidesDescription: data.slidesDescription,
  };
}

export function createBlogAdminService(db: Db) {
  return {
    /** One live article for the edit form and "dodaj podobny" (`?kopiuj=`), or null. */
    async get(id: Id): Promise<ArticleRecord | null> {
      const row = await liveById(db, blogArticles, id);
      return row ? toRecord(row) : null;
    },

    /** The staff list: articles newest first, searched (in the title or a tag) and paged in SQL. */
    async search(query: ListQuery): Promise<ListPage<BlogArticle>> {
      const search = query.search.trim();
      const where = and(
        liveArticle,
        search
          ? or(
              containsText(blogArticles.title, search),
              sql`exists (select 1 from unnest(${blogArticles.tags}) as tag where ${containsText(sql`tag`, search)})`,
            )
          : undefined,
      );
      const orderBy = [desc(blogArticles.createdAt), desc(blogArticles.id)];
      const found = await readTablePage(db, blogArticles, { where, orderBy, page: query.page });
      return { ...found, items: found.items.map(toBlogArticle) };
    },

    async create(actor: AuditActor, input: unknown): Promise<Result<ArticleRecord>> {
      const parsed = parseForm(blogArticleSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const data = parsed.data;
      return auditedWrite(db, actor, "blog.create", async (tx) => {
        await assertProductsExist(tx, data.slides);
        const [row] = await tx.insert(blogArticles).values(rowValues(data)).returning();
        if (!row) throw new Error("blog insert returned nothing");
        return created(toRecord(row));
      });
    },

    async update(actor: AuditActor, id: Id, input: unknown): Promise<Result<ArticleRecord>> {
      const parsed = parseForm(blogArticleSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const data = parsed.data;
      return auditedWrite(db, actor, "blog.update", async (tx) => {
        const before = toRecord(await lockedLive(tx, blogArticles, id));
        await assertProductsExist(tx, data.slides);
        const [row] = await tx
          .update(blogArticles)
          .set({ ...rowValues(data), updatedAt: new Date() })
          .where(eq(blogArticles.id, id))
          .returning();
        if (!row) refuse(notFound());
        return updated(id, before, toRecord(row));
      });
    },

    /** Moves the article to the trash (ADR 076): gone from the blog, restorable for 30 days. */
    async remove(actor: AuditActor, id: Id): Promise<Result<{ _id: Id }>> {
      return auditedWrite(db, actor, "blog.delete", async (tx) => {
        const before = toBlogArticle(await lockedLive(tx, blogArticles, id));
        await tx.update(blogArticles).set({ deletedAt: new Date() }).where(eq(blogArticles.id, id));
        return deleted(id, before, { _id: id });
      });
    },
  };
}

export type BlogAdminService = ReturnType<typeof createBlogAdminService>;
