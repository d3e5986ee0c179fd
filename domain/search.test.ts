import { describe, expect, it } from "vitest";
import {
  fuzzyKeys,
  normalizeSearchText,
  SEARCH_MAX_TERMS,
  type SearchTerm,
  searchTerms,
  stemPolish,
} from "./search";

describe("normalizeSearchText", () => {
  it.each([
    ["Żółty kocyk", "zolty kocyk"],
    ["ŁABĘDŹ łąka", "labedz laka"],
    ["Ąą Ćć Ęę Łł Ńń Óó Śś Źź Żż", "aa cc ee ll nn oo ss zz zz"],
    ["  Kocyk   minky!  ", "kocyk minky"],
    ["Poduszka (antyrefluksowa), 60x120 cm", "poduszka antyrefluksowa 60x120 cm"],
    ["café naïve", "cafe naive"],
    ["#kocyk", "kocyk"],
    ["!!!", ""],
    ["", ""],
  ])("%j -> %j", (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });
});

describe("stemPolish", () => {
  it.each([
    // nouns: plural, genitive, instrumental, locative…
    ["kocyk", "kocyk"],
    ["kocyki", "kocyk"],
    ["kocyka", "kocyk"],
    ["kocykiem", "kocyk"],
    ["kocykami", "kocyk"],
    ["kocykach", "kocyk"],
    ["kocykow", "kocyk"],
    ["kocykom", "kocyk"],
    ["poduszka", "poduszk"],
    ["poduszki", "poduszk"],
    ["poduszke", "poduszk"],
    ["zestawy", "zestaw"],
    ["profesorowie", "profesor"],
    // adjectives
    ["zolty", "zolt"],
    ["zoltego", "zolt"],
    ["zoltemu", "zolt"],
    ["zoltych", "zolt"],
    ["zoltymi", "zolt"],
    ["bawelniana", "bawelnian"],
    // short words keep their letters: the stem would be shorter than four letters
    ["koty", "koty"],
    ["mata", "mata"],
    ["koc", "koc"],
    // words with digits are sizes or codes, never stemmed
    ["100x140", "100x140"],
    ["62", "62"],
  ])("%s -> %s", (word, stem) => {
    expect(stemPolish(word)).toBe(stem);
  });
});

describe("fuzzyKeys", () => {
  it.each<[string, string[]]>([
    ["kocyk", ["kocyk", "ocyk", "kcyk", "koyk", "kock", "kocy"]],
    ["zolt", ["zolt", "olt", "zlt", "zot", "zol"]],
    // repeated letters give one key
    ["kokon", ["kokon", "okon", "kkon", "koon", "kokn", "koko"]],
    ["anna", ["anna", "nna", "ana", "ann"]],
    // too short, or with digits: exact matches only
    ["koc", []],
    ["70x100", []],
  ])("%s", (stem, keys) => {
    expect(fuzzyKeys(stem)).toEqual(keys);
  });

  // one edit apart <=> a shared key (for these pairs)
  const shares = (a: string, b: string) => fuzzyKeys(a).some((key) => fuzzyKeys(b).includes(key));
  it.each([
    ["kocyl", "kocyk", true], // substitution at the end
    ["kotyk", "kocyk", true], // substitution in the middle
    ["kcoyk", "kocyk", true], // two letters swapped
    ["kocyyk", "kocyk", true], // a letter too many
    ["kcyk", "kocyk", true], // a letter missing
    ["rozk", "rozek", true], // rożki → rożek
    ["rozk", "rozow", false], // rożki ≠ różowy
    ["kocyk", "kocur", false],
    ["poduszk", "pieluszk", false],
  ])("%s ~ %s: %s", (a, b, expected) => {
    expect(shares(stemPolish(a), stemPolish(b))).toBe(expected);
  });
});

describe("searchTerms", () => {
  const term = (word: string, stem: string): SearchTerm => ({ word, stem, keys: fuzzyKeys(stem) });

  it.each<[string, SearchTerm[]]>([
    ["zolty kocyk", [term("zolty", "zolt"), term("kocyk", "kocyk")]],
    ["Żółty KOCYK", [term("zolty", "zolt"), term("kocyk", "kocyk")]],
    ["kocyki", [term("kocyki", "kocyk")]],
    ["kocyl", [term("kocyl", "kocyl")]],
    // stop words and one-letter words are dropped…
    ["kocyk dla dziecka", [term("kocyk", "kocyk"), term("dziecka", "dzieck")]],
    ["poduszka z haftem", [term("poduszka", "poduszk"), term("haftem", "haft")]],
    // …unless nothing else is left
    ["dla", [{ word: "dla", stem: "dla", keys: [] }]],
    ["z", [{ word: "z", stem: "z", keys: [] }]],
    // short words and numbers match exactly (no typo tolerance)
    [
      "koc 62",
      [
        { word: "koc", stem: "koc", keys: [] },
        { word: "62", stem: "62", keys: [] },
      ],
    ],
    ["kocyk kocyk KOCYK", [term("kocyk", "kocyk")]],
    ["", []],
    ["  !!! ", []],
  ])("%j", (query, terms) => {
    expect(searchTerms(query)).toEqual(terms);
  });

  it("keeps at most SEARCH_MAX_TERMS terms", () => {
    const words = Array.from({ length: 12 }, (_, index) => `slowo${index}`);
    expect(searchTerms(words.join(" "))).toHaveLength(SEARCH_MAX_TERMS);
  });
});
