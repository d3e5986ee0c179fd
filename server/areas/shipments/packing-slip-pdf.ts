import { PDFDocument, type PDFPage, rgb } from "pdf-lib";
import type { Order } from "../../../domain/types";
import {
  A4_PAGE,
  cleanText,
  embedShopFonts,
  type PdfFonts,
  wrapText,
} from "../../integrations/pdf/pdf-fonts";

// The packing slip (issue 29): what goes into each parcel, printed beside the label — the order's
// number and date, the recipient and where it goes, each line's product, variant and quantity. One
// A4 page per order (more when the lines do not fit), the orders in the order given.

const MARGIN = 40;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.4, 0.4, 0.4);
const WIDTH = A4_PAGE[0] - 2 * MARGIN;
const QUANTITY_WIDTH = 60;

/** "2026-11-21T…" -> "21.11.2026" (Warsaw) */
function polishDay(iso: string): string {
  return new Intl.DateTimeFormat("pl-PL", { timeZone: "Europe/Warsaw", dateStyle: "medium" }).format(
    new Date(iso),
  );
}

function whereTo(order: Order): string[] {
  const point = order.deliveryPoint;
  if (order.delivery.method === "parcel-locker" && point) {
    const street = [point.street, point.house_number, point.flat_number ? `/${point.flat_number}` : ""].join(
      " ",
    );
    return [
      `Paczkomat ${point.foreign_access_point_id}`,
      street.trim(),
      `${point.postal_code} ${point.city}`,
    ];
  }
  const { recipient } = order;
  return [recipient.street, `${recipient.postCode} ${recipient.city}`];
}

class Sheet {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: PdfFonts,
  ) {}

  newPage(): void {
    this.page = this.pdf.addPage(A4_PAGE);
    this.y = A4_PAGE[1] - MARGIN;
  }

  ensure(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  text(
    value: string,
    options: { size?: number; bold?: boolean; x?: number; width?: number; muted?: boolean } = {},
  ) {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const lines = wrapText(value, font, size, options.width ?? WIDTH);
    for (const line of lines) {
      this.ensure(size * 1.4);
      this.y -= size * 1.4;
      this.page.drawText(line, {
        x: options.x ?? MARGIN,
        y: this.y,
        size,
        font,
        color: options.muted ? MUTED : INK,
      });
    }
  }

  rule(): void {
    this.y -= 6;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + WIDTH, y: this.y },
      thickness: 0.5,
      color: MUTED,
    });
    this.y -= 4;
  }
}

function drawSlip(sheet: Sheet, order: Order): void {
  sheet.newPage();
  sheet.text(`Lista do spakowania — zamówienie ${order.orderNumber}`, { size: 16, bold: true });
  sheet.text(`Złożone ${polishDay(order.createdAt)} · ${cleanText(order.delivery.title)}`, {
    size: 10,
    muted: true,
  });
  sheet.rule();
  sheet.text("Odbiorca", { size: 8, muted: true });
  sheet.text(order.recipient.displayName, { size: 11, bold: true });
  sheet.text(`tel. ${order.recipient.phone}`, { size: 10 });
  for (const line of whereTo(order)) sheet.text(line, { size: 10 });
  sheet.rule();
  sheet.text("Produkt", { size: 8, muted: true, width: WIDTH - QUANTITY_WIDTH });
  sheet.y += 8 * 1.4;
  sheet.text("Ilość", { size: 8, muted: true, x: MARGIN + WIDTH - QUANTITY_WIDTH, width: QUANTITY_WIDTH });
  let units = 0;
  for (const item of order.cart) {
    units += item.quantity;
    sheet.ensure(40);
    const top = sheet.y;
    sheet.text(item.productTitle, { size: 11, bold: true, width: WIDTH - QUANTITY_WIDTH - 10 });
    const variant = item.variantLabel ?? item.variantTitle;
    if (variant) sheet.text(variant, { size: 9, muted: true, width: WIDTH - QUANTITY_WIDTH - 10 });
    const after = sheet.y;
    sheet.y = top;
    sheet.text(`☐ ${item.quantity} szt.`, {
      size: 12,
      bold: true,
      x: MARGIN + WIDTH - QUANTITY_WIDTH,
      width: QUANTITY_WIDTH,
    });
    sheet.y = Math.min(after, sheet.y) - 4;
  }
  sheet.rule();
  sheet.text(`Razem sztuk: ${units}`, { size: 11, bold: true });
}

export async function renderPackingSlips(orders: readonly Order[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(orders.length === 1 ? `Lista do spakowania ${orders[0]?.orderNumber}` : "Listy do spakowania");
  const sheet = new Sheet(pdf, await embedShopFonts(pdf));
  for (const order of orders) drawSlip(sheet, order);
  return pdf.save();
}
