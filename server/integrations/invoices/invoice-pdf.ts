import { PDFDocument, type PDFPage, rgb } from "pdf-lib";
import QRCode from "qrcode";
import type { InvoiceDocument, InvoiceLine } from "../../../domain/invoice";
import { formatPrice, groszeToDecimalString } from "../../../domain/money";
import { A4_PAGE, cleanText as clean, embedShopFonts, type PdfFonts, wrapText } from "../pdf/pdf-fonts";

export { wrapText };

// Draws the Polish VAT invoice of domain/invoice.ts as an A4 PDF (docs/decisions/013-invoices.md).
// pdf-lib with the shop's embedded DejaVu Sans Condensed (../pdf/pdf-fonts.ts) so every Polish letter
// is a real glyph. The lines table continues on further pages (with its header repeated); every page
// has a footer with the number and "Strona i z n". A correcting invoice (doc.correction, issue 27) is
// drawn by the same code: its title, the invoice it corrects and the reason in the header, "Do zwrotu"
// at the end. Both take an optional KSeF block (issue 28): while the invoice waits for KSeF a short
// notice; once KSeF numbered it, the KSeF number and the verification QR code KOD I (a PNG from
// `qrcode`, reference/ksef/docs/kody-qr.md) with the KSeF number under it, as the documentation asks,
// and the link itself printed small under that.

const PAGE_SIZE = A4_PAGE;
const MARGIN = 40;
const FOOTER_HEIGHT = 24;
const CONTENT_WIDTH = PAGE_SIZE[0] - 2 * MARGIN;
const TEXT = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);
const RULE = rgb(0.75, 0.75, 0.75);
const HEADER_FILL = rgb(0.92, 0.92, 0.92);
const TABLE_SIZE = 8;
const TABLE_LINE = 10;
const CELL_PAD = 3;
/** a product title longer than this many wrapped lines is cut with "…" */
const MAX_NAME_LINES = 12;
/** the QR code's side on the page: 110 pt ≈ 39 mm */
const QR_SIZE = 110;

/** What the PDF says about KSeF: nothing (no block), "being sent", or the number with KOD I. */
export type InvoicePdfKsef =
  | { state: "waiting" }
  | { state: "sent"; ksefNumber: string; verificationLink: string };

export interface InvoicePdfOptions {
  ksef?: InvoicePdfKsef;
}

export const KSEF_WAITING_NOTICE =
  "Faktura jest przesyłana do Krajowego Systemu e-Faktur (KSeF). Jej numer KSeF i kod QR do weryfikacji zostaną podane po przyjęciu faktury przez KSeF.";

type Fonts = PdfFonts;

type Align = "left" | "right" | "center";

interface Column {
  header: string;
  width: number;
  align: Align;
  cell: (line: InvoiceLine) => string;
}

/** "2026-11-21" -> "21.11.2026" */
function polishDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return year && month && day ? `${day}.${month}.${year}` : isoDate;
}

/** 1234 -> "12,34" (table cells; the currency is stated above the table) */
function amount(grosze: number): string {
  return groszeToDecimalString(grosze).replace(".", ",");
}

class Layout {
  page: PDFPage;
  y: number;

  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = this.addPage();
    this.y = PAGE_SIZE[1] - MARGIN;
  }

  addPage(): PDFPage {
    this.page = this.pdf.addPage(PAGE_SIZE);
    this.y = PAGE_SIZE[1] - MARGIN;
    return this.page;
  }

  get bottom(): number {
    return MARGIN + FOOTER_HEIGHT;
  }

  /** Starts a new page when fewer than `height` points are left. */
  ensure(height: number): boolean {
    if (this.y - height >= this.bottom) return false;
    this.addPage();
    return true;
  }

  text(
    value: string,
    x: number,
    y: number,
    options: {
      size?: number;
      bold?: boolean;
      color?: ReturnType<typeof rgb>;
      align?: Align;
      width?: number;
    } = {},
  ): void {
    const size = options.size ?? 9;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const text = clean(value);
    const textWidth = font.widthOfTextAtSize(text, size);
    const width = options.width ?? 0;
    const left =
      options.align === "right"
        ? x + width - textWidth
        : options.align === "center"
          ? x + (width - textWidth) / 2
          : x;
    this.page.drawText(text, { x: left, y, size, font, color: options.color ?? TEXT });
  }

  rule(y: number, x = MARGIN, width = CONTENT_WIDTH, color = RULE): void {
    this.page.drawLine({ start: { x, y }, end: { x: x + width, y }, thickness: 0.5, color });
  }
}

