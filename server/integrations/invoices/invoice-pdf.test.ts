import fontkit from "@pdf-lib/fontkit";
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFRef,
  type PDFStream,
} from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { buildCorrectingInvoiceDocument } from "../../../domain/correcting-invoice";
import { buildInvoiceDocument, type InvoiceDocument } from "../../../domain/invoice";
import { ksefVerificationLink } from "../../../domain/ksef-qr";
import { formatPrice } from "../../../domain/money";
import { orderItem, sampleOrder } from "../../../domain/order.fixtures";
import { decodePdfQr } from "../../test/pdf-qr";
import { KSEF_WAITING_NOTICE, renderInvoicePdf, wrapText } from "./invoice-pdf";

// What these tests prove: the bytes are a PDF that pdf-lib parses back; its fonts are embedded
// TrueType (FontFile2) subsets of DejaVu; and the text drawn on each page, decoded from the content
// streams through the fonts' own ToUnicode maps, is the invoice's text with the Polish letters,
// none of them drawn as the missing-glyph box (glyph 0). They do not prove how it looks: that was
// checked by eye (Chromium's PDF viewer, see docs/decisions/013-invoices.md).

const POLISH = "Zażółć gęślą jaźń ĄĆĘŁŃÓŚŹŻ";
const LONG_TITLE =
  "Bardzo długi tytuł produktu: kocyk minky z wypustką, zestaw z poduszką, rożkiem i śliniakiem w żółte kaczuszki dla noworodka";

interface PageText {
  /** every string drawn, in drawing order */
  runs: string[];
  /** the runs joined with spaces */
  text: string;
  /** glyph codes drawn (hex), to find missing glyphs */
  codes: string[];
  fonts: { baseFont: string; embedded: boolean }[];
}

function streamBytes(stream: PDFStream | PDFRawStream): Uint8Array {
  if (!(stream instanceof PDFRawStream)) throw new Error("expected a raw stream");
  return decodePDFRawStream(stream).decode();
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("latin1");
}

function utf16Hex(hex: string): string {
  return Buffer.from(hex, "hex").swap16().toString("utf16le");
}

/** glyph code (hex) -> text, from a pdf-lib ToUnicode CMap (bfchar entries) */
function parseToUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, unicode] of (section[1] ?? "").matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set((code ?? "").toLowerCase(), utf16Hex(unicode ?? ""));
    }
  }
  return map;
}

/** A small text extractor for what pdf-lib writes: `/F 8 Tf` font changes and `<hex> Tj` strings. */
async function extractText(bytes: Uint8Array): Promise<PageText[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const fontDict = page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
    if (!fontDict) throw new Error("page without fonts");
    const cmaps = new Map<string, Map<string, string>>();
    const fonts: PageText["fonts"] = [];
    for (const [name, ref] of fontDict.entries()) {
      const font = page.doc.context.lookup(ref as PDFRef, PDFDict);
      const toUnicode = font.lookup(PDFName.of("ToUnicode")) as PDFRawStream;
      cmaps.set(name.asString().slice(1), parseToUnicode(latin1(streamBytes(toUnicode))));
      const descendant = font.lookup(PDFName.of("DescendantFonts"), PDFArray).lookup(0, PDFDict);
      const descriptor = descendant.lookup(PDFName.of("FontDescriptor"), PDFDict);
      fonts.push({
        baseFont: String(font.get(PDFName.of("BaseFont"))),
        embedded: descriptor.has(PDFName.of("FontFile2")),
      });
    }
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => page.doc.context.lookup(ref) as PDFRawStream)
        : contents
          ? [contents as PDFRawStream]
          : [];
    const content = streams.map((stream) => latin1(streamBytes(stream))).join("\n");
    const runs: string[] = [];
    const codes: string[] = [];
    let cmap = new Map<string, string>();
    for (const match of content.matchAll(/\/([^\s/]+)\s+[-\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (match[1]) {
        cmap = cmaps.get(match[1]) ?? new Map();
        continue;
      }
      const hex = (match[2] ?? "").toLowerCase();
      let run = "";
      for (let i = 0; i < hex.length; i += 4) {
        const code = hex.slice(i, i + 4);
        codes.push(code);
        run += cmap.get(code) ?? "\uFFFD";
      }
      runs.push(run);
    }
    return { runs, text: runs.join(" "), codes, fonts };
  });
}

