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