/** "Faktura VAT" or "Faktura korygująca". */
function titleOf(doc: InvoiceDocument): string {
  return doc.correction ? "Faktura korygująca" : "Faktura VAT";
}

function columnsFor(doc: InvoiceDocument): Column[] {
  const withDiscount = doc.lines.some((line) => line.discountGrosze > 0);
  const fixed: Column[] = [
    { header: "Lp.", width: 22, align: "right", cell: (l) => String(l.position) },
    { header: "Nazwa", width: 0, align: "left", cell: (l) => l.name },
    { header: "Ilość", width: 42, align: "right", cell: (l) => `${l.quantity} ${l.unit}` },
    { header: "Cena brutto", width: 52, align: "right", cell: (l) => amount(l.unitPriceGrosze) },
    ...(withDiscount
      ? [
          {
            header: "Rabat",
            width: 46,
            align: "right" as const,
            cell: (l: InvoiceLine) => (l.discountGrosze > 0 ? `-${amount(l.discountGrosze)}` : "–"),
          },
        ]
      : []),
    { header: "Wartość netto", width: 56, align: "right", cell: (l) => amount(l.netGrosze) },
    { header: "Stawka VAT", width: 40, align: "right", cell: (l) => `${l.vatRate}%` },
    { header: "Kwota VAT", width: 50, align: "right", cell: (l) => amount(l.vatGrosze) },
    { header: "Wartość brutto", width: 58, align: "right", cell: (l) => amount(l.grossGrosze) },
  ];
  const used = fixed.reduce((sum, column) => sum + column.width, 0);
  return fixed.map((column) =>
    column.header === "Nazwa" ? { ...column, width: CONTENT_WIDTH - used } : column,
  );
}

/** Draws one table row of already wrapped cells; returns nothing, moves layout.y down. */
function drawRow(
  layout: Layout,
  columns: readonly { width: number; align: Align }[],
  cells: readonly string[][],
  options: { bold?: boolean; fill?: boolean } = {},
): void {
  const lineCount = Math.max(...cells.map((cell) => cell.length));
  const height = lineCount * TABLE_LINE + 2 * CELL_PAD;
  const top = layout.y;
  if (options.fill) {
    layout.page.drawRectangle({
      x: MARGIN,
      y: top - height,
      width: CONTENT_WIDTH,
      height,
      color: HEADER_FILL,
    });
  }
  let x = MARGIN;
  columns.forEach((column, index) => {
    const lines = cells[index] ?? [];
    lines.forEach((text, lineIndex) => {
      layout.text(text, x + CELL_PAD, top - CELL_PAD - (lineIndex + 1) * TABLE_LINE + 2.5, {
        size: TABLE_SIZE,
        bold: options.bold,
        align: column.align,
        width: column.width - 2 * CELL_PAD,
      });
    });
    x += column.width;
  });
  layout.y = top - height;
  layout.rule(layout.y);
}

function wrapRow(
  layout: Layout,
  columns: readonly Column[],
  values: readonly string[],
  bold = false,
): string[][] {
  const font = bold ? layout.fonts.bold : layout.fonts.regular;
  return columns.map((column, index) =>
    wrapText(values[index] ?? "", font, TABLE_SIZE, column.width - 2 * CELL_PAD),
  );
}

function rowHeight(cells: readonly string[][]): number {
  return Math.max(...cells.map((cell) => cell.length)) * TABLE_LINE + 2 * CELL_PAD;
}

