import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { BlogArticle, HeaderSlide, Id, MenuCategory, Page } from "../../../domain/types";
import type { Db } from "../../db/client";
import { isDbId } from "../../db/ids";
import { jsonRow, rowFromJson } from "../../db/json-rows";
import { blogArticles, categories, headerSlides, pages } from "../../db/schema";
import type { ChangeFeed } from "../../lib/change-feed";
import { changeMemo } from "../../lib/change-memo";
import { buildCategoryTree, menuCategoryTree } from "../catalog/catalog.mapper";
import { liveArticle, livePage } from "../trash/live";

type HeaderSlideRow = typeof headerSlides.$inferSelect;
type PageRow = typeof pages.$inferSelect;
type BlogArticleRow = typeof blogArticles.$inferSelect;

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

/** A static page as the menu and the footer link it. */
export type PageLink = Pick<Page, "_id" | "link" | "title">;

/** What every page's shell shows: the category menu and the static pages' links. */
export interface SiteNavigation {
  /**
   * the categories below 'root', nested (catalog getCategoryTree) as the menus show them: every page
   * sends this in its hydration data, so nothing the pages do not use (path, idsPath, parent, order)
   */
  categories: MenuCategory[];
  /** the static pages by id */
  pages: PageLink[];
}

/** The home page's content: the banner slides and the newest blog articles. */
export interface HomeContent {
  slides: HeaderSlide[];
  articles: BlogArticle[];
}

const blogLimit = (limit: number) =>
  Math.min(Math.max(0, Math.floor(Number.isFinite(limit) ? limit : 0)), MAX_BLOG_LIMIT);

export interface ContentServiceOptions {
  /** the database's change signals: the page shell is kept in process until its tables change */
  changes?: ChangeFeed;
}

/** the tables the page shell (siteNavigation) is read from */
const NAVIGATION_TABLES = ["categories", "pages"];

export function createContentService(db: Db, options: ContentServiceOptions = {}) {
  /** The page shell in one statement: the category tree and the static pages' links (not their content). */
  async function readNavigation(): Promise<SiteNavigation> {
    const { rows } = await db.execute<{ categories: Record<string, unknown>[]; pages: PageLink[] }>(sql`
      select
        coalesce((select json_agg(${jsonRow(categories, sql`c`)}) from categories c), '[]'::json) as categories,
        coalesce((select json_agg(json_build_object('_id', p.id, 'link', p.link, 'title', p.title) order by p.id)
          from pages p where p.deleted_at is null), '[]'::json) as pages`);
    const row = rows[0];
    return {
      categories: menuCategoryTree(
        buildCategoryTree((row?.categories ?? []).map((json) => rowFromJson(categories, json))),
      ),
      pages: row?.pages ?? [],
    };
  }
  // read by every page the response cache does not answer; categories and pages change rarely
  const navigation = changeMemo(options.changes, NAVIGATION_TABLES, readNavigation);

  return {
    /**
     * The shell of every page (root loader): the category tree and the static pages' links, kept in
     * process until a category or page changes (server/lib/change-memo.ts). Shared by every caller:
     * never modify what it returns.
     */
    siteNavigation: (): Promise<SiteNavigation> => navigation(),

    /** The home page's slides (by order, then id) and newest blog articles, in one statement. */
    async homeContent(opts: { blogLimit: number }): Promise<HomeContent> {
      const limit = blogLimit(opts.blogLimit);
      const { rows } = await db.execute<{
        slides: Record<string, unknown>[];
        articles: Record<string, unknown>[];
      }>(sql`
        select
          coalesce((select json_agg(${jsonRow(headerSlides, sql`s`)} order by s."order", s.id)
            from header_slides s), '[]'::json) as slides,
          coalesce((select json_agg(q.j order by q.created_at desc, q.id desc) from (
            select ${jsonRow(blogArticles, sql`b`)} as j, b.created_at, b.id from blog_articles b
            where b.deleted_at is null order by b.created_at desc, b.id desc limit ${limit}) q), '[]'::json) as articles`);
      const row = rows[0];
      return {
        slides: (row?.slides ?? []).map((json) => toHeaderSlide(rowFromJson(headerSlides, json))),
        articles: (row?.articles ?? []).map((json) => toBlogArticle(rowFromJson(blogArticles, json))),
      };
    },

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
      const rows = await db.select().from(pages).where(livePage).orderBy(asc(pages.id));
      return rows.map(toPage);
    },

    /** The page whose link equals `link` (a leading '/' is ignored: links are stored without it). */
    async getPageByLink(link: string): Promise<Page | null> {
      const normalised = link.replace(/^\/+/, "");
      if (normalised === "") return null;
      const [row] = await db
        .select()
        .from(pages)
        .where(and(eq(pages.link, normalised), livePage))
        .limit(1);
      return row ? toPage(row) : null;
    },

    /** Blog articles, newest first (createdAt, then id), optionally limited (in SQL). */
    async listBlogArticles(opts: { limit?: number } = {}): Promise<BlogArticle[]> {
      const query = db
        .select()
        .from(blogArticles)
        .where(liveArticle)
        .orderBy(desc(blogArticles.createdAt), desc(blogArticles.id));
      if (opts.limit === undefined) return (await query).map(toBlogArticle);
      const limit = blogLimit(opts.limit);
      if (limit === 0) return [];
      return (await query.limit(limit)).map(toBlogArticle);
    },

    async getBlogArticle(id: Id): Promise<BlogArticle | null> {
      if (!isDbId(id)) return null;
      const [row] = await db
        .select()
        .from(blogArticles)
        .where(and(eq(blogArticles.id, id), liveArticle))
        .limit(1);
      return row ? toBlogArticle(row) : null;
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
