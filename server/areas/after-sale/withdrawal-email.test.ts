import { describe, expect, it } from "vitest";
import { withdrawalReceivedEmail } from "./withdrawal-email";

const input = {
  lang: "pl" as const,
  to: "anna@example.com",
  name: "Anna <b>Kowalska</b>",
  orderNumber: "2026-ABCDE-FGHIJ",
  statementText: "Oświadczenie o odstąpieniu od umowy\n\n- Kocyk <script>alert(1)</script>: 1 szt.",
  // 19:05 in Warsaw (CET)
  receivedAt: new Date("2026-11-27T18:05:00.000Z"),
  refundDeadline: new Date("2026-12-11T22:59:59.999Z"),
  returnAddress: ["Pracownia Szycia", "ul. Krawiecka 1", "00-001 Warszawa"],
  orderUrl: "https://sklep.example.pl/zamowienie?orderNumber=2026-ABCDE-FGHIJ&email=anna%40example.com",
  statementPdfUrl:
    "https://sklep.example.pl/api/after-sale/withdrawals/7/statement.pdf?orderNumber=x&email=y",
  shopName: "Pracownia Szycia",
};

describe("withdrawalReceivedEmail", () => {
  it("carries the full statement, the receipt in Warsaw time, where to send the parcel, the refund deadline and the links", () => {
    const mail = withdrawalReceivedEmail(input);
    expect(mail).toMatchObject({ to: "anna@example.com", template: "withdrawal-received" });
    expect(mail.subject).toBe("Potwierdzenie odstąpienia od umowy – zamówienie 2026-ABCDE-FGHIJ");
    expect(mail.text).toContain(
      "otrzymaliśmy Twoje oświadczenie o odstąpieniu od umowy 27.11.2026, 19:05 (czas polski)",
    );
    expect(mail.text).toContain(input.statementText);
    expect(mail.text).toContain(
      "Odeślij produkty w ciągu 14 dni na adres:\nPracownia Szycia\nul. Krawiecka 1\n00-001 Warszawa",
    );
    expect(mail.text).toContain("najpóźniej do 11.12.2026");
    expect(mail.text).toContain(input.orderUrl);
    expect(mail.text).toContain(input.statementPdfUrl);
  });

  it("escapes what the customer typed in the HTML", () => {
    const html = withdrawalReceivedEmail(input).html ?? "";
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>Kowalska");
    expect(html).toContain("&lt;script&gt;");
  });

  it("is written in English for an English statement", () => {
    const mail = withdrawalReceivedEmail({ ...input, lang: "en" });
    expect(mail.subject).toBe("Confirmation of your withdrawal – order 2026-ABCDE-FGHIJ");
    expect(mail.text).toContain("on 27/11/2026, 19:05 (Polish time)");
    expect(mail.text).toContain("Send the products back within 14 days to:");
  });
});
