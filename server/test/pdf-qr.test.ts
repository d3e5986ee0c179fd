import { PDFDocument, PDFName } from "pdf-lib";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { decodePdfQr } from "./pdf-qr";

// decodePdfQr on images other than the invoice's (the invoice's own case is in invoice-pdf.test.ts):
// a PNG at one pixel per module without a quiet zone, and a raw 8-bit gray image stored with the PNG
// "Up" predictor, as other PDF writers store images.

const LINK =
  "https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE";

async function pdfWith(draw: (pdf: PDFDocument) => Promise<void>): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  await draw(pdf);
  return pdf.save();
}

describe("decodePdfQr", () => {
  it("reads a code embedded at one pixel per module with no margin", async () => {
    const png = await QRCode.toBuffer(LINK, { type: "png", scale: 1, margin: 0 });
    const bytes = await pdfWith(async (pdf) => {
      const image = await pdf.embedPng(png);
      pdf.getPage(0).drawImage(image, { x: 10, y: 10, width: 100, height: 100 });
    });
    expect(await decodePdfQr(bytes)).toBe(LINK);
  });

  it("reads an 8-bit gray image stored with the PNG Up predictor", async () => {
    const { size, data } = QRCode.create(LINK, { errorCorrectionLevel: "M" }).modules;
    const scale = 3;
    const side = size * scale;
    const rows: number[] = [];
    let previous = new Array<number>(side).fill(0);
    for (let y = 0; y < side; y += 1) {
      const row = Array.from({ length: side }, (_, x) =>
        data[Math.floor(y / scale) * size + Math.floor(x / scale)] ? 0 : 255,
      );
      rows.push(2, ...row.map((value, x) => (value - (previous[x] ?? 0)) & 0xff));
      previous = row;
    }
    const bytes = await pdfWith(async (pdf) => {
      const stream = pdf.context.flateStream(Uint8Array.from(rows), {
        Type: "XObject",
        Subtype: "Image",
        Width: side,
        Height: side,
        BitsPerComponent: 8,
        ColorSpace: "DeviceGray",
        DecodeParms: { Predictor: 12, Colors: 1, Columns: side },
      });
      const ref = pdf.context.register(stream);
      pdf.getPage(0).node.setXObject(PDFName.of("Qr"), ref);
    });
    expect(await decodePdfQr(bytes)).toBe(LINK);
  });

  it("gives null for a PDF without images", async () => {
    expect(await decodePdfQr(await pdfWith(async () => {}))).toBeNull();
  });
});
