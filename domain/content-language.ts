import type { Lang } from "./i18n/translate";

// English content (issue 30, docs/decisions/078): products, categories, fields and options, header
// slides, pages and blog articles have optional English texts beside the Polish ones. The English
// interface shows an English text where it is filled in and the Polish one where it is blank.

/** A stored text chosen for the interface language, with the language it is written in. */
export interface LocalizedText {
  text: string;
  lang: Lang;
}

/** The English text in the English interface when it is not blank, else the Polish one. */
export function pickLocalized(lang: Lang, polish: string, english: string | null | undefined): LocalizedText {
  if (lang === "en" && english != null && english.trim() !== "") return { text: english, lang: "en" };
  return { text: polish, lang: "pl" };
}

/** Only the text of `pickLocalized`. */
export function localizedText(lang: Lang, polish: string, english: string | null | undefined): string {
  return pickLocalized(lang, polish, english).text;
}

/**
 * Which of a shown object's texts stayed Polish in the English interface (absent: none did, or the
 * interface is Polish). The server sets it where it picks the texts; the page marks exactly those
 * texts lang="pl" (WCAG 3.1.2, `textLang`), so the browser gets one language and no second copy.
 */
export interface PolishTexts<K extends string = string> {
  polish?: K[];
}

/**
 * Several texts of one object picked for the interface language (`pickLocalized` each), with the
 * keys of those that fell back to Polish in another interface language.
 */
export function localizeTexts<K extends string>(
  lang: Lang,
  texts: Record<K, readonly [polish: string, english: string | null | undefined]>,
): { texts: Record<K, string>; polish?: K[] } {
  const picked = {} as Record<K, string>;
  const polish: K[] = [];
  for (const key of Object.keys(texts) as K[]) {
    const [pl, en] = texts[key];
    const chosen = pickLocalized(lang, pl, en);
    picked[key] = chosen.text;
    if (lang !== "pl" && chosen.lang === "pl") polish.push(key);
  }
  return polish.length > 0 ? { texts: picked, polish } : { texts: picked };
}

/** The `lang` attribute of an object's text: "pl" when it fell back to Polish, else none (the page's language). */
export function textLang<K extends string>(item: PolishTexts<K>, key: K): "pl" | undefined {
  return item.polish?.includes(key) ? "pl" : undefined;
}

/**
 * `item` with the texts picked for the interface language and, in another interface language, the
 * keys of those that fell back to Polish (`polish`). In the Polish interface `item` as it is.
 */
export function localized<T extends object, K extends string>(
  item: T,
  lang: Lang,
  texts: Record<K, readonly [polish: string, english: string | null | undefined]>,
): T & PolishTexts<K> {
  if (lang === "pl") return item;
  const { texts: picked, polish } = localizeTexts(lang, texts);
  return polish ? { ...item, ...picked, polish } : { ...item, ...picked };
}

/**
 * The address's language marker (docs/decisions/078): `?lang=en` or `?lang=pl` on a page renders it
 * in that language whatever the cookie says, so search engines reach both languages without one.
 */
export const LANG_PARAM = "lang";

/** A site path in a language: the English one carries the marker, the Polish one (x-default) none. */
export function pathInLanguage(path: string, lang: Lang): string {
  if (lang === "pl") return path;
  const hash = path.indexOf("#");
  const [base, fragment] = hash === -1 ? [path, ""] : [path.slice(0, hash), path.slice(hash)];
  return `${base}${base.includes("?") ? "&" : "?"}${LANG_PARAM}=${lang}${fragment}`;
}

/** `path` without its language marker (the language switch goes back to the page in the chosen language). */
export function withoutLangMarker(path: string): string {
  const query = path.indexOf("?");
  if (query === -1) return path;
  const hash = path.indexOf("#", query);
  const search = new URLSearchParams(path.slice(query + 1, hash === -1 ? undefined : hash));
  if (!search.has(LANG_PARAM)) return path;
  search.delete(LANG_PARAM);
  const rest = search.toString();
  return `${path.slice(0, query)}${rest ? `?${rest}` : ""}${hash === -1 ? "" : path.slice(hash)}`;
}