function drawHeader(layout: Layout, doc: InvoiceDocument): void {
  const top = layout.y;
  layout.text(titleOf(doc), MARGIN, top - 18, { size: 18, bold: true });
  layout.text(`nr ${doc.number}`, MARGIN, top - 36, { size: 12, bold: true });
  const right = MARGIN + CONTENT_WIDTH;
  const labelX = right - 200;
  const rows: [string, string][] = [
    ["Data wystawienia:", polishDate(doc.issueDate)],
    ["Data sprzedaży:", polishDate(doc.saleDate)],
    ["Zamówienie nr:", doc.orderNumber],
    ...(doc.correction
      ? ([
          ["Do faktury nr:", doc.correction.correctedNumber],
          ["z dnia:", polishDate(doc.correction.correctedIssueDate)],
        ] as [string, string][])
      : []),
  ];
  rows.forEach(([label, value], index) => {
    const y = top - 14 - index * 13;
    layout.text(label, labelX, y, { size: 9, color: MUTED });
    layout.text(value, labelX + 80, y, { size: 9, bold: true, align: "right", width: 120 });
  });
  layout.y = top - 52;
  if (doc.correction) {
    layout.y = top - 14 - rows.length * 13 - 4;
    for (const line of wrapText(
      `Przyczyna korekty: ${doc.correction.reason}`,
      layout.fonts.regular,
      9,
      300,
    )) {
      layout.text(line, MARGIN, layout.y, { size: 9 });
      layout.y -= 11;
    }
  }
  layout.rule(layout.y, MARGIN, CONTENT_WIDTH, MUTED);
}

function drawParties(layout: Layout, doc: InvoiceDocument): void {
  const half = (CONTENT_WIDTH - 20) / 2;
  const blocks = [
    {
      title: "Sprzedawca",
      x: MARGIN,
      lines: [
        ...doc.seller.addressLines,
        `NIP: ${doc.seller.nip}`,
        ...(doc.seller.bankAccount ? [`Nr rachunku: ${doc.seller.bankAccount}`] : []),
      ],
      name: doc.seller.name,
    },
    {
      title: "Nabywca",
      x: MARGIN + half + 20,
      lines: [...doc.buyer.addressLines, ...(doc.buyer.nip ? [`NIP: ${doc.buyer.nip}`] : [])],
      name: doc.buyer.name,
    },
  ];
  const top = layout.y - 16;
  let lowest = top;
  for (const block of blocks) {
    let y = top;
    layout.text(block.title, block.x, y, { size: 8, bold: true, color: MUTED });
    y -= 13;
    for (const nameLine of wrapText(block.name, layout.fonts.bold, 10, half)) {
      layout.text(nameLine, block.x, y, { size: 10, bold: true });
      y -= 12;
    }
    for (const text of block.lines) {
      for (const wrapped of wrapText(text, layout.fonts.regular, 9, half)) {
        layout.text(wrapped, block.x, y, { size: 9 });
        y -= 11;
      }
    }
    lowest = Math.min(lowest, y);
  }
  layout.y = lowest - 8;
}

function drawLines(layout: Layout, doc: InvoiceDocument): void {
  const columns = columnsFor(doc);
  layout.text("Waluta: PLN. Ceny i wartości obliczone od kwot brutto.", MARGIN, layout.y - 10, {
    size: 8,
    color: MUTED,
  });
  layout.y -= 16;
  const headerCells = wrapRow(
    layout,
    columns,
    columns.map((column) => column.header),
    true,
  );
  const drawTableHeader = () => {
    layout.rule(layout.y);
    drawRow(layout, columns, headerCells, { bold: true, fill: true });
  };
  layout.ensure(rowHeight(headerCells) + 3 * TABLE_LINE);
  drawTableHeader();
  for (const line of doc.lines) {
    const cells = wrapRow(
      layout,
      columns,
      columns.map((column) => column.cell(line)),
    );
    const nameIndex = columns.findIndex((column) => column.header === "Nazwa");
    const name = cells[nameIndex];
    if (name && name.length > MAX_NAME_LINES) {
      cells[nameIndex] = [...name.slice(0, MAX_NAME_LINES - 1), `${name[MAX_NAME_LINES - 1] ?? ""}…`];
    }
    if (layout.ensure(rowHeight(cells))) {
      layout.y -= 4;
      drawTableHeader();
    }
    drawRow(layout, columns, cells);
  }
}

