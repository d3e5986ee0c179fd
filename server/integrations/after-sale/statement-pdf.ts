import { PDFDocument, rgb } from "pdf-lib";
import { A4_PAGE, embedShopFonts, wrapText } from "../pdf/pdf-fonts";

// The withdrawal statement as an A4 PDF (issue 27; docs/decisions/066): the statement's stored text
// exactly as received (domain/withdrawal-statement.ts; its first line is the title, drawn larger),
// wrapped to the page and continued on further pages, each with a footer naming the order and the
// page. The same text as the acknowledgement e-mail: the PDF is a copy of the durable medium.

const MARGIN = 50;
const CONTENT_WIDTH = A4_PAGE[0] - 2 * MARGIN;
const BODY_SIZE = 10.5;
const BODY_LINE = 15;
const TITLE_SIZE = 15;
const TEXT = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);

export interface StatementPdfInput {
  /** the statement's full text (after_sale_statements.text) */
  text: string;
  orderNumber: string;
  lang: "pl" | "en";
  /** the seller's name (the PDF's author) */
  author: string;
}

const FOOTER = {
  pl: (orderNumber: string, page: number, pages: number) =>
    `Odstąpienie od umowy, zamówienie ${orderNumber} · Strona ${page} z ${pages}`,
  en: (orderNumber: string, page: number, pages: number) =>
    `Withdrawal from contract, order ${orderNumber} · Page ${page} of ${pages}`,
};

/** The statement's PDF bytes. */
export async function renderStatementPdf(input: StatementPdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts = await embedShopFonts(pdf);
  const [title = "", ...body] = input.text.split("\n");
  pdf.setTitle(`${title} ${input.orderNumber}`);
  pdf.setAuthor(input.author);
  pdf.setLanguage(input.lang === "en" ? "en-GB" : "pl-PL");
  pdf.setCreator("Sklep");
  pdf.setProducer("Sklep (pdf-lib)");

  let page = pdf.addPage(A4_PAGE);
  let y = A4_PAGE[1] - MARGIN;
  const bottom = MARGIN + 24;
  const draw = (line: string, size: number, bold: boolean) => {
    if (y - size < bottom) {
      page = pdf.addPage(A4_PAGE);
      y = A4_PAGE[1] - MARGIN;
    }
    page.drawText(line, {
      x: MARGIN,
      y: y - size,
      size,
      font: bold ? fonts.bold : fonts.regular,
      color: TEXT,
    });
  };

  for (const line of wrapText(title, fonts.bold, TITLE_SIZE, CONTENT_WIDTH)) {
    draw(line, TITLE_SIZE, true);
    y -= TITLE_SIZE + 6;
  }
  for (const paragraph of body) {
    if (paragraph.trim() === "") {
      y -= BODY_LINE / 2;
      continue;
    }
    for (const line of wrapText(paragraph, fonts.regular, BODY_SIZE, CONTENT_WIDTH)) {
      draw(line, BODY_SIZE, false);
      y -= BODY_LINE;
    }
  }

  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    each.drawText(FOOTER[input.lang](input.orderNumber, index + 1, pages.length), {
      x: MARGIN,
      y: MARGIN - 8,
      size: 8,
      font: fonts.regular,
      color: MUTED,
    });
  });
  return pdf.save();
}
