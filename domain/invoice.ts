// The Polish VAT invoice of a paid order (docs/decisions/013-invoices.md). Pure: the order and the
// seller in, the invoice's figures out; the PDF is drawn by server/integrations/invoices/invoice-pdf.ts.
//
// Money is integer grosze and prices are GROSS (VAT included), so the invoice is computed "from gross"
// (art. 106e ust. 7-8 of the VAT act):
// - a coupon discount is spread over the product lines in proportion to their gross value
//   (largest remainder, so the shares add up to the discount exactly); each line keeps its unit price
//   and shows its share in a "Rabat" column, the line's gross value is after the discount;
// - per line: VAT = round(gross × rate / (100 + rate)), net = gross − VAT (shown for information);
// - per rate (AUTHORITATIVE): VAT = round(sum of the rate's gross × rate / (100 + rate)),
//   net = sum of gross − VAT. The invoice totals are the sums of the per-rate rows. A line's VAT
//   may differ by a grosz or so from its share of the rate's VAT; the per-rate figures count.
// - delivery is a line at 23 % when it costs anything.

import { SHOP_TIME_ZONE } from "./shop-time";
import type { Order } from "./types";
import { normalizeNip } from "./validation/nip";

/** VAT rate of the delivery line (a service taxed like the goods it carries: the standard rate). */
export const DELIVERY_VAT_RATE = 23;
export const INVOICE_TIME_ZONE = SHOP_TIME_ZONE;
export const INVOICE_PAYMENT_STATUS = "zapłacono";
export const INVOICE_PAYMENT_METHOD = "płatność online";

