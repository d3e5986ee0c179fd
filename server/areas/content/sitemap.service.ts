import { and, desc, eq, isNotNull, max, ne, or } from "drizzle-orm";
import { localizedText } from "../../../domain/content-language";
import type { Db } from "../../db/client";
import { blogArticles, categories, headerSlides, pages, products } from "../../db/schema";
import { ROOT_CATEGORY_TITLE } from "../catalog/catalog.mapper";
import { liveArticle, livePage, liveProduct } from "../trash/live";
import { articleSlugs, pageLinks } from "./content.service";

/**
 * One page of the sitemap: its site path and when its content last changed. Each is listed in both
 * languages (web/lib/seo.ts sitemapXml, docs/decisions/078): the English address is `en` (an English
 * slug or link) or `path`, with the ?lang=en marker.
 */
export interface SitemapEntry {
  /** the Polish path from the site root, e.g. "/produkt/12-Kocyk" or "/produkty?kategoria=3" */
  path: string;
  /** the English path, where it differs from the Polish one (an English slug or page link) */
  en?: string;
  lastmod: Date;
}

/**
 * One sitemap file holds at most 50,000 addresses (sitemaps.org), two per page (its languages); the
 * products are cut first, keeping the most recently changed. Far above this shop's catalogue; a
 * sitemap index would lift it.
 */
export const SITEMAP_MAX_URLS = 50_000;
const MAX_PAGES = SITEMAP_MAX_URLS / 2;

/** `entry` with its English path when it has one of its own. */
const withEnglish = (entry: { path: string; lastmod: Date }, en: string): SitemapEntry =>
  en === entry.path ? entry : { ...entry, en };

const latest = (dates: readonly (Date | null | undefined)[], fallback: Date): Date => {
  let result: Date | null = null;
  for (const date of dates) if (date && (!result || date > result)) result = date;
  return result ?? fallback;
};

/**
 * The addresses search engines should know (sitemap.xml): home, the product list, every visible
 * product (canonical /produkt/{id}-{slug}; hidden products never), every category (the product
 * list filtered by it; not the tree's root), every blog article and every static page.
 * Five queries, whatever the size of the catalogue.
 */
export function createSitemapService(db: Db, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  return {
    async listEntries(): Promise<SitemapEntry[]> {
      const [categoryRows, articleRows, pageRows, [slideRow]] = await Promise.all([
        db
          .select({ id: categories.id, updatedAt: categories.updatedAt })
          .from(categories)
          .where(or(isNotNull(categories.parentId), ne(categories.title, ROOT_CATEGORY_TITLE)))
          .orderBy(categories.id),
        db
          .select({
            id: blogArticles.id,
            slug: blogArticles.slug,
            slugEn: blogArticles.slugEn,
            updatedAt: blogArticles.updatedAt,
          })
          .from(blogArticles)
          .where(liveArticle)
          .orderBy(desc(blogArticles.createdAt), desc(blogArticles.id)),
        db
          .select({ link: pages.link, linkEn: pages.linkEn, updatedAt: pages.updatedAt })
          .from(pages)
          .where(livePage)
          .orderBy(pages.id),
        db.select({ updatedAt: max(headerSlides.updatedAt) }).from(headerSlides),
      ]);
      // home, the product list and the blog list, then the rest
      const fixed = 3 + categoryRows.length + articleRows.length + pageRows.length;
      const productRows = await db
        .select({
          id: products.id,
          slug: products.slug,
          slugEn: products.slugEn,
          updatedAt: products.updatedAt,
        })
        .from(products)
        .where(and(eq(products.isHidden, false), liveProduct))
        .orderBy(desc(products.updatedAt), desc(products.id))
        .limit(Math.max(0, MAX_PAGES - fixed));

      const clock = now();
      const catalogChanged = latest(
        [...productRows.map((row) => row.updatedAt), ...categoryRows.map((row) => row.updatedAt)],
        clock,
      );
      const homeChanged = latest(
        [catalogChanged, slideRow?.updatedAt, ...articleRows.map((row) => row.updatedAt)],
        clock,
      );
      return [
        { path: "/", lastmod: homeChanged },
        { path: "/produkty", lastmod: catalogChanged },
        ...categoryRows.map((row) => ({ path: `/produkty?kategoria=${row.id}`, lastmod: row.updatedAt })),
        ...productRows
          .sort((a, b) => a.id - b.id)
          .map((row) =>
            withEnglish(
              { path: `/produkt/${row.id}-${row.slug}`, lastmod: row.updatedAt },
              `/produkt/${row.id}-${localizedText("en", row.slug, row.slugEn)}`,
            ),
          ),
        {
          path: "/blog",
          lastmod: latest(
            articleRows.map((row) => row.updatedAt),
            clock,
          ),
        },
        ...articleRows.map((row) =>
          withEnglish(
            { path: `/blog/${row.id}-${row.slug}`, lastmod: row.updatedAt },
            `/blog/${row.id}-${articleSlugs(row).en}`,
          ),
        ),
        ...pageRows
          .filter((row) => row.link !== "")
          .map((row) =>
            withEnglish(
              { path: `/${row.link.replace(/^\/+/, "")}`, lastmod: row.updatedAt },
              `/${pageLinks(row).en.replace(/^\/+/, "")}`,
            ),
          ),
      ];
    },
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
