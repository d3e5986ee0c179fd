// Polish-aware product search terms (pure; the SQL lives in server/areas/catalog/catalog.search.ts).
//
// The database indexes each product as a "search document": its text lower-cased, without
// diacritics (ł → l too), with anything but a–z and 0–9 turned into single spaces
// (`f_search_text` in the search migration). A query goes through the same normalisation here,
// then each word becomes a term that matches a product when:
//   - its `stem` (the word without a common Polish inflection ending: kocyki, kocyka, kocykami →
//     kocyk) starts a word of the title, tags or description (so `kocyk` also finds `kocyka`), or
//   - it is one typo away from a word of the title or tags: both sides are stemmed and reduced to
//     their "deletion keys" (the stem and the stem without any one letter); sharing a key means one
//     letter changed, added, removed or two swapped (kocyl → kocyk, kotyk → kocyk, rożki → rożek).
//     Only stems of FUZZY_MIN_LENGTH letters or more, without digits, have keys.
// Every term must match (AND). Common short words (dla, z, w, i…) are left out unless the
// query has nothing else. The database has the same stemmer and keys (`f_search_stem`,
// `f_search_fuzzy_keys`); a test checks they agree.

/** At most this many terms are used (the rest of a long query is ignored). */
export const SEARCH_MAX_TERMS = 8;
/** Stemming keeps at least this many letters; shorter words are not stemmed. */
export const STEM_MIN_LENGTH = 4;
/** Stems at least this long also match with one typo. */
export const FUZZY_MIN_LENGTH = 4;

const POLISH_LETTERS: Readonly<Record<string, string>> = { ł: "l", Ł: "l" };

/** Lower case, no diacritics (ą→a … ż→z, ł→l), runs of other characters → one space, trimmed. */
export function normalizeSearchText(text: string): string {
  return text
    .replace(/[łŁ]/g, (letter) => POLISH_LETTERS[letter] ?? letter)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * Inflection endings of Polish nouns and adjectives, without diacritics (ą→a, ę→e, ó→o),
 * longest first: the first one that leaves a stem of STEM_MIN_LENGTH letters is removed.
 */
export const POLISH_SUFFIXES: readonly string[] = [
  "owie",
  "ami",
  "ach",
  "owi",
  "ego",
  "emu",
  "ymi",
  "imi",
  "ych",
  "ich",
  "iem",
  "iej",
  "om",
  "ow",
  "em",
  "ie",
  "ej",
  "ym",
  "im",
  "a",
  "e",
  "i",
  "y",
  "u",
  "o",
];

/** A normalised word without its inflection ending: kocyki → kocyk, zoltego → zolt, koty → koty. */
export function stemPolish(word: string): string {
  if (/\d/.test(word)) return word;
  for (const suffix of POLISH_SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= STEM_MIN_LENGTH) {
      return word.slice(0, -suffix.length);
    }
  }
  return word;
}

/** Short Polish (and English) words that say nothing about a product. */
export const SEARCH_STOP_WORDS: ReadonlySet<string> = new Set([
  "a",
  "and",
  "dla",
  "do",
  "for",
  "i",
  "lub",
  "na",
  "o",
  "od",
  "oraz",
  "po",
  "the",
  "u",
  "w",
  "we",
  "with",
  "z",
  "za",
  "ze",
]);

/**
 * The stem and the stem without each one of its letters (no repeats): two stems share a key when
 * they are one edit apart. Empty for stems shorter than FUZZY_MIN_LENGTH or with digits.
 */
export function fuzzyKeys(stem: string): string[] {
  if (stem.length < FUZZY_MIN_LENGTH || /\d/.test(stem)) return [];
  const keys = new Set([stem]);
  for (let index = 0; index < stem.length; index += 1) keys.add(stem.slice(0, index) + stem.slice(index + 1));
  return [...keys];
}

export interface SearchTerm {
  /** the normalised word as typed */
  word: string;
  /** matched as the beginning of a word of the document */
  stem: string;
  /** typo tolerance: matched against the same keys of the title's and tags' words (may be empty) */
  keys: string[];
}

/**
 * The terms of a search query, in order, without repeats. Stop words and one-letter words are
 * dropped unless nothing else is left. An empty list means the query has no searchable text.
 */
export function searchTerms(query: string): SearchTerm[] {
  const words = normalizeSearchText(query).split(" ").filter(Boolean);
  const meaningful = words.filter((word) => word.length > 1 && !SEARCH_STOP_WORDS.has(word));
  const chosen = meaningful.length > 0 ? meaningful : words;
  const terms: SearchTerm[] = [];
  const seen = new Set<string>();
  for (const word of chosen) {
    if (seen.has(word)) continue;
    seen.add(word);
    const stem = stemPolish(word);
    terms.push({ word, stem, keys: fuzzyKeys(stem) });
    if (terms.length === SEARCH_MAX_TERMS) break;
  }
  return terms;
}
