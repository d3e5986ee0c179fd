import { asc, desc, eq } from "drizzle-orm";
import type { BlogArticle, HeaderSlide, Id, Page } from "../../../domain/types";
import type { Db } from "../../db/client";
import { blogArticles, headerSlides, pages } from "../../db/schema";

type HeaderSlideRow = typeof headerSlides.$inferSelect;
type PageRow = typeof pages.$inferSelect;
type BlogArticleRow = typeof blogArticles.$inferSelect;

/** ids are PostgreSQL `integer`: anything outside cannot exist (and must not reach the query) */
const MAX_ID = 2_147_483_647;
const MAX_BLOG_LIMIT = 1_000;

export function toHeaderSlide(row: HeaderSlideRow): HeaderSlide {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    link: row.link,
    image: { url: row.imageUrl },
    order: row.order,
  };
}

export function toPage(row: PageRow): Page {
  return {
    _id: row.id,
    link: row.link,
    title: row.title,
    updatedAt: row.updatedAt.toISOString(),
    image: row.image,
    content: row.content,
    protected: row.protected,
  };
}

export function toBlogArticle(row: BlogArticleRow): BlogArticle {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    tags: [...row.tags],
    createdAt: row.createdAt.toISOString(),
    image: row.image ? { ...row.image } : null,
    content: row.content,
    hasSlides: row.hasSlides,
    slides: [...row.slideIds],
    slidesTitle: row.slidesTitle,
    slidesDescription: row.slidesDescription,
  };
}

const isDbId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID;

export function createContentService(db: Db) {
  return {
    /** Header banner slides by order, then id. */
    async listHeaderSlides(): Promise<HeaderSlide[]> {
      const rows = await db
        .select()
        .from(headerSlides)
        .orderBy(asc(headerSlides.order), asc(headerSlides.id));
      return rows.map(toHeaderSlide);
    },

    /** Static pages by id. */
    async listPages(): Promise<Page[]> {
      const rows = await db.select().from(pages).orderBy(asc(pages.id));
      return rows.map(toPage);
    },

    /** The page whose link equals `link` (a leading '/' is ignored: links are stored without it). */
    async getPageByLink(link: string): Promise<Page | null> {
      const normalised = link.replace(/^\/+/, "");
      if (normalised === "") return null;
      const [row] = await db.select().from(pages).where(eq(pages.link, normalised)).limit(1);
      return row ? toPage(row) : null;
    },

    /** Blog articles, newest first (createdAt, then id), optionally limited (in SQL). */
    async listBlogArticles(opts: { limit?: number } = {}): Promise<BlogArticle[]> {
      const query = db
        .select()
        .from(blogArticles)
        .orderBy(desc(blogArticles.createdAt), desc(blogArticles.id));
      if (opts.limit === undefined) return (await query).map(toBlogArticle);
      const limit = Math.min(
        Math.max(0, Math.floor(Number.isFinite(opts.limit) ? opts.limit : 0)),
        MAX_BLOG_LIMIT,
      );
      if (limit === 0) return [];
      return (await query.limit(limit)).map(toBlogArticle);
    },

    async getBlogArticle(id: Id): Promise<BlogArticle | null> {
      if (!isDbId(id)) return null;
      const [row] = await db.select().from(blogArticles).where(eq(blogArticles.id, id)).limit(1);
      return row ? toBlogArticle(row) : null;
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
