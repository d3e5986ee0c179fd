import { describe, expect, it } from "vitest";
import { complaintAnswerEmail, complaintReceivedEmail } from "./complaint-emails";

// The customer's complaint e-mails (issue 27): the text and an HTML version in the shop's layout, with
// what the customer or staff wrote escaped, in the customer's language.

const written = 'Szew puścił <script>alert("x")</script>\ndruga linia';

describe("the customer's complaint e-mails", () => {
  it("acknowledge the complaint in text and HTML, the description escaped", () => {
    const mail = complaintReceivedEmail({
      lang: "pl",
      to: "ala@example.com",
      orderNumber: "SZ-2026-000123",
      receivedAt: new Date("2026-11-27T10:15:00Z"),
      deadline: new Date("2026-12-11T22:59:59.999Z"),
      description: written,
    });
    expect(mail.subject).toBe("Reklamacja do zamówienia SZ-2026-000123 przyjęta");
    expect(mail.text).toContain("Odpowiemy do 11.12.2026");
    expect(mail.text).toContain(written);
    expect(mail.html).toContain("Odpowiemy do 11.12.2026");
    expect(mail.html).toContain(
      "Szew puścił &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>druga linia",
    );
    expect(mail.html).not.toContain("<script>");
  });

  it("carry staff's answer in English for an English order", () => {
    const mail = complaintAnswerEmail({
      lang: "en",
      to: "ala@example.com",
      orderNumber: "SZ-2026-000123",
      status: "ACCEPTED",
      message: "We will send a new set & a card.",
    });
    expect(mail.text).toContain("We will send a new set & a card.");
    expect(mail.html).toContain("We will send a new set &amp; a card.");
    expect(mail.html).toContain('lang="en"');
  });
});
