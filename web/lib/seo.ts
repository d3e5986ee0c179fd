import type { MetaDescriptor } from "react-router";
import { DEFAULT_LANG, isLang, type Lang } from "../../domain/i18n";
import { metaDescription } from "../../domain/seo";
import { canonicalPath, hreflangLinks, type LanguagePaths } from "./alternates";
import { pageTitle } from "./meta";
import { SHOP_NAME } from "./site";

// Server-rendered SEO and sharing tags for every public page: title, meta description (cut at
// 160 characters), canonical URL, OpenGraph and Twitter cards, JSON-LD. Use from a route's
// `meta` export: `return seoMeta({ root: rootFromMatches(matches), title, description, path, … })`.

export interface RootSeoData {
  lang: Lang;
  /** absolute base URL of the shop, without a trailing slash (PUBLIC_URL) */
  publicUrl: string;
}

/** lang and publicUrl from the root loader data among a meta function's `matches`. */
export function rootFromMatches(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
): RootSeoData {
  const data = matches.find((match) => match?.id === "root")?.data as
    | { lang?: unknown; publicUrl?: unknown }
    | undefined;
  const lang = typeof data?.lang === "string" && isLang(data.lang) ? data.lang : DEFAULT_LANG;
  const publicUrl = typeof data?.publicUrl === "string" ? data.publicUrl : "";
  return { lang, publicUrl };
}

/** An absolute URL for a path or an already absolute URL. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

export type JsonLd = Record<string, unknown>;

export interface SeoInput {
  root: RootSeoData;
  /** page title without the shop name */
  title: string;
  /** a title staff wrote for search results (a product's SEO title): used as it is, without the shop name */
  exactTitle?: string;
  /** plain text or HTML; stripped and cut at 160 characters */
  description?: string;
  /** canonical path, e.g. "/produkt/12-Kocyk" (query parameters that change content included) */
  path: string;
  /**
   * the page's path in each language when they differ (an English slug or link); else `path` in
   * both. The canonical is the page's language's (the English one marked ?lang=en), with hreflang
   * links to both (docs/decisions/078)
   */
  alternates?: LanguagePaths;
  /** leave the hreflang links out (the product page's meta adds them itself) */
  noHreflang?: boolean;
  /** image path or URL for sharing cards */
  image?: string | null;
  type?: "website" | "product" | "article";
  jsonLd?: JsonLd[];
  /** e.g. hidden or filtered-out pages */
  noindex?: boolean;
}

export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const { root } = input;
  const title = input.exactTitle || pageTitle(input.title);
  const paths = input.alternates ?? { pl: input.path, en: input.path };
  const url = absoluteUrl(root.publicUrl, canonicalPath(paths, root.lang));
  const description = input.description ? metaDescription(input.description) : "";
  const tags: MetaDescriptor[] = [
    { title },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SHOP_NAME },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:url", content: url },
    { property: "og:locale", content: root.lang === "pl" ? "pl_PL" : "en_GB" },
    { name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
  ];
  if (description) {
    tags.push(
      { name: "description", content: description },
      { property: "og:description", content: description },
      { name: "twitter:description", content: description },
    );
  }
  if (input.image) {
    const image = absoluteUrl(root.publicUrl, input.image);
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  if (!input.noHreflang) tags.push(...hreflangLinks(root.publicUrl, paths));
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  for (const data of input.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

export function breadcrumbJsonLd(
  publicUrl: string,
  items: readonly { name: string; path: string }[],
): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(publicUrl, item.path),
    })),
  };
}

export function organizationJsonLd(publicUrl: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SHOP_NAME,
    url: absoluteUrl(publicUrl, "/"),
  };
}

/** The shop as a WebSite with its search (a sitelinks search box): /produkty?szukaj=… */
export function websiteJsonLd(publicUrl: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: SHOP_NAME,
    url: absoluteUrl(publicUrl, "/"),
    potentialAction: {
      "@type": "SearchAction",
      target: {
        "@type": "EntryPoint",
        urlTemplate: absoluteUrl(publicUrl, "/produkty?szukaj={search_term_string}"),
      },
      "query-input": "required name=search_term_string",
    },
  };
}

// ---------------------------------------------------------------- sitemap.xml and robots.txt

/** Escapes text for XML element content. */
export function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (char) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[char]};`,
  );
}

/**
 * sitemaps.org XML for site pages with their last change (absolute URLs from publicUrl): each page
 * in Polish and in English (its English path `en`, or the Polish one, with the ?lang=en marker),
 * both with xhtml:link alternates to the two and x-default, the Polish one (docs/decisions/078).
 */
export function sitemapXml(
  publicUrl: string,
  entries: readonly { path: string; en?: string; lastmod: Date }[],
): string {
  const urls = entries.flatMap((entry) => {
    const paths = { pl: entry.path, en: entry.en ?? entry.path };
    const alternates = hreflangLinks(publicUrl, paths)
      .map(
        (link) => `<xhtml:link rel="alternate" hreflang="${link.hrefLang}" href="${escapeXml(link.href)}"/>`,
      )
      .join("");
    const lastmod = entry.lastmod.toISOString();
    return (["pl", "en"] as const).map(
      (lang) =>
        `<url><loc>${escapeXml(absoluteUrl(publicUrl, canonicalPath(paths, lang)))}</loc><lastmod>${lastmod}</lastmod>${alternates}</url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

/**
 * Paths crawlers are kept out of: the account and staff area, the API, checkout and the order pages.
 * The cart is allowed: a crawler sees it empty (docs/decisions/024).
 */
export const ROBOTS_DISALLOW = ["/konto", "/api", "/dostawa-i-platnosc", "/gotowe", "/zamowienie"] as const;

/** robots.txt: everything else allowed, pointing to the sitemap. */
export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${absoluteUrl(publicUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
