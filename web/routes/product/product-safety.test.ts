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
    expect(page).toContain("<summary");
    expect(page).toContain("Bezpieczeństwo produktu");
    expect(page).toContain('href="mailto:sklep@example.com"');
    expect(page).toContain('href="https://eurep.example"');
    expect(page).toContain("Osoba odpowiedzialna w UE");
    expect(page).toContain("SZ-001");
    expect(page).toContain("whitespace-pre-line");
    expect(page).not.toContain("Pielęgnacja");
  });

  it("has English labels in the English interface (the warnings stay Polish, marked so)", () => {
    const { euResponsible: _left, ...withoutRepresentative } = INFO;
    const page = html("en", withoutRepresentative);
    expect(page).toContain("Product safety");
    expect(page).toContain("Manufacturer");
    expect(page).not.toContain("Responsible person in the EU");
    expect(page).toContain('lang="pl"');
  });
});