function drawSummary(layout: Layout, doc: InvoiceDocument): void {
  const columns: { width: number; align: Align }[] = [
    { width: 70, align: "left" },
    { width: 70, align: "right" },
    { width: 70, align: "right" },
    { width: 70, align: "right" },
  ];
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  const left = MARGIN + CONTENT_WIDTH - width;
  const rows: string[][] = [
    ["Stawka VAT", "Wartość netto", "Kwota VAT", "Wartość brutto"],
    ...doc.vatSummary.map((row) => [
      `${row.vatRate}%`,
      amount(row.netGrosze),
      amount(row.vatGrosze),
      amount(row.grossGrosze),
    ]),
    ["Razem", amount(doc.totals.netGrosze), amount(doc.totals.vatGrosze), amount(doc.totals.grossGrosze)],
  ];
  const height = rows.length * (TABLE_LINE + 2 * CELL_PAD) + 30;
  layout.ensure(height);
  layout.y -= 14;
  layout.text("Podsumowanie według stawek VAT", left, layout.y, { size: 9, bold: true });
  layout.y -= 6;
  rows.forEach((row, rowIndex) => {
    const first = rowIndex === 0;
    const last = rowIndex === rows.length - 1;
    const top = layout.y;
    const rowH = TABLE_LINE + 2 * CELL_PAD;
    if (first || last) {
      layout.page.drawRectangle({ x: left, y: top - rowH, width, height: rowH, color: HEADER_FILL });
    }
    let x = left;
    columns.forEach((column, index) => {
      layout.text(row[index] ?? "", x + CELL_PAD, top - CELL_PAD - TABLE_LINE + 2.5, {
        size: TABLE_SIZE,
        bold: first || last,
        align: column.align,
        width: column.width - 2 * CELL_PAD,
      });
      x += column.width;
    });
    layout.y = top - rowH;
    layout.rule(layout.y, left, width);
  });
}

function drawPayment(layout: Layout, doc: InvoiceDocument): void {
  const words = wrapText(`Słownie: ${doc.amountInWords}`, layout.fonts.regular, 9, CONTENT_WIDTH);
  const notes: string[] = [
    "Podatek VAT obliczono od sumy wartości brutto w każdej stawce (art. 106e ust. 7 i 8 ustawy o VAT); kwoty VAT i wartości netto w pozycjach mają charakter informacyjny.",
  ];
  if (doc.coupon) {
    notes.push(
      `Rabat${doc.coupon.code ? ` (kod ${doc.coupon.code})` : ""}: -${formatPrice(doc.coupon.discountGrosze)}, rozdzielony na pozycje proporcjonalnie do ich wartości brutto.`,
    );
  }
  const noteLines = notes.flatMap((note) => wrapText(note, layout.fonts.regular, 8, CONTENT_WIDTH));
  layout.ensure(110 + words.length * 11 + noteLines.length * 10);
  layout.y -= 22;
  const correction = doc.correction !== undefined;
  layout.text(correction ? "Razem do zwrotu:" : "Razem do zapłaty:", MARGIN, layout.y, {
    size: 12,
    bold: true,
  });
  layout.text(formatPrice(Math.abs(doc.totals.grossGrosze)), MARGIN + 130, layout.y, {
    size: 12,
    bold: true,
  });
  layout.y -= 14;
  for (const line of words) {
    layout.text(line, MARGIN, layout.y, { size: 9 });
    layout.y -= 11;
  }
  layout.y -= 4;
  const paidLabel = correction ? "Zwrócono:" : "Zapłacono:";
  const rows: [string, string][] = [
    [paidLabel, `${formatPrice(doc.payment.paidGrosze)} (${doc.payment.status})`],
    [correction ? "Pozostało do zwrotu:" : "Pozostało do zapłaty:", formatPrice(doc.payment.dueGrosze)],
    [correction ? "Sposób zwrotu:" : "Sposób płatności:", doc.payment.method],
  ];
  for (const [label, value] of rows) {
    layout.text(label, MARGIN, layout.y, { size: 9, color: MUTED });
    layout.text(value, MARGIN + 130, layout.y, { size: 9, bold: label === paidLabel });
    layout.y -= 12;
  }
  layout.y -= 4;
  for (const line of noteLines) {
    layout.text(line, MARGIN, layout.y, { size: 8, color: MUTED });
    layout.y -= 10;
  }
}

