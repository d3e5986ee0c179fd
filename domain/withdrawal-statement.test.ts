import { describe, expect, it } from "vitest";
import {
  type StatementTextInput,
  statementReceivedText,
  withdrawalStatementText,
} from "./withdrawal-statement";

const base: StatementTextInput = {
  lang: "pl",
  seller: { name: "Pracownia Szycia", address: ["ul. Krawiecka 1", "00-001 Warszawa"] },
  orderNumber: "2026-ABCDE-FGHIJ",
  orderedAt: "2026-11-02T10:00:00.000Z",
  deliveredAt: "2026-11-05T12:00:00.000Z",
  name: "Anna Kowalska",
  email: "anna@example.com",
  lines: [
    { productTitle: "Kocyk", variantLabel: null, quantity: 2 },
    { productTitle: "Rożek", variantLabel: "Kolor: różowy", quantity: 1 },
  ],
  reason: "",
  // 23:30 UTC on 26 November is 00:30 on 27 November in Warsaw (CET, UTC+1)
  receivedAt: "2026-11-26T23:30:00.000Z",
};

describe("withdrawalStatementText", () => {
  it("follows the statutory form in Polish: addressee, declaration, items, order, dates, consumer, receipt in Warsaw time", () => {
    const text = withdrawalStatementText(base);
    expect(text).toContain("Adresat: Pracownia Szycia, ul. Krawiecka 1, 00-001 Warszawa");
    expect(text).toContain(
      "Ja/My(*) niniejszym informuję/informujemy(*) o moim/naszym odstąpieniu od umowy sprzedaży następujących rzeczy:",
    );
    expect(text).toContain("- Kocyk: 2 szt.");
    expect(text).toContain("- Rożek (Kolor: różowy): 1 szt.");
    expect(text).toContain("Numer zamówienia: 2026-ABCDE-FGHIJ");
    expect(text).toContain("Data zawarcia umowy (złożenia zamówienia): 2.11.2026");
    expect(text).toContain("Data odbioru: 5.11.2026");
    expect(text).toContain("Imię i nazwisko konsumenta(-ów): Anna Kowalska");
    expect(text).toContain("Adres e-mail konsumenta(-ów): anna@example.com");
    expect(text).toContain("Otrzymano: 27.11.2026, 00:30 (czas polski)");
    expect(text).toContain("(*) Niepotrzebne skreślić.");
    // no reason given: no reason line
    expect(text).not.toContain("Powód");
  });

  it("names the optional reason when given, and leaves out the delivery date while unknown", () => {
    const text = withdrawalStatementText({ ...base, deliveredAt: null, reason: "  Za mały rozmiar " });
    expect(text).toContain("Powód odstąpienia (nieobowiązkowy): Za mały rozmiar");
    expect(text).not.toContain("Data odbioru");
  });

  it("is written in English for an English statement", () => {
    const text = withdrawalStatementText({ ...base, lang: "en" });
    expect(text).toContain(
      "I/We(*) hereby give notice that I/We(*) withdraw from my/our(*) contract of sale of the following goods:",
    );
    expect(text).toContain("- Kocyk: 2 pcs");
    expect(text).toContain("Order number: 2026-ABCDE-FGHIJ");
    expect(text).toContain("Received on: 05/11/2026");
    expect(text).toContain("Received: 27/11/2026, 00:30 (Polish time)");
    expect(text).not.toContain("Otrzymano");
  });

  it("keeps every item on one line whatever the title holds", () => {
    const text = withdrawalStatementText({
      ...base,
      name: "Anna\nKowalska",
      lines: [{ productTitle: "Kocyk\r\nwełniany", variantLabel: null, quantity: 1 }],
    });
    expect(text).toContain("- Kocyk wełniany: 1 szt.");
    expect(text).toContain(": Anna Kowalska");
  });
});

describe("statementReceivedText", () => {
  it("shows the summer time of Warsaw (UTC+2)", () => {
    expect(statementReceivedText("pl", "2026-07-01T08:15:00.000Z")).toBe(
      "Otrzymano: 1.07.2026, 10:15 (czas polski)",
    );
  });
});
