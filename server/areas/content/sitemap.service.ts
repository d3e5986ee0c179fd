import { and, desc, eq, isNotNull, max, ne, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blogArticles, categories, headerSlides, pages, products } from "../../db/schema";
import { ROOT_CATEGORY_TITLE } from "../catalog/catalog.mapper";
import { liveArticle, livePage, liveProduct } from "../trash/live";

/** One address of the sitemap: a site path and when its content last changed. */
export interface SitemapEntry {
  /** path from the site root, e.g. "/produkt/12-Kocyk" or "/produkty?kategoria=3" */
  path: string;
  lastmod: Date;
}

/**
 * One sitemap file holds at most 50,000 addresses (sitemaps.org); the products are cut first,
 * keeping the most recently changed. Far above this shop's catalogue; a sitemap index would lift it.
 */
export const SITEMAP_MAX_URLS = 50_000;

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
          .select({ id: blogArticles.id, slug: blogArticles.slug, updatedAt: blogArticles.updatedAt })
          .from(blogArticles)
          .where(liveArticle)
          .orderBy(desc(blogArticles.createdAt), desc(blogArticles.id)),
        db
          .select({ link: pages.link, updatedAt: pages.updatedAt })
          .from(pages)
          .where(livePage)
          .orderBy(pages.id),
        db.select({ updatedAt: max(headerSlides.updatedAt) }).from(headerSlides),
      ]);
      // home, the product list and the blog list, then the rest
      const fixed = 3 + categoryRows.length + articleRows.length + pageRows.length;
      const productRows = await db
        .select({ id: products.id, slug: products.slug, updatedAt: products.updatedAt })
        .from(products)
        .where(and(eq(products.isHidden, false), liveProduct))
        .orderBy(desc(products.updatedAt), desc(products.id))
        .limit(Math.max(0, SITEMAP_MAX_URLS - fixed));

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
          .map((row) => ({ path: `/produkt/${row.id}-${row.slug}`, lastmod: row.updatedAt, id: row.id }))
          .sort((a, b) => a.id - b.id)
          .map(({ path, lastmod }) => ({ path, lastmod })),
        {
          path: "/blog",
          lastmod: latest(
            articleRows.map((row) => row.updatedAt),
            clock,
          ),
        },
        ...articleRows.map((row) => ({ path: `/blog/${row.id}-${row.slug}`, lastmod: row.updatedAt })),
        ...pageRows
          .filter((row) => row.link !== "")
          .map((row) => ({ path: `/${row.link.replace(/^\/+/, "")}`, lastmod: row.updatedAt })),
      ];
    },
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
