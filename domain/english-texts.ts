// The English texts staff write beside the Polish ones (issue 30, ADR 078), per kind of record:
// blank = none (domain/content-language.ts then shows the Polish text). The staff forms, the admin
// services' records and their reply schemas name them from here, so a kind's list is written once.

export const ENGLISH_TEXTS = {
  product: ["titleEn", "slugEn", "descriptionEn"],
  category: ["titleEn"],
  field: ["titleEn", "descriptionEn"],
  option: ["titleEn", "descriptionEn"],
  slide: ["titleEn", "descriptionEn"],
  page: ["titleEn", "linkEn", "contentEn"],
  article: ["titleEn", "slugEn", "contentEn"],
} as const;

export type EnglishKind = keyof typeof ENGLISH_TEXTS;

/** The English texts of one kind of record, e.g. `{ titleEn, descriptionEn }` of a header slide. */
export type EnglishOf<K extends EnglishKind> = Record<(typeof ENGLISH_TEXTS)[K][number], string>;

/** The English texts of `kind` read from a row (a missing one is blank). */
export function englishOf<K extends EnglishKind>(
  kind: K,
  row: Partial<Record<string, unknown>>,
): EnglishOf<K> {
  const texts: Record<string, string> = {};
  for (const key of ENGLISH_TEXTS[kind]) {
    const value = row[key];
    texts[key] = typeof value === "string" ? value : "";
  }
  return texts as EnglishOf<K>;
}