function fortyLineInvoice(): InvoiceDocument {
  const rates = [23, 8, 5];
  const cart = Array.from({ length: 40 }, (_, index) =>
    orderItem({
      product: index + 1,
      productTitle: index === 0 ? POLISH : index === 1 ? LONG_TITLE : `Produkt ${index + 1} śliniak`,
      variantLabel: index % 4 === 0 ? "Rozmiar: 75×100" : null,
      unitPriceGrosze: 1_999 + index * 137,
      quantity: 1 + (index % 3),
      vatRate: rates[index % 3] ?? 23,
    }),
  );
  const products = cart.reduce((sum, item) => sum + item.priceGrosze, 0);
  const order = sampleOrder({
    cart,
    delivery: { method: "courier", title: "Kurier", priceGrosze: 1_499 },
    coupon: { code: "WITAJ10" },
    couponDiscountGrosze: Math.round(products / 10),
    invoiceData: {
      displayName: "Szwalnia Łódź Sp. z o.o.",
      email: "biuro@example.com",
      phone: "600100200",
      postCode: "90-001",
      city: "Łódź",
      street: "ul. Piotrkowska 1",
      nip: "774-00-01-454",
    },
  });
  return buildInvoiceDocument({
    order,
    seller: {
      name: "Pracownia Szycia Sp. z o.o.",
      nip: "1111111111",
      address: ["ul. Krawiecka 1", "00-001 Warszawa"],
      bankAccount: null,
    },
    number: "FV/2026/11/0001",
    issuedAt: new Date("2026-11-21T10:00:00Z"),
    saleDate: new Date("2026-11-20T10:00:00Z"),
  });
}

describe("renderInvoicePdf: 40 lines, three VAT rates, a coupon, a long title", () => {
  const doc = fortyLineInvoice();
  let bytes: Uint8Array;
  let pages: PageText[];

  beforeAll(async () => {
    bytes = await renderInvoicePdf(doc);
    pages = await extractText(bytes);
  });

  it("is a PDF that parses back, A4, on two pages, titled with the number", async () => {
    expect(latin1(bytes.subarray(0, 5))).toBe("%PDF-");
    expect(latin1(bytes.subarray(-6))).toContain("%%EOF");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(2);
    for (const page of pdf.getPages()) {
      expect(page.getWidth()).toBeCloseTo(595.28, 1);
      expect(page.getHeight()).toBeCloseTo(841.89, 1);
    }
    expect(pdf.getTitle()).toBe("Faktura VAT FV/2026/11/0001");
    expect(pages).toHaveLength(2);
  });

  it("embeds DejaVu TrueType subsets and draws every character with a real glyph", () => {
    for (const page of pages) {
      expect(page.fonts.length).toBeGreaterThanOrEqual(2);
      for (const font of page.fonts) {
        expect(font.baseFont).toMatch(/DejaVuSansCondensed/);
        expect(font.embedded).toBe(true);
      }
      expect(page.codes.length).toBeGreaterThan(100);
      expect(page.codes).not.toContain("0000");
      expect(page.text).not.toContain("\uFFFD");
    }
  });

  it("shows the heading, the number, the dates and both parties with Polish letters", () => {
    const first = pages[0]?.text ?? "";
    for (const expected of [
      "Faktura VAT",
      "nr FV/2026/11/0001",
      "Data wystawienia: 21.11.2026",
      "Data sprzedaży: 20.11.2026",
      "Sprzedawca Pracownia Szycia Sp. z o.o. ul. Krawiecka 1 00-001 Warszawa NIP: 1111111111",
      "Nabywca Szwalnia Łódź Sp. z o.o. ul. Piotrkowska 1 90-001 Łódź NIP: 7740001454",
      POLISH,
    ]) {
      expect(first).toContain(expected);
    }
  });

  it("has the lines table with its columns, repeated on the next page, and every line", () => {
    const header = "Lp. Nazwa Ilość Cena brutto Rabat Wartość netto Stawka VAT Kwota VAT Wartość brutto";
    for (const page of pages) expect(page.text).toContain(header);
    const all = pages.map((page) => page.text).join(" ");
    for (const line of doc.lines) {
      expect(all).toContain(`${line.position} `);
    }
    const [first, second] = doc.lines;
    expect(all).toContain(`1 ${POLISH} (Rozmiar: 75×100) 1 szt. 19,99`);
    expect(first?.discountGrosze).toBeGreaterThan(0);
    expect(all).toContain(`-${formatPrice(first?.discountGrosze ?? 0).replace(" zł", "")}`);
    expect(second?.name).toBe(LONG_TITLE);
    expect(pages[1]?.text).toContain("Produkt 40 śliniak");
    expect(pages[1]?.text).toContain("Dostawa: Kurier 1 usł. 14,99");
  });

  it("wraps the long title over several lines without losing a word", () => {
    const runs = pages[0]?.runs ?? [];
    expect(runs.some((run) => run === LONG_TITLE)).toBe(false);
    const start = runs.findIndex((run) => run.startsWith("Bardzo długi"));
    expect(start).toBeGreaterThanOrEqual(0);
    const pieces = [];
    for (let i = start; pieces.join(" ").length < LONG_TITLE.length; i += 1) pieces.push(runs[i]);
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join(" ")).toBe(LONG_TITLE);
  });

  it("ends with the per-rate summary, the amount due, the payment and the coupon note", () => {
    const last = pages[1]?.text ?? "";
    const amount = (grosze: number) => formatPrice(grosze).replace(" zł", "");
    expect(doc.vatSummary.map((row) => row.vatRate)).toEqual([23, 8, 5]);
    expect(last).toContain(
      "Podsumowanie według stawek VAT Stawka VAT Wartość netto Kwota VAT Wartość brutto",
    );
    for (const row of doc.vatSummary) {
      expect(last).toContain(
        `${row.vatRate}% ${amount(row.netGrosze)} ${amount(row.vatGrosze)} ${amount(row.grossGrosze)}`,
      );
    }
    expect(last).toContain(
      `Razem ${amount(doc.totals.netGrosze)} ${amount(doc.totals.vatGrosze)} ${amount(doc.totals.grossGrosze)}`,
    );
    expect(last).toContain(`Razem do zapłaty: ${formatPrice(doc.totals.grossGrosze)}`);
    expect(last).toContain(`Słownie: ${doc.amountInWords}`);
    expect(last).toContain(`Zapłacono: ${formatPrice(doc.totals.grossGrosze)} (zapłacono)`);
    expect(last).toContain("Pozostało do zapłaty: 0,00 zł");
    expect(last).toContain("Sposób płatności: płatność online");
    expect(last).toContain(`Rabat (kod WITAJ10): -${formatPrice(doc.coupon?.discountGrosze ?? 0)}`);
    expect(last).toContain("Podatek VAT obliczono od sumy wartości brutto w każdej stawce");
    expect(pages[0]?.text).toContain("Faktura VAT nr FV/2026/11/0001 Strona 1 z 2");
    expect(last).toContain("Faktura VAT nr FV/2026/11/0001 Strona 2 z 2");
  });
});