/** The KSeF block under the payment: the notice, or the QR code with the number and the link. */
async function drawKsef(layout: Layout, ksef: InvoicePdfKsef): Promise<void> {
  const heading = "Krajowy System e-Faktur (KSeF)";
  if (ksef.state === "waiting") {
    const lines = wrapText(KSEF_WAITING_NOTICE, layout.fonts.regular, 9, CONTENT_WIDTH);
    layout.ensure(30 + lines.length * 11);
    layout.y -= 18;
    layout.text(heading, MARGIN, layout.y, { size: 9, bold: true });
    for (const line of lines) {
      layout.y -= 11;
      layout.text(line, MARGIN, layout.y, { size: 9 });
    }
    return;
  }
  const png = await QRCode.toBuffer(ksef.verificationLink, {
    type: "png",
    errorCorrectionLevel: "M",
    margin: 2,
    scale: 4,
    color: { dark: "#000000ff", light: "#ffffffff" },
  });
  const image = await layout.pdf.embedPng(png);
  const linkWidth = CONTENT_WIDTH / 2;
  const linkLines = wrapText(ksef.verificationLink, layout.fonts.regular, 7, linkWidth);
  layout.ensure(30 + QR_SIZE + 14 + linkLines.length * 9);
  layout.y -= 18;
  const top = layout.y;
  layout.text(heading, MARGIN, top, { size: 9, bold: true });
  const qrTop = top - 8;
  layout.page.drawImage(image, { x: MARGIN, y: qrTop - QR_SIZE, width: QR_SIZE, height: QR_SIZE });
  const right = MARGIN + QR_SIZE + 16;
  layout.text("Numer KSeF:", right, qrTop - 12, { size: 9, color: MUTED });
  layout.text(ksef.ksefNumber, right, qrTop - 25, { size: 10, bold: true });
  const explanation = wrapText(
    "Kod QR prowadzi do weryfikacji faktury w KSeF: zeskanuj go telefonem albo otwórz link podany pod nim.",
    layout.fonts.regular,
    8,
    CONTENT_WIDTH - QR_SIZE - 16,
  );
  explanation.forEach((line, index) => {
    layout.text(line, right, qrTop - 42 - index * 10, { size: 8, color: MUTED });
  });
  // the label the documentation asks for under the code: the KSeF number
  layout.y = qrTop - QR_SIZE - 10;
  layout.text(ksef.ksefNumber, MARGIN, layout.y, { size: 7.5, bold: true });
  for (const line of linkLines) {
    layout.y -= 9;
    layout.text(line, MARGIN, layout.y, { size: 7, color: MUTED });
  }
}

function drawFooters(pdf: PDFDocument, fonts: Fonts, doc: InvoiceDocument): void {
  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    const y = MARGIN - 8;
    page.drawLine({
      start: { x: MARGIN, y: y + 12 },
      end: { x: MARGIN + CONTENT_WIDTH, y: y + 12 },
      thickness: 0.5,
      color: RULE,
    });
    page.drawText(`${titleOf(doc)} nr ${doc.number}`, {
      x: MARGIN,
      y,
      size: 8,
      font: fonts.regular,
      color: MUTED,
    });
    const label = `Strona ${index + 1} z ${pages.length}`;
    const width = fonts.regular.widthOfTextAtSize(label, 8);
    page.drawText(label, {
      x: MARGIN + CONTENT_WIDTH - width,
      y,
      size: 8,
      font: fonts.regular,
      color: MUTED,
    });
  });
}

/** The invoice as PDF bytes (A4, one page or more); `options.ksef` adds the KSeF block. */
export async function renderInvoicePdf(
  doc: InvoiceDocument,
  options: InvoicePdfOptions = {},
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts = await embedShopFonts(pdf);
  pdf.setTitle(`${titleOf(doc)} ${doc.number}`);
  pdf.setSubject(`${titleOf(doc)} ${doc.number} do zamówienia ${doc.orderNumber}`);
  pdf.setAuthor(doc.seller.name);
  pdf.setLanguage("pl-PL");
  pdf.setCreator("Sklep");
  pdf.setProducer("Sklep (pdf-lib)");

  const layout = new Layout(pdf, fonts);
  drawHeader(layout, doc);
  drawParties(layout, doc);
  drawLines(layout, doc);
  drawSummary(layout, doc);
  drawPayment(layout, doc);
  if (options.ksef) await drawKsef(layout, options.ksef);
  drawFooters(pdf, fonts, doc);
  return pdf.save();
}
