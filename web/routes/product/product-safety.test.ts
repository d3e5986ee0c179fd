import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SafetyInfo } from "../../../domain/gpsr";
import { LangProvider } from "../../lib/i18n";
import { ProductSafety } from "./product-safety";

// The "Bezpieczeństwo produktu" block as the server renders it: every part the product has, the
// contacts as links, the texts' line breaks kept; English labels in the English interface.

const INFO: SafetyInfo = {
  manufacturer: {
    name: "Pracownia Szycia",
    address: "ul. Krawiecka 1, 00-001 Warszawa",
    contact: "sklep@example.com",
  },
  euResponsible: { name: "EU Rep GmbH", address: "Berlin", contact: "https://eurep.example" },
  identifier: "SZ-001",
  warnings: "Nie dla dzieci poniżej 3 lat —\nmałe elementy",
};

const html = (lang: "pl" | "en", info: SafetyInfo = INFO) =>
  renderToString(createElement(LangProvider, { lang }, createElement(ProductSafety, { info })));

describe("the product safety block", () => {
  it("shows the manufacturer, the responsible person, the identifier and the warnings in Polish", () => {
    const page = html("pl");
    const shown = [
      "<summary",
      "Bezpieczeństwo produktu",
      'href="mailto:sklep@example.com"',
      'href="https://eurep.example"',
      "Osoba odpowiedzialna w UE",
      "SZ-001",
      "whitespace-pre-line",
    ];
    expect(shown.filter((text) => !page.includes(text))).toEqual([]);
    expect(page).not.toContain("Pielęgnacja");
    expect(page).not.toContain('lang="pl"');
  });

  it("has English labels in the English interface (the warnings stay Polish, marked so)", () => {
    const { euResponsible: _left, ...withoutRepresentative } = INFO;
    const page = html("en", withoutRepresentative);
    expect(["Product safety", "Manufacturer", 'lang="pl"'].filter((text) => !page.includes(text))).toEqual(
      [],
    );
    expect(page).not.toContain("Responsible person in the EU");
  });
});
