import { createHash, randomInt } from "node:crypto";
import { PDFDocument, type PDFPage, rgb } from "pdf-lib";
import { cleanText, embedShopFonts, type PdfFonts, wrapText } from "../pdf/pdf-fonts";
import type { Carrier, CarrierShipment, CarrierStatusTitle, ShipmentRequest } from "./carrier";

// The demo carrier (issue 29, docs/decisions/069): the Carrier contract with no network, like the demo
// bank. Its shipment id is random; its tracking number is derived from the id (24 digits, as InPost's),
// so it exists from the first `get` after `create` and every instance agrees on it. It keeps no state:
// what a label shows is read back through `find` (the shop's shipments table), and statuses move only
// when staff press "Następny status (demo)" (the shipments service applies the next status of
// domain/shipment.ts demoStatusFlow through the same "status arrived" path as ShipX's webhooks).

/** ShipX status names with the titles /v1/statuses?lang=pl_PL gives them. */
export const CARRIER_STATUS_TITLES_PL: readonly CarrierStatusTitle[] = [
  { name: "created", title: "Przesyłka utworzona" },
  { name: "offers_prepared", title: "Przygotowano oferty" },
  { name: "offer_selected", title: "Oferta wybrana" },
  { name: "confirmed", title: "Przygotowana przez Nadawcę" },
  { name: "dispatched_by_sender", title: "Paczka nadana w automacie Paczkomat" },
  { name: "collected_from_sender", title: "Odebrana od klienta" },
  { name: "taken_by_courier", title: "Odebrana od Nadawcy" },
  { name: "adopted_at_source_branch", title: "Przyjęta w oddziale InPost" },
  { name: "sent_from_source_branch", title: "W trasie" },
  { name: "adopted_at_sorting_center", title: "Przyjęta w Sortowni" },
  { name: "sent_from_sorting_center", title: "Wysłana z Sortowni" },
  { name: "adopted_at_target_branch", title: "Przyjęta w Oddziale Docelowym" },
  { name: "out_for_delivery", title: "Przekazano do doręczenia" },
  { name: "ready_to_pickup", title: "Umieszczona w automacie Paczkomat (odbiorczym)" },
  { name: "pickup_reminder_sent", title: "Przypomnienie o czekającej paczce" },
  { name: "stack_in_box_machine", title: "Paczka magazynowana w tymczasowym automacie" },
  { name: "avizo", title: "Powrót do oddziału" },
  { name: "pickup_time_expired", title: "Upłynął termin odbioru" },
  { name: "delivered", title: "Dostarczona" },
  { name: "returned_to_sender", title: "Zwrot do nadawcy" },
  { name: "undelivered", title: "Niedoręczona" },
  { name: "canceled", title: "Anulowano etykietę" },
];

/** What a demo label shows, read back from the shop's own record of the shipment. */
export interface DemoShipmentRecord {
  request: ShipmentRequest;
  trackingNumber: string | null;
}

export interface DemoCarrierDeps {
  /** the sender printed on labels (name, then address lines) */
  sender: readonly string[];
  /** the shipment the shop created with this id, or null */
  find(id: string): Promise<DemoShipmentRecord | null>;
}

/** A6 and A4 in points. */
export const LABEL_PAGE_SIZES = { A6: [297.64, 419.53], A4: [595.28, 841.89] } as const;

/** The demo tracking number of a demo shipment id: 24 digits derived from it, starting with 6 as InPost's. */
export function demoTrackingNumber(id: string): string {
  const digest = createHash("sha256").update(`demo-tracking:${id}`).digest();
  let digits = "6";
  for (const byte of digest) {
    if (digits.length === 24) break;
    digits += String(byte % 10);
  }
  return digits;
}