/** "FV/2026/11/0001": numbered from 1 in each month (the sequence is assigned by the orders service). */
export function invoiceNumber(year: number, month: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`Invalid year: ${year}`);
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Invalid month: ${month}`);
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError(`Invalid sequence: ${sequence}`);
  return `FV/${year}/${String(month).padStart(2, "0")}/${String(sequence).padStart(4, "0")}`;
}

/** The calendar date in Poland as "YYYY-MM-DD" (invoice dates are Polish calendar days). */
export function invoiceDate(date: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: INVOICE_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** Year and month (1-12) of a moment in Poland: the numbering period of an invoice issued then. */
export function invoicePeriod(date: Date): { year: number; month: number } {
  const [year, month] = invoiceDate(date).split("-").map(Number);
  return { year: year ?? 0, month: month ?? 0 };
}

/** Structurally the `SellerConfig` of server/config.ts (kept structural so domain/ imports no server code). */
export interface InvoiceSellerInput {
  name: string;
  nip: string;
  /** address lines, e.g. ["ul. Krawiecka 1", "00-001 Warszawa"] */
  address: readonly string[];
  bankAccount?: string | null;
}

export interface InvoiceParty {
  name: string;
  addressLines: string[];
  /** 10 digits, or null (a consumer without a tax id) */
  nip: string | null;
}

export interface InvoiceLine {
  /** Lp., from 1 */
  position: number;
  /** product title with the variant label, or "Dostawa: …" */
  name: string;
  quantity: number;
  unit: string;
  kind: "product" | "delivery";
  /** gross unit price before the discount */
  unitPriceGrosze: number;
  /** this line's share of the coupon discount (0 without a coupon) */
  discountGrosze: number;
  /** unitPrice × quantity − discount */
  grossGrosze: number;
  /** gross − VAT (informative; see the per-rate summary) */
  netGrosze: number;
  /** round(gross × rate / (100 + rate)) (informative; see the per-rate summary) */
  vatGrosze: number;
  vatRate: number;
}

export interface InvoiceVatRow {
  vatRate: number;
  netGrosze: number;
  vatGrosze: number;
  grossGrosze: number;
}

export interface InvoiceDocument {
  number: string;
  /** "YYYY-MM-DD", Polish calendar day */
  issueDate: string;
  /** "YYYY-MM-DD", Polish calendar day */
  saleDate: string;
  orderNumber: string;
  seller: InvoiceParty & { bankAccount: string | null };
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  /** one row per VAT rate, highest rate first: these figures are authoritative */
  vatSummary: InvoiceVatRow[];
  /** sums of the per-rate rows; grossGrosze equals the order's price */
  totals: { netGrosze: number; vatGrosze: number; grossGrosze: number };
  /** the coupon discount spread over the lines; code null when the coupon no longer exists */
  coupon: { code: string | null; discountGrosze: number } | null;
  payment: { status: string; method: string; paidGrosze: number; dueGrosze: number };
  /** "sto dwadzieścia trzy złote 45/100" */
  amountInWords: string;
  /** a correcting invoice (domain/correcting-invoice.ts): the invoice it corrects and why */
  correction?: { correctedNumber: string; correctedIssueDate: string; reason: string };
}

export interface BuildInvoiceInput {
  order: Order;
  seller: InvoiceSellerInput;
  number: string;
  issuedAt: Date;
  saleDate: Date;
}

/** round(amount × rate / (100 + rate)), half up, in exact integer arithmetic. */
export function vatFromGross(grossGrosze: number, vatRate: number): number {
  assertGrosze(grossGrosze);
  if (!Number.isInteger(vatRate) || vatRate < 0) throw new RangeError(`Invalid VAT rate: ${vatRate}`);
  const sign = grossGrosze < 0 ? -1 : 1;
  const numerator = Math.abs(grossGrosze) * vatRate;
  const denominator = 100 + vatRate;
  return sign * Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * Splits `total` grosze over `weights` in proportion (largest remainder): the shares are whole grosze,
 * add up to `total` exactly, and a tie goes to the earlier weight. All weights 0 gives all shares 0
 * (then total must be 0).
 */
export function allocateProportionally(total: number, weights: readonly number[]): number[] {
  assertGrosze(total);
  if (total < 0) throw new RangeError(`Cannot allocate a negative amount: ${total}`);
  for (const weight of weights) {
    assertGrosze(weight);
    if (weight < 0) throw new RangeError(`Negative weight: ${weight}`);
  }
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum === 0) {
    if (total !== 0) throw new RangeError("Cannot allocate an amount over zero weights");
    return weights.map(() => 0);
  }
  const shares = weights.map((weight) => Math.floor((total * weight) / sum));
  const remainders = weights.map((weight, index) => ({ index, remainder: (total * weight) % sum }));
  let left = total - shares.reduce((acc, share) => acc + share, 0);
  remainders.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of remainders) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** The invoice of a paid order. Throws when the order's figures do not add up (never invoice wrong sums). */
export function buildInvoiceDocument({
  order,
  seller,
  number,
  issuedAt,
  saleDate,
}: BuildInvoiceInput): InvoiceDocument {
  const productGross = order.cart.map((item) => item.unitPriceGrosze * item.quantity);
  const discount = order.couponDiscountGrosze;
  const productsTotal = productGross.reduce((acc, value) => acc + value, 0);
  if (discount > productsTotal) {
    throw new RangeError(
      `Order ${order.orderNumber}: discount ${discount} exceeds products ${productsTotal}`,
    );
  }
  const shares = allocateProportionally(discount, productGross);

  const lines: InvoiceLine[] = order.cart.map((item, index) => {
    const discountGrosze = shares[index] ?? 0;
    const grossGrosze = (productGross[index] ?? 0) - discountGrosze;
    return line({
      position: index + 1,
      name: item.variantLabel ? `${item.productTitle} (${item.variantLabel})` : item.productTitle,
      quantity: item.quantity,
      kind: "product",
      unitPriceGrosze: item.unitPriceGrosze,
      discountGrosze,
      grossGrosze,
      vatRate: item.vatRate,
    });
  });
  if (order.delivery.priceGrosze > 0) {
    lines.push(
      line({
        position: lines.length + 1,
        name: `Dostawa: ${order.delivery.title}`,
        quantity: 1,
        kind: "delivery",
        unitPriceGrosze: order.delivery.priceGrosze,
        discountGrosze: 0,
        grossGrosze: order.delivery.priceGrosze,
        vatRate: DELIVERY_VAT_RATE,
      }),
    );
  }

  const vatSummary = summarizeVat(lines);
  const totals = {
    netGrosze: vatSummary.reduce((acc, row) => acc + row.netGrosze, 0),
    vatGrosze: vatSummary.reduce((acc, row) => acc + row.vatGrosze, 0),
    grossGrosze: vatSummary.reduce((acc, row) => acc + row.grossGrosze, 0),
  };
  if (totals.grossGrosze !== order.priceGrosze) {
    throw new RangeError(
      `Order ${order.orderNumber}: invoice lines add up to ${totals.grossGrosze}, the order's price is ${order.priceGrosze}`,
    );
  }

  return {
    number,
    issueDate: invoiceDate(issuedAt),
    saleDate: invoiceDate(saleDate),
    orderNumber: order.orderNumber,
    ...invoiceParties(seller, order.invoiceData),
    lines,
    vatSummary,
    totals,
    coupon: discount > 0 ? { code: order.coupon?.code ?? null, discountGrosze: discount } : null,
    payment: {
      status: INVOICE_PAYMENT_STATUS,
      method: INVOICE_PAYMENT_METHOD,
      paidGrosze: totals.grossGrosze,
      dueGrosze: 0,
    },
    amountInWords: amountInWordsPl(totals.grossGrosze),
  };
}

/** The seller and the buyer as an invoice (or a correcting invoice) names them. */
export function invoiceParties(
  seller: InvoiceSellerInput,
  invoiceData: Order["invoiceData"],
): Pick<InvoiceDocument, "seller" | "buyer"> {
  return {
    seller: {
      name: seller.name,
      addressLines: [...seller.address],
      nip: normalizeNip(seller.nip),
      bankAccount: seller.bankAccount ?? null,
    },
    buyer: {
      name: invoiceData.displayName.trim(),
      addressLines: [
        invoiceData.street.trim(),
        `${invoiceData.postCode.trim()} ${invoiceData.city.trim()}`,
      ].filter((text) => text !== ""),
      nip: invoiceData.nip?.trim() ? normalizeNip(invoiceData.nip) : null,
    },
  };
}

