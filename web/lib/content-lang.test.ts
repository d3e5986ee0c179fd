import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import "../../domain/i18n";
import { LangProvider, useContentLang } from "./i18n";

// WCAG 3.1.2 Language of parts (issue 25): the shop's content is Polish only, so in the English
// interface it carries lang="pl"; in the Polish one it needs no mark.

function Title() {
  return createElement("h1", { lang: useContentLang() }, "Kocyk minky");
}

const render = (lang: "pl" | "en") =>
  renderToStaticMarkup(createElement(LangProvider, { lang }, createElement(Title)));

describe("useContentLang", () => {
  it("marks Polish content in the English interface", () => {
    expect(render("en")).toBe('<h1 lang="pl">Kocyk minky</h1>');
  });

  it("adds no mark in the Polish interface", () => {
    expect(render("pl")).toBe("<h1>Kocyk minky</h1>");
  });
});
