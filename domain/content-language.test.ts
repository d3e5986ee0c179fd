import { describe, expect, it } from "vitest";
import {
  localizedText,
  localizeTexts,
  pathInLanguage,
  pickLocalized,
  textLang,
  withoutLangMarker,
} from "./content-language";

describe("pickLocalized", () => {
  it.each([
    ["pl", "Kocyk", "Blanket", { text: "Kocyk", lang: "pl" }],
    ["en", "Kocyk", "Blanket", { text: "Blanket", lang: "en" }],
    ["en", "Kocyk", "", { text: "Kocyk", lang: "pl" }],
    ["en", "Kocyk", "   ", { text: "Kocyk", lang: "pl" }],
    ["en", "Kocyk", null, { text: "Kocyk", lang: "pl" }],
    ["en", "Kocyk", undefined, { text: "Kocyk", lang: "pl" }],
    ["pl", "Kocyk", "", { text: "Kocyk", lang: "pl" }],
  ] as const)("%s interface, %j / %j", (lang, pl, en, expected) => {
    expect(pickLocalized(lang, pl, en)).toEqual(expected);
    expect(localizedText(lang, pl, en)).toBe(expected.text);
  });
});

describe("localizeTexts", () => {
  it("picks each text and names those that fell back to Polish in the English interface", () => {
    expect(localizeTexts("en", { title: ["Kocyk", "Blanket"], description: ["Miękki", ""] })).toEqual({
      texts: { title: "Blanket", description: "Miękki" },
      polish: ["description"],
    });
    expect(localizeTexts("en", { title: ["Kocyk", "Blanket"] })).toEqual({ texts: { title: "Blanket" } });
  });

  it("marks nothing in the Polish interface", () => {
    expect(localizeTexts("pl", { title: ["Kocyk", "Blanket"], description: ["Miękki", ""] })).toEqual({
      texts: { title: "Kocyk", description: "Miękki" },
    });
  });

  it("gives lang=pl to a text that fell back only", () => {
    expect(textLang({ polish: ["description"] }, "description")).toBe("pl");
    expect(textLang<"title" | "description">({ polish: ["description"] }, "title")).toBeUndefined();
    expect(textLang<"title">({}, "title")).toBeUndefined();
  });
});

describe("the address's language marker", () => {
  it("marks an English path and leaves the Polish one", () => {
    expect(pathInLanguage("/produkt/1-blanket", "en")).toBe("/produkt/1-blanket?lang=en");
    expect(pathInLanguage("/produkty?kategoria=3", "en")).toBe("/produkty?kategoria=3&lang=en");
    expect(pathInLanguage("/produkt/1-kocyk", "pl")).toBe("/produkt/1-kocyk");
  });

  it("is taken off for the language switch", () => {
    expect(withoutLangMarker("/produkty?kategoria=3&lang=en")).toBe("/produkty?kategoria=3");
    expect(withoutLangMarker("/produkt/1-blanket?lang=pl")).toBe("/produkt/1-blanket");
    expect(withoutLangMarker("/produkty?kategoria=3")).toBe("/produkty?kategoria=3");
  });
});
