// The structured invoice FA(3) (KSeF, schema server/integrations/ksef/schemas/fa3.xsd, namespace
// http://crd.gov.pl/wzor/2025/06/25/13775/) of an invoice or a correcting invoice the shop issued:
// the same InvoiceDocument the PDF draws (domain/invoice.ts, domain/correcting-invoice.ts), so the XML
// and the PDF agree to the grosz. Pure, no node imports.
//
// How the shop's invoice maps onto FA(3):
// - prices are GROSS and the invoice is counted from gross (art. 106e ust. 7-8), so each line gives
//   P_9B (unit gross price), P_10 (its share of the coupon, when it has one), P_11A (gross value after
//   the discount) and P_12 (rate), never the net fields P_9A/P_11;
// - the per-rate sums P_13_x (net) and P_14_x (VAT) are the document's vatSummary rows (VAT from each
//   rate's gross sum, the "authoritative" figures the PDF prints); P_15 is the gross total;
// - 23 % -> P_13_1/P_14_1, 8 % -> P_13_2/P_14_2, 5 % -> P_13_3/P_14_3, 0 % -> P_13_6_1 with P_12
//   "0 KR" (domestic 0 %); the shop has no other rates (domain/constants.ts VAT_RATES);
// - the buyer: NIP for a company, BrakID=1 for a consumer; JST=2, GV=2; the address is Polish (the
//   shop sells in Poland); the seller's first address line is AdresL1, the others AdresL2;
// - P_6 (sale date) only when it differs from P_1 (the schema's rule);
// - Adnotacje: the standard "no" answers (no cash accounting, self-billing, reverse charge, split
//   payment - handmade textiles are not in annex 15 -, exemption, new means of transport, margin);
// - an invoice's Platnosc: paid (Zaplacono=1) on the sale date - the shop's sale date IS the day the
//   payment was confirmed (invoices.service passes paidAt) - by "another form" described as the
//   document's payment method ("płatność online"), the gateway's own form being unknown here;
// - a correcting invoice (document.correction): RodzajFaktury KOR, PrzyczynaKorekty, TypKorekty 2
//   (a reduction counted when the correction is issued), DaneFaKorygowanej with NrKSeF=1 and the
//   corrected invoice's KSeF number, or NrKSeFN=1 when it was issued outside KSeF; its lines are the
//   differences (negative quantity, positive unit price, negative value), the sums negative (the
//   schema: corrections are "filled by the difference"); no Platnosc (a refund is not a payment of
//   the amount due);
// - the order number as WarunkiTransakcji/Zamowienia/NrZamowienia, the coupon as DodatkowyOpis;
// - texts: characters XML 1.0 and KSeF refuse are dropped, whitespace collapsed (the schema's token
//   type), cut to the schema's length with "…", escaped.

import type { InvoiceDocument, InvoiceLine } from "./invoice";
import { formatPrice, groszeToDecimalString } from "./money";

export const FA3_NAMESPACE = "http://crd.gov.pl/wzor/2025/06/25/13775/";

export interface Fa3InvoiceInput {
  document: InvoiceDocument;
  /** DataWytworzeniaFa: when the XML was made */
  createdAt: Date;
  /** SystemInfo: the shop's name */
  systemInfo: string;
  /** for a correcting invoice: the corrected invoice's KSeF number, null when it was not sent there */
  corrected?: { ksefNumber: string | null };
}

/** TZnakowy (256) and TZnakowy512 */
const SHORT = 256;
const LONG = 512;

/** FA(3) fields per VAT rate: [net field, VAT field or null, P_12 code] */
const RATE_FIELDS: ReadonlyMap<number, readonly [string, string | null, string]> = new Map([
  [23, ["P_13_1", "P_14_1", "23"]],
  [8, ["P_13_2", "P_14_2", "8"]],
  [5, ["P_13_3", "P_14_3", "5"]],
  [0, ["P_13_6_1", null, "0 KR"]],
] as const);
/** the order of the per-rate fields in the schema */
const RATE_ORDER = [23, 8, 5, 0];

function rateFields(vatRate: number): readonly [string, string | null, string] {
  const fields = RATE_FIELDS.get(vatRate);
  if (!fields) throw new RangeError(`VAT rate ${vatRate} % has no FA(3) field in this shop`);
  return fields;
}

// ---------------------------------------------------------------- text