describe("renderInvoicePdf: a short invoice without a coupon", () => {
  it("fits one page and has no discount column", async () => {
    const doc = buildInvoiceDocument({
      order: sampleOrder(),
      seller: { name: "Sklep", nip: "1111111111", address: ["ul. Krawiecka 1"], bankAccount: "12 3456" },
      number: "FV/2026/12/0042",
      issuedAt: new Date("2026-12-01T10:00:00Z"),
      saleDate: new Date("2026-12-01T10:00:00Z"),
    });
    const pages = await extractText(await renderInvoicePdf(doc));
    expect(pages).toHaveLength(1);
    const text = pages[0]?.text ?? "";
    expect(text).toContain("nr FV/2026/12/0042");
    expect(text).toContain("Lp. Nazwa Ilość Cena brutto Wartość netto");
    expect(text).not.toContain("Rabat");
    expect(text).toContain("Nr rachunku: 12 3456");
    expect(text).toContain("Nabywca Zofia Łęcka ul. Źródlana 5/7 30-001 Kraków Waluta: PLN"); // no buyer NIP
    expect(text).toContain("Strona 1 z 1");
  });
});

describe("wrapText", () => {
  it("breaks words at spaces and a too-long word by characters, never wider than the column", async () => {
    const pdf = await PDFDocument.create();
    pdf.registerFontkit(fontkit);
    const font = await pdf.embedFont("Helvetica");
    const words = wrapText("ala ma kota a kot ma ale", font, 10, 40);
    expect(words.join(" ")).toBe("ala ma kota a kot ma ale");
    expect(words.length).toBeGreaterThan(1);
    const long = "x".repeat(200);
    const pieces = wrapText(`start ${long}\n\tend`, font, 10, 60);
    expect(pieces.join("").replaceAll(" ", "")).toBe(`start${long}end`);
    for (const piece of [...words, ...pieces]) {
      expect(font.widthOfTextAtSize(piece, 10)).toBeLessThanOrEqual(60);
    }
    expect(wrapText("", font, 10, 60)).toEqual([""]);
  });
});

