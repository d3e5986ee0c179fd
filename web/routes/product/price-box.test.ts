import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import "../../../domain/i18n";
import type { PriceView } from "../../../domain/pricing";
import { LangProvider } from "../../lib/i18n";
import { PriceBox } from "./price-box";

// The product page's price box as the server renders it: the discount percent follows the cards' rule
// (domain/discount.ts: whole percent rounded down, issue 25) and the language's decimal separator.

const PRICES: PriceView = {
  priceGrosze: 9_165,
  standardPriceGrosze: 10_000,
  lowestPriceGrosze: 9_165,
  discountPercent: 8.35,
};

const render = (lang: "pl" | "en") =>
  renderToStaticMarkup(createElement(LangProvider, { lang }, createElement(PriceBox, { prices: PRICES })));

describe("PriceBox", () => {
  it("shows the discount as a whole percent rounded down, as the cards do", () => {
    expect(render("pl")).toContain("-8%");
    expect(render("pl")).not.toContain("8,35");
    expect(render("en")).toContain("-8%");
  });

  it("a discount below 1 % keeps a decimal comma in Polish and a point in English", () => {
    const small = { ...PRICES, priceGrosze: 9_943, discountPercent: 0.57 };
    const html = (lang: "pl" | "en") =>
      renderToStaticMarkup(createElement(LangProvider, { lang }, createElement(PriceBox, { prices: small })));
    expect(html("pl")).toContain("-0,5%");
    expect(html("en")).toContain("-0.5%");
  });
});