/** Characters XML 1.0 forbids and those KSeF refuses (reference/ksef/docs/weryfikacja-faktury.md). */
function allowedCodePoint(cp: number): boolean {
  if (cp < 0x20) return cp === 0x09 || cp === 0x0a || cp === 0x0d;
  if (cp >= 0x7f && cp <= 0x9f) return false;
  if (cp >= 0xd800 && cp <= 0xdfff) return false; // a lone surrogate
  if (cp >= 0xfdd0 && cp <= 0xfdef) return false;
  return (cp & 0xfffe) !== 0xfffe;
}

/** A text field's value: cleaned, collapsed, at most `max` characters (cut ones end with "…"). */
export function fa3Text(value: string, max: number): string {
  const chars = Array.from(value)
    .filter((char) => allowedCodePoint(char.codePointAt(0) ?? 0))
    .join("")
    .replace(/\s+/gu, " ")
    .trim();
  const codePoints = Array.from(chars);
  if (codePoints.length <= max) return chars;
  return `${codePoints
    .slice(0, max - 1)
    .join("")
    .trimEnd()}…`;
}

const XML_ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
};

/** Escapes text content and double-quoted attribute values (an apostrophe needs no escaping there). */
function escapeXml(value: string): string {
  return value.replace(/[&<>"]/g, (char) => XML_ENTITIES[char] ?? char);
}

// ---------------------------------------------------------------- a tiny XML writer

type Node = { name: string; attributes?: Record<string, string>; children: Node[] | string };

function leaf(name: string, value: string | number): Node {
  return { name, children: String(value) };
}

function element(name: string, children: (Node | null | false)[]): Node {
  return { name, children: children.filter((child): child is Node => Boolean(child)) };
}

function render(node: Node, indent: string): string {
  const attributes = Object.entries(node.attributes ?? {})
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
  if (typeof node.children === "string") {
    return `${indent}<${node.name}${attributes}>${escapeXml(node.children)}</${node.name}>`;
  }
  const inner = node.children.map((child) => render(child, `${indent}  `)).join("\n");
  return `${indent}<${node.name}${attributes}>\n${inner}\n${indent}</${node.name}>`;
}

// ---------------------------------------------------------------- values

function amount(grosze: number): string {
  return groszeToDecimalString(grosze);
}

function quantity(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Quantity must be whole, got ${value}`);
  return String(value);
}

function requiredText(value: string, max: number, what: string): string {
  const text = fa3Text(value, max);
  if (text === "") throw new RangeError(`FA(3) needs ${what}`);
  return text;
}

function address(lines: readonly string[]): Node | null {
  const cleaned = lines.map((line) => fa3Text(line, LONG)).filter((line) => line !== "");
  const [first, ...rest] = cleaned;
  if (first === undefined) return null;
  return element("Adres", [
    leaf("KodKraju", "PL"),
    leaf("AdresL1", first),
    rest.length > 0 && leaf("AdresL2", fa3Text(rest.join(", "), LONG)),
  ]);
}

// ---------------------------------------------------------------- sections

function header(createdAt: Date, systemInfo: string): Node {
  const system = fa3Text(systemInfo, SHORT);
  return element("Naglowek", [
    {
      name: "KodFormularza",
      attributes: { kodSystemowy: "FA (3)", wersjaSchemy: "1-0E" },
      children: "FA",
    },
    leaf("WariantFormularza", 3),
    leaf("DataWytworzeniaFa", createdAt.toISOString()),
    system !== "" && leaf("SystemInfo", system),
  ]);
}

function seller(doc: InvoiceDocument): Node {
  const sellerAddress = address(doc.seller.addressLines);
  if (!sellerAddress) throw new RangeError("FA(3) needs the seller's address");
  if (!doc.seller.nip) throw new RangeError("FA(3) needs the seller's NIP");
  return element("Podmiot1", [
    element("DaneIdentyfikacyjne", [
      leaf("NIP", doc.seller.nip),
      leaf("Nazwa", requiredText(doc.seller.name, LONG, "the seller's name")),
    ]),
    sellerAddress,
  ]);
}

function buyer(doc: InvoiceDocument): Node {
  const name = fa3Text(doc.buyer.name, LONG);
  return element("Podmiot2", [
    element("DaneIdentyfikacyjne", [
      doc.buyer.nip ? leaf("NIP", doc.buyer.nip) : leaf("BrakID", 1),
      name !== "" && leaf("Nazwa", name),
    ]),
    address(doc.buyer.addressLines),
    leaf("JST", 2),
    leaf("GV", 2),
  ]);
}

function rateSums(doc: InvoiceDocument): Node[] {
  const rows = [...doc.vatSummary];
  for (const row of rows) rateFields(row.vatRate);
  return RATE_ORDER.flatMap((rate) => {
    const row = rows.find((candidate) => candidate.vatRate === rate);
    if (!row) return [];
    const [net, vat] = rateFields(rate);
    return vat
      ? [leaf(net, amount(row.netGrosze)), leaf(vat, amount(row.vatGrosze))]
      : [leaf(net, amount(row.netGrosze))];
  });
}

const ANNOTATIONS: Node = element("Adnotacje", [
  leaf("P_16", 2),
  leaf("P_17", 2),
  leaf("P_18", 2),
  leaf("P_18A", 2),
  element("Zwolnienie", [leaf("P_19N", 1)]),
  element("NoweSrodkiTransportu", [leaf("P_22N", 1)]),
  leaf("P_23", 2),
  element("PMarzy", [leaf("P_PMarzyN", 1)]),
]);

function correctionData(
  correction: NonNullable<InvoiceDocument["correction"]>,
  ksefNumber: string | null,
): Node[] {
  return [
    leaf("PrzyczynaKorekty", requiredText(correction.reason, SHORT, "the reason of the correction")),
    leaf("TypKorekty", 2),
    element("DaneFaKorygowanej", [
      leaf("DataWystFaKorygowanej", correction.correctedIssueDate),
      leaf("NrFaKorygowanej", requiredText(correction.correctedNumber, SHORT, "the corrected number")),
      ...(ksefNumber ? [leaf("NrKSeF", 1), leaf("NrKSeFFaKorygowanej", ksefNumber)] : [leaf("NrKSeFN", 1)]),
    ]),
  ];
}

function couponNote(doc: InvoiceDocument): Node | null {
  if (!doc.coupon) return null;
  const code = doc.coupon.code ? `kod ${doc.coupon.code}: ` : "";
  return element("DodatkowyOpis", [
    leaf("Klucz", "Rabat"),
    leaf(
      "Wartosc",
      fa3Text(
        `${code}-${formatPrice(doc.coupon.discountGrosze)}, rozdzielony na pozycje proporcjonalnie do ich wartości brutto`,
        SHORT,
      ),
    ),
  ]);
}

function lineNode(line: InvoiceLine, index: number): Node {
  return element("FaWiersz", [
    leaf("NrWierszaFa", index + 1),
    leaf("P_7", requiredText(line.name, LONG, "a line's name")),
    leaf("P_8A", requiredText(line.unit, SHORT, "a line's unit")),
    leaf("P_8B", quantity(line.quantity)),
    leaf("P_9B", amount(line.unitPriceGrosze)),
    line.discountGrosze !== 0 && leaf("P_10", amount(line.discountGrosze)),
    leaf("P_11A", amount(line.grossGrosze)),
    leaf("P_12", rateFields(line.vatRate)[2]),
  ]);
}

function payment(doc: InvoiceDocument): Node | null {
  if (doc.correction || doc.payment.dueGrosze !== 0 || doc.payment.paidGrosze <= 0) return null;
  const method = fa3Text(doc.payment.method, SHORT);
  return element("Platnosc", [
    leaf("Zaplacono", 1),
    leaf("DataZaplaty", doc.saleDate),
    ...(method !== "" ? [leaf("PlatnoscInna", 1), leaf("OpisPlatnosci", method)] : []),
  ]);
}

/** The FA(3) XML (UTF-8, with the XML declaration) of an invoice or a correcting invoice. */
export function fa3InvoiceXml({ document: doc, createdAt, systemInfo, corrected }: Fa3InvoiceInput): string {
  const orderNumber = fa3Text(doc.orderNumber, SHORT);
  const fa = element("Fa", [
    leaf("KodWaluty", "PLN"),
    leaf("P_1", doc.issueDate),
    leaf("P_2", requiredText(doc.number, SHORT, "the invoice number")),
    doc.saleDate !== doc.issueDate && leaf("P_6", doc.saleDate),
    ...rateSums(doc),
    leaf("P_15", amount(doc.totals.grossGrosze)),
    ANNOTATIONS,
    leaf("RodzajFaktury", doc.correction ? "KOR" : "VAT"),
    ...(doc.correction ? correctionData(doc.correction, corrected?.ksefNumber ?? null) : []),
    couponNote(doc),
    ...doc.lines.map(lineNode),
    payment(doc),
    orderNumber !== "" &&
      element("WarunkiTransakcji", [element("Zamowienia", [leaf("NrZamowienia", orderNumber)])]),
  ]);
  const root: Node = {
    name: "Faktura",
    attributes: { xmlns: FA3_NAMESPACE },
    children: [header(createdAt, systemInfo), seller(doc), buyer(doc), fa],
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${render(root, "")}\n`;
}