describe("renderInvoicePdf: a correcting invoice (issue 27)", () => {
  it("is titled as a correction, names the invoice corrected and the reason, and the amount to return", async () => {
    const base = buildInvoiceDocument({
      order: sampleOrder(),
      seller: { name: "Szyciowo", nip: "5260250274", address: ["ul. Krawiecka 1", "00-001 Warszawa"] },
      number: "KOR/2026/11/0003",
      issuedAt: new Date("2026-11-27T10:00:00Z"),
      saleDate: new Date("2026-11-02T10:00:00Z"),
    });
    const line = base.lines[0];
    if (!line) throw new Error("no line");
    const correction: InvoiceDocument = {
      ...base,
      lines: [
        { ...line, quantity: -1, grossGrosze: -4_999, netGrosze: -4_064, vatGrosze: -935, discountGrosze: 0 },
      ],
      vatSummary: [{ vatRate: 23, netGrosze: -4_064, vatGrosze: -935, grossGrosze: -4_999 }],
      totals: { netGrosze: -4_064, vatGrosze: -935, grossGrosze: -4_999 },
      coupon: null,
      payment: {
        status: "zwrócono",
        method: "zwrot na rachunek płatności online",
        paidGrosze: 4_999,
        dueGrosze: 0,
      },
      correction: {
        correctedNumber: "FV/2026/11/0001",
        correctedIssueDate: "2026-11-02",
        reason: "zwrot towaru – odstąpienie od umowy",
      },
    };
    const pages = await extractText(await renderInvoicePdf(correction));
    const text = pages.map((page) => page.text).join(" ");
    expect(text).toContain("Faktura korygująca");
    expect(text).toContain("KOR/2026/11/0003");
    expect(text).toContain("FV/2026/11/0001");
    expect(text).toContain("02.11.2026");
    expect(text).toContain("Przyczyna korekty: zwrot towaru – odstąpienie od umowy");
    expect(text).toContain("Razem do zwrotu:");
    expect(text).toContain(formatPrice(4_999));
    expect(text).toContain("-49,99");
  });
});

describe("renderInvoicePdf: the KSeF block (issue 28)", () => {
  const seller = { name: "Szyciowo", nip: "5260250274", address: ["ul. Krawiecka 1", "00-001 Warszawa"] };
  const doc = buildInvoiceDocument({
    order: sampleOrder(),
    seller,
    number: "FV/2026/11/0009",
    issuedAt: new Date("2026-11-21T10:00:00Z"),
    saleDate: new Date("2026-11-21T10:00:00Z"),
  });
  const ksefNumber = "5265877635-20250826-0100001AF629-AF"; // the documentation's example
  const verificationLink = ksefVerificationLink(
    "https://qr-test.ksef.mf.gov.pl",
    "5260250274",
    doc.issueDate,
    "UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE",
  );

  it("once sent: the KSeF number, the link printed under the code, and a QR code that reads as the link", async () => {
    const bytes = await renderInvoicePdf(doc, { ksef: { state: "sent", ksefNumber, verificationLink } });
    const pages = await extractText(bytes);
    expect(pages).toHaveLength(1);
    const page = pages[0];
    expect(page?.text).toContain("Krajowy System e-Faktur (KSeF)");
    expect(page?.text).toContain(`Numer KSeF: ${ksefNumber}`);
    expect(page?.runs.join("")).toContain(`${ksefNumber}${verificationLink}`); // label, then link
    expect(page?.codes).not.toContain("0000");
    expect(await decodePdfQr(bytes)).toBe(verificationLink);
  });

  it("while waiting: the notice, no code", async () => {
    const bytes = await renderInvoicePdf(doc, { ksef: { state: "waiting" } });
    const text = (await extractText(bytes)).map((page) => page.text).join(" ");
    expect(text).toContain(KSEF_WAITING_NOTICE);
    expect(text).not.toContain("Numer KSeF:");
    expect(await decodePdfQr(bytes)).toBeNull();
    expect(await decodePdfQr(await renderInvoicePdf(doc))).toBeNull();
  });

  it("a correcting invoice takes the same block", async () => {
    const correction = buildCorrectingInvoiceDocument({
      number: "KOR/2026/11/0001",
      issuedAt: new Date("2026-11-27T10:00:00Z"),
      reason: "reklamacja",
      lines: [{ orderItemId: 1, title: "Kocyk", quantity: -1, vatRate: 23, amountGrosze: -8_900 }],
      invoice: { number: doc.number, issuedAt: new Date("2026-11-21T10:00:00Z"), saleDate: new Date() },
      order: sampleOrder(),
      seller,
    });
    const bytes = await renderInvoicePdf(correction, {
      ksef: { state: "sent", ksefNumber, verificationLink },
    });
    expect((await extractText(bytes)).map((page) => page.text).join(" ")).toContain(ksefNumber);
    expect(await decodePdfQr(bytes)).toBe(verificationLink);
  });
});
