import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { composeEml, type EmlMessage, nodemailerMail } from "./mail-eml";

// The one-pass .eml must be what nodemailer's stream transport wrote (the outbox files are read by
// people, the e2e tests and any mail client): byte for byte, but for the generated ids and date.

const nodemailerComposer = nodemailer.createTransport({
  streamTransport: true,
  buffer: true,
  newline: "unix",
});

async function byNodemailer(message: EmlMessage): Promise<string> {
  return String((await nodemailerComposer.sendMail(nodemailerMail(message))).message);
}

/** Message-ID, Date and the multipart boundary are generated: made equal before comparing. */
function normalized(eml: string): string {
  const boundary = /boundary="([^"]+)"/.exec(eml)?.[1];
  const fixed = eml
    .replace(/^Message-ID: <[^@]+@/m, "Message-ID: <id@")
    .replace(/^Date: .*$/m, "Date: (date)");
  return boundary ? fixed.split(boundary).join("(boundary)") : fixed;
}

/** Header lines in a set (nodemailer orders a single part's headers otherwise) and the decoded body. */
function decodedSinglePart(eml: string) {
  const [head = "", ...body] = eml.split("\n\n");
  const raw = body.join("\n\n");
  const qp = head.includes("quoted-printable");
  const text = qp
    ? Buffer.from(
        raw
          .replace(/=\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        "latin1",
      ).toString("utf8")
    : raw;
  const headers = head
    .split("\n")
    .filter((line) => !/^(Message-ID|Date|Content-Transfer-Encoding):/.test(line))
    .sort();
  return { headers, text: text.replace(/\n$/, "") };
}

const POLISH: EmlMessage = {
  from: "Szyciowo <sklep@szyciowo.example>",
  to: "jan.kowalski@example.com",
  subject: "Zamówienie 2611-ABCDE-FGHIJ przyjęte — dziękujemy za zakupy w naszym sklepie",
  text: `Dzień dobry,\nżółć gęślą jaźń  \n\n${"Długa linia ".repeat(20)}\nRazem: 40,00 zł\t\n.\nFrom the end`,
  html: `<p style="margin:0">Zażółć <a href="https://szyciowo.example/zamowienie?orderNumber=2611&amp;email=a%40b.pl">gęślą</a></p>\n${"<td>x</td>".repeat(30)}`,
};

describe("composeEml", () => {
  it("writes a text and HTML message exactly as nodemailer does", async () => {
    for (const message of [
      POLISH,
      { ...POLISH, subject: "Order 2611-ABCDE-FGHIJ received", text: "Plain ASCII.", html: "<p>x</p>" },
      { ...POLISH, from: "sklep@szyciowo.example", subject: "=?x?= ąę\r\nBcc: evil@example.com" },
    ]) {
      const ours = composeEml(message);
      expect(ours).not.toBeNull();
      expect(normalized(ours ?? "")).toBe(normalized(await byNodemailer(message)));
    }
  });

  it("writes the one-click unsubscribe headers as nodemailer does (RFC 2369, RFC 8058)", async () => {
    const short = "https://szyciowo.example/powiadom-mnie/wypisz?token=abc";
    const long = `${short}${"x".repeat(60)}`;
    for (const listUnsubscribe of [short, long]) {
      const message = { ...POLISH, listUnsubscribe };
      const ours = composeEml(message) ?? "";
      expect(ours).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(ours.replace(/\n /g, " ")).toContain(`List-Unsubscribe: <${listUnsubscribe}>`);
      expect(normalized(ours)).toBe(normalized(await byNodemailer(message)));
    }
    // an address that cannot go into a header as it is goes to nodemailer
    expect(composeEml({ ...POLISH, listUnsubscribe: "https://example.com/a>b" })).toBeNull();
    expect(composeEml({ ...POLISH, listUnsubscribe: "https://example.com/ą" })).toBeNull();
  });

  it("writes a text-only message with the same headers and the same text", async () => {
    for (const text of ["Kliknij link: http://localhost:3000/api/auth/confirm?token=abc", POLISH.text]) {
      const message = { ...POLISH, html: undefined, text };
      const ours = decodedSinglePart(composeEml(message) ?? "");
      const theirs = decodedSinglePart(await byNodemailer(message));
      expect(ours.text).toBe(text);
      expect(ours).toEqual(theirs);
    }
  });

  it("leaves addresses it does not know to be plain to nodemailer", () => {
    for (const to of [
      "Kowalski, Jan <jan@example.com>",
      "Łukasz <l@example.com>",
      "a@example.com, b@example.com",
    ]) {
      expect(composeEml({ ...POLISH, to })).toBeNull();
    }
    expect(composeEml({ ...POLISH, from: '"Sklep" <sklep@szyciowo.example>' })).toBeNull();
  });
});
