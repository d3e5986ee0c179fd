import { pathInLanguage } from "../../domain/content-language";
import type { Lang } from "../../domain/i18n";

// The language alternates of a page's head (docs/decisions/078): the canonical address in the page's
// language (the English one with its ?lang=en marker) and `hreflang` links to both languages, the
// Polish address as x-default. Small and free of the rest of web/lib/seo.ts: the product page's meta
// adds them in the browser too (its SEO code stays off its first load, docs/decisions/044).

/** A page's path in each language (the same path when it has no language of its own). */
export type LanguagePaths = Record<Lang, string>;

/** An absolute URL for a site path (PUBLIC_URL without a trailing slash, then the path). */
export function siteUrl(publicUrl: string, path: string): string {
  return `${publicUrl}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** The page's own address in `lang`: its canonical. */
export function canonicalPath(paths: LanguagePaths, lang: Lang): string {
  return pathInLanguage(paths[lang], lang);
}

/** One `<link rel="alternate" hreflang>` of the head (a MetaDescriptor). */
export type HreflangLink = {
  tagName: "link";
  rel: "alternate";
  hrefLang: string;
  href: string;
};

/** `<link rel="alternate" hreflang>` for Polish, English and x-default (Polish), absolute. */
export function hreflangLinks(publicUrl: string, paths: LanguagePaths): HreflangLink[] {
  const link = (hrefLang: string, lang: Lang): HreflangLink => ({
    tagName: "link",
    rel: "alternate",
    hrefLang,
    href: siteUrl(publicUrl, pathInLanguage(paths[lang], lang)),
  });
  return [link("pl", "pl"), link("en", "en"), link("x-default", "pl")];
}