/** One label drawn on `page`, scaled to its width (A6 at 1, A4 at 2). */
function drawLabel(
  page: PDFPage,
  fonts: PdfFonts,
  sender: readonly string[],
  record: DemoShipmentRecord,
): void {
  const [width, height] = [page.getWidth(), page.getHeight()];
  const k = width / LABEL_PAGE_SIZES.A6[0];
  const margin = 14 * k;
  const inner = width - 2 * margin;
  const ink = rgb(0.05, 0.05, 0.05);
  let y = height - margin;
  const line = (text: string, size: number, bold = false) => {
    const font = bold ? fonts.bold : fonts.regular;
    for (const part of wrapText(text, font, size * k, inner)) {
      y -= size * k * 1.25;
      page.drawText(part, { x: margin, y, size: size * k, font, color: ink });
    }
  };
  const rule = () => {
    y -= 6 * k;
    page.drawLine({
      start: { x: margin, y },
      end: { x: width - margin, y },
      thickness: 0.8 * k,
      color: ink,
    });
    y -= 2 * k;
  };
  page.drawRectangle({
    x: margin / 2,
    y: margin / 2,
    width: width - margin,
    height: height - margin,
    borderColor: ink,
    borderWidth: 1 * k,
  });
  const { request } = record;
  line(
    `DEMO · ${request.delivery.kind === "locker" ? "Paczkomat" : "Kurier"} · gabaryt ${request.parcelSize}`,
    9,
    true,
  );
  rule();
  line("Nadawca", 7);
  for (const text of sender) line(cleanText(text), 8);
  rule();
  line("Odbiorca", 7);
  line(request.receiver.name, 11, true);
  if (request.receiver.companyName) line(request.receiver.companyName, 9);
  line(`tel. ${request.receiver.phone}`, 9);
  if (request.delivery.kind === "locker") {
    line("Paczkomat docelowy", 7);
    line(request.delivery.targetPoint, 22, true);
  } else {
    const { address } = request.delivery;
    line(`${address.street} ${address.buildingNumber}`.trim(), 11);
    line(`${address.postCode} ${address.city}`, 11, true);
  }
  rule();
  line(`Nr zamówienia: ${request.reference}`, 9);
  rule();
  line("Numer przesyłki", 7);
  const tracking = record.trackingNumber ?? "";
  // the tracking number in large type: groups of four, as big as fits the width
  const grouped = tracking.replace(/(\d{4})(?=\d)/g, "$1 ");
  let size = 16 * k;
  while (size > 8 && fonts.bold.widthOfTextAtSize(grouped, size) > inner) size -= 0.5;
  y -= size * 1.3;
  page.drawText(grouped, { x: margin, y, size, font: fonts.bold, color: ink });
  // a plain bar pattern from the digits (no real barcode: this is a demo label)
  const bars = Math.max(0, y - margin - 8 * k);
  let x = margin;
  for (const digit of tracking) {
    const barWidth = (1 + (Number(digit) % 3)) * 0.9 * k;
    page.drawRectangle({ x, y: margin, width: barWidth, height: Math.min(bars, 60 * k), color: ink });
    x += barWidth + 1.6 * k;
    if (x > width - margin) break;
  }
}

/** One label PDF of a demo shipment's record (also used by tests and by the merged labels PDF). */
export async function renderDemoLabel(
  sender: readonly string[],
  record: DemoShipmentRecord,
  format: "A6" | "A4",
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Etykieta ${record.trackingNumber ?? record.request.reference}`);
  const fonts = await embedShopFonts(pdf);
  const [width, height] = LABEL_PAGE_SIZES[format];
  drawLabel(pdf.addPage([width, height]), fonts, sender, record);
  return pdf.save();
}

export function createDemoCarrier(deps: DemoCarrierDeps): Carrier {
  async function shipmentOf(id: string): Promise<CarrierShipment> {
    return { id, status: "confirmed", trackingNumber: demoTrackingNumber(id) };
  }
  return {
    kind: "demo",
    async create(_request: ShipmentRequest): Promise<CarrierShipment> {
      // ten digits, like a ShipX shipment id
      const id = String(randomInt(1_000_000_000, 9_999_999_999));
      return { id, status: "created", trackingNumber: null };
    },
    get: shipmentOf,
    async label(id, format) {
      const record = await deps.find(id);
      if (!record) throw new Error(`demo carrier: no shipment ${id}`);
      return renderDemoLabel(deps.sender, { ...record, trackingNumber: demoTrackingNumber(id) }, format);
    },
    async cancel(_id) {},
    async statuses() {
      return [...CARRIER_STATUS_TITLES_PL];
    },
  };
}
