import { describe, expect, it } from "vitest";
import { localizedText, pickLocalized } from "./content-language";

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
