import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import "../../../domain/i18n";
import type { PriceView } from "../../../domain/pricing";
import { LangProvider } from "../../lib/i18n";
import { PriceBox } from "./price-box";

// The product page's price box as the server renders it: the discount percent uses the language's
// decimal separator (issue 24: "−8.35%" with a dot in the Polish interface).

const PRICES: PriceView = {
  priceGrosze: 9_165,
  standardPriceGrosze: 10_000,
  lowestPriceGrosze: 9_165,
  discountPercent: 8.35,
};

const render = (lang: "pl" | "en") =>
  renderToStaticMarkup(createElement(LangProvider, { lang }, createElement(PriceBox, { prices: PRICES })));

describe("PriceBox", () => {
  it("shows the discount with a decimal comma in Polish and a point in English", () => {
    expect(render("pl")).toContain("-8,35%");
    expect(render("pl")).not.toContain("8.35");
    expect(render("en")).toContain("-8.35%");
  });
});
