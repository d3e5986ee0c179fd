import { DEFAULT_LANG, isLang, type Lang, type MessageKey, translate } from "../../domain/i18n";
import { SHOP_NAME } from "./site";

/** The language from the root loader data among a meta function's `matches`. */
export function langFromMatches(matches: readonly ({ id: string; data?: unknown } | undefined)[]): Lang {
  const data = matches.find((match) => match?.id === "root")?.data as { lang?: unknown } | undefined;
  return typeof data?.lang === "string" && isLang(data.lang) ? data.lang : DEFAULT_LANG;
}

/** "<page title> | <shop>" */
export function pageTitle(title: string): string {
  return `${title} | ${SHOP_NAME}`;
}

/** Standard title + description meta tags from message keys. */
export function metaTags(lang: Lang, titleKey: MessageKey, descriptionKey?: MessageKey) {
  const tags: ({ title: string } | { name: string; content: string })[] = [
    { title: pageTitle(translate(lang, titleKey)) },
  ];
  if (descriptionKey) tags.push({ name: "description", content: translate(lang, descriptionKey) });
  return tags;
}