function line(input: Omit<InvoiceLine, "unit" | "netGrosze" | "vatGrosze">): InvoiceLine {
  const vatGrosze = vatFromGross(input.grossGrosze, input.vatRate);
  return {
    ...input,
    unit: input.kind === "delivery" ? "usł." : "szt.",
    netGrosze: input.grossGrosze - vatGrosze,
    vatGrosze,
  };
}

/** Per-rate rows, highest rate first; VAT from each rate's summed gross. */
export function summarizeVat(
  lines: readonly Pick<InvoiceLine, "vatRate" | "grossGrosze">[],
): InvoiceVatRow[] {
  const grossByRate = new Map<number, number>();
  for (const { vatRate, grossGrosze } of lines) {
    grossByRate.set(vatRate, (grossByRate.get(vatRate) ?? 0) + grossGrosze);
  }
  return [...grossByRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([vatRate, grossGrosze]) => {
      const vatGrosze = vatFromGross(grossGrosze, vatRate);
      return { vatRate, netGrosze: grossGrosze - vatGrosze, vatGrosze, grossGrosze };
    });
}

// ---------------------------------------------------------------- amount in words

const UNITS = ["", "jeden", "dwa", "trzy", "cztery", "pięć", "sześć", "siedem", "osiem", "dziewięć"];
const TEENS = [
  "dziesięć",
  "jedenaście",
  "dwanaście",
  "trzynaście",
  "czternaście",
  "piętnaście",
  "szesnaście",
  "siedemnaście",
  "osiemnaście",
  "dziewiętnaście",
];
const TENS = [
  "",
  "",
  "dwadzieścia",
  "trzydzieści",
  "czterdzieści",
  "pięćdziesiąt",
  "sześćdziesiąt",
  "siedemdziesiąt",
  "osiemdziesiąt",
  "dziewięćdziesiąt",
];
const HUNDREDS = [
  "",
  "sto",
  "dwieście",
  "trzysta",
  "czterysta",
  "pięćset",
  "sześćset",
  "siedemset",
  "osiemset",
  "dziewięćset",
];
/** [one, few (2-4), many] */
const SCALES: readonly (readonly [string, string, string])[] = [
  ["", "", ""],
  ["tysiąc", "tysiące", "tysięcy"],
  ["milion", "miliony", "milionów"],
  ["miliard", "miliardy", "miliardów"],
];
const ZLOTY = ["złoty", "złote", "złotych"] as const;

/** Polish plural form index: 0 for exactly 1, 1 for 2-4 (not 12-14), 2 otherwise. */
function pluralIndex(n: number): 0 | 1 | 2 {
  if (n === 1) return 0;
  const lastTwo = n % 100;
  const last = n % 10;
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return 1;
  return 2;
}

function below1000(n: number): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) words.push(HUNDREDS[hundreds] ?? "");
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10] ?? "");
  else {
    const tens = Math.floor(rest / 10);
    if (tens > 0) words.push(TENS[tens] ?? "");
    if (rest % 10 > 0) words.push(UNITS[rest % 10] ?? "");
  }
  return words;
}

/** A whole number in Polish words: 0 → "zero", 1001 → "tysiąc jeden", 2500 → "dwa tysiące pięćset". */
export function numberInWordsPl(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0 || value >= 1e12) {
    throw new RangeError(`Cannot spell ${value}`);
  }
  if (value === 0) return "zero";
  const words: string[] = [];
  let rest = value;
  const groups: number[] = [];
  while (rest > 0) {
    groups.push(rest % 1000);
    rest = Math.floor(rest / 1000);
  }
  for (let scale = groups.length - 1; scale >= 0; scale -= 1) {
    const group = groups[scale] ?? 0;
    if (group === 0) continue;
    const forms = SCALES[scale] ?? ["", "", ""];
    if (scale > 0 && group === 1) {
      words.push(forms[0]);
      continue;
    }
    words.push(...below1000(group));
    if (scale > 0) words.push(forms[pluralIndex(group)]);
  }
  return words.join(" ");
}

/** "sto dwadzieścia trzy złote 45/100" (the way Polish invoices spell the amount due). */
export function amountInWordsPl(grosze: number): string {
  assertGrosze(grosze);
  if (grosze < 0) throw new RangeError(`Cannot spell a negative amount: ${grosze}`);
  const zl = Math.floor(grosze / 100);
  const gr = grosze % 100;
  return `${numberInWordsPl(zl)} ${ZLOTY[pluralIndex(zl)]} ${String(gr).padStart(2, "0")}/100`;
}

function assertGrosze(value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Money must be integer grosze, got ${value}`);
}
