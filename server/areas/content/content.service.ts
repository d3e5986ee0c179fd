import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import { localized, localizedText } from "../../../domain/content-language";
import type { Lang } from "../../../domain/i18n/translate";
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

/** A header slide in the interface language (docs/decisions/078). */
export function localHeaderSlide(row: HeaderSlideRow, lang: Lang): HeaderSlide {
  return localized(toHeaderSlide(row), lang, {
    title: [row.title, row.titleEn],
    description: [row.description, row.descriptionEn],
  });
}

/** An address part (a link, a slug) in each language: the English one, or the Polish one when blank. */
const inEachLanguage = (polish: string, english: string): Record<Lang, string> => ({
  pl: polish,
  en: localizedText("en", polish, english),
});

/** A page's link in each language. */
export const pageLinks = (row: Pick<PageRow, "link" | "linkEn">) => inEachLanguage(row.link, row.linkEn);

/** A blog article's slug in each language. */
export const articleSlugs = (row: Pick<BlogArticleRow, "slug" | "slugEn">) =>
  inEachLanguage(row.slug, row.slugEn);

/** The title and content of a page or an article row, for `localized`. */
const titleAndContent = (row: PageRow | BlogArticleRow) => ({
  title: [row.title, row.titleEn] as const,
  content: [row.content, row.contentEn] as const,
});

/** A static page in the interface language: title, content and link. */
export function localPage(row: PageRow, lang: Lang): Page {
  return localized({ ...toPage(row), link: pageLinks(row)[lang] }, lang, titleAndContent(row));
}

/** A blog article in the interface language: title, content and slug. */
export function localBlogArticle(row: BlogArticleRow, lang: Lang): BlogArticle {
  return localized({ ...toBlogArticle(row), slug: articleSlugs(row)[lang] }, lang, titleAndContent(row));
}

/** A static page as the menu and the footer link it. */
export type PageLink = Pick<Page, "_id" | "link" | "title" | "polish">;

/** A static page the catch-all shows, in the interface language, with its address in each language. */
export interface ShownPage {
  page: Page;
  links: Record<Lang, string>;
}

/** A blog article in the interface language, with its slug in each language. */
export interface ShownArticle {
  article: BlogArticle;
  slugs: Record<Lang, string>;
}

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
  async function readNavigation(lang: Lang): Promise<SiteNavigation> {
    const { rows } = await db.execute<{
      categories: Record<string, unknown>[];
      pages: { _id: Id; link: string; linkEn: string; title: string; titleEn: string }[];
    }>(sql`
      select
        coalesce((select json_agg(${jsonRow(categories, sql`c`)}) from categories c), '[]'::json) as categories,
        coalesce((select json_agg(json_build_object('_id', p.id, 'link', p.link, 'linkEn', p.link_en,
          'title', p.title, 'titleEn', p.title_en) order by p.id)
          from pages p where p.deleted_at is null), '[]'::json) as pages`);
    const row = rows[0];
    return {
      categories: menuCategoryTree(
        buildCategoryTree(
          (row?.categories ?? []).map((json) => rowFromJson(categories, json)),
          lang,
        ),
      ),
      pages: (row?.pages ?? []).map((page) =>
        localized({ _id: page._id, link: pageLinks(page)[lang], title: page.title }, lang, {
          title: [page.title, page.titleEn],
        }),
      ),
    };
  }
  // read by every page the response cache does not answer; categories and pages change rarely;
  // kept per language, each read when a page in it first asks
  const navigations: Record<Lang, () => Promise<SiteNavigation>> = {
    pl: changeMemo(options.changes, NAVIGATION_TABLES, () => readNavigation("pl")),
    en: changeMemo(options.changes, NAVIGATION_TABLES, () => readNavigation("en")),
  };

  /** A blog article's row unless it is missing or in the trash. */
  async function liveArticleRow(id: Id): Promise<BlogArticleRow | null> {
    const live = and(eq(blogArticles.id, id), liveArticle);
    return isDbId(id) ? ((await db.select().from(blogArticles).where(live).limit(1))[0] ?? null) : null;
  }

  return {
    /**
     * The shell of every page (root loader): the category tree and the static pages' links, kept in
     * process until a category or page changes (server/lib/change-memo.ts). Shared by every caller:
     * never modify what it returns.
     */
    siteNavigation: (lang: Lang = "pl"): Promise<SiteNavigation> => navigations[lang](),

    /** The home page's slides (by order, then id) and newest blog articles, in one statement. */
    async homeContent(opts: { blogLimit: number; lang?: Lang }): Promise<HomeContent> {
      const lang = opts.lang ?? "pl";
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
        slides: (row?.slides ?? []).map((json) => localHeaderSlide(rowFromJson(headerSlides, json), lang)),
        articles: (row?.articles ?? []).map((json) =>
          localBlogArticle(rowFromJson(blogArticles, json), lang),
        ),
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

    /**
     * The page the catch-all shows at `link` (docs/decisions/078): the page whose Polish or English
     * link it is (the Polish one first), in the interface language, with its address in each.
     */
    async showPage(link: string, lang: Lang): Promise<ShownPage | null> {
      const normalised = link.replace(/^\/+/, "");
      if (normalised === "") return null;
      const [row] = await db
        .select()
        .from(pages)
        .where(and(or(eq(pages.link, normalised), eq(pages.linkEn, normalised)), livePage))
        .orderBy(sql`${pages.link} = ${normalised} desc`, asc(pages.id))
        .limit(1);
      return row ? { page: localPage(row, lang), links: pageLinks(row) } : null;
    },

    /** Blog articles, newest first (createdAt, then id), optionally limited (in SQL), in `lang` (Polish by default). */
    async listBlogArticles(opts: { limit?: number; lang?: Lang } = {}): Promise<BlogArticle[]> {
      const shape = (row: BlogArticleRow) => localBlogArticle(row, opts.lang ?? "pl");
      const query = db
        .select()
        .from(blogArticles)
        .where(liveArticle)
        .orderBy(desc(blogArticles.createdAt), desc(blogArticles.id));
      if (opts.limit === undefined) return (await query).map(shape);
      const limit = blogLimit(opts.limit);
      if (limit === 0) return [];
      return (await query.limit(limit)).map(shape);
    },

    /** A blog article in the interface language with its slug in each language (the article page). */
    async showBlogArticle(id: Id, lang: Lang): Promise<ShownArticle | null> {
      const row = await liveArticleRow(id);
      return row ? { article: localBlogArticle(row, lang), slugs: articleSlugs(row) } : null;
    },

    async getBlogArticle(id: Id): Promise<BlogArticle | null> {
      const row = await liveArticleRow(id);
      return row ? toBlogArticle(row) : null;
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
