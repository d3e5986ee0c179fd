// The correcting invoice (faktura korygująca) issued when money goes back on an invoiced order
// (issue 27, docs/decisions/066). Pure, integer grosze; drawn by invoice-pdf.ts like the invoice.
//
// - Numbered per month KOR/{year}/{month}/{seq}, its own sequence (the invoice's mechanism).
// - It shows the DIFFERENCE lines only: each corrected line with a negative quantity (the units
//   given back) and a negative gross value (what goes back for them, the coupon spread as the
//   invoice spread it, domain/refund-amount.ts), and the delivery given back as a line at 23 %.
//   VAT per rate comes from summarizeVat over these lines (the invoice's rule), so the totals are
//   negative and the gross total is minus the refund, to the grosz.
// - When staff refund another amount than proposed, the proposal's lines are rescaled to it
//   (allocateProportionally, the invoice's spreading): the lines still add up to the refund.
//
// API:
//   correctingInvoiceNumber(year, month, sequence): string            "KOR/2026/11/0001"
//   CORRECTION_REASONS: Record<RefundReason, string>                   the reason printed
//   correctionLines({ corrected, proposal, amountGrosze }): CorrectionLine[]
//   buildCorrectingInvoiceDocument(input): InvoiceDocument             with `correction` filled

import type { RefundReason } from "./after-sale-status";
import {
  allocateProportionally,
  amountInWordsPl,
  DELIVERY_VAT_RATE,
  type InvoiceDocument,
  type InvoiceLine,
  type InvoiceSellerInput,
  invoiceDate,
  invoiceParties,
  summarizeVat,
  vatFromGross,
} from "./invoice";
import type { RefundProposal } from "./refund-amount";
import type { Order } from "./types";

/** A line of a correcting invoice: what is corrected and by how much (negative quantity and grosze). */
export interface CorrectionLine {
  /** order_items.id; null for the delivery */
  orderItemId: number | null;
  title: string;
  /** negative: the units given back (−1 for the delivery) */
  quantity: number;
  vatRate: number;
  /** negative: the gross value given back */
  amountGrosze: number;
}

export const CORRECTION_REASONS: Readonly<Record<RefundReason, string>> = {
  withdrawal: "zwrot towaru – odstąpienie od umowy",
  complaint: "reklamacja – obniżenie ceny lub odstąpienie od umowy",
  "refund-owed": "zwrot nienależnej płatności",
  cancel: "anulowanie zamówienia",
};

/** "KOR/2026/11/0001": numbered from 1 in each month. */
export function correctingInvoiceNumber(year: number, month: number, sequence: number): string {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`Invalid year: ${year}`);
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Invalid month: ${month}`);
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError(`Invalid sequence: ${sequence}`);
  return `KOR/${year}/${String(month).padStart(2, "0")}/${String(sequence).padStart(4, "0")}`;
}

/** The order's lines (order_items) and delivery, for the titles of the corrected lines. */
export interface CorrectedOrder {
  items: readonly { id: number; productTitle: string; variantLabel: string | null }[];
  deliveryTitle: string;
}

/**
 * The difference lines of a refund of `amountGrosze` made for `proposal` (the proposal's figures
 * rescaled to the amount when staff typed another one). Their amounts add up to −amountGrosze.
 */
export function correctionLines({
  corrected,
  proposal,
  amountGrosze,
}: {
  corrected: CorrectedOrder;
  proposal: RefundProposal;
  amountGrosze: number;
}): CorrectionLine[] {
  const weights = [...proposal.lines.map((line) => line.amountGrosze), proposal.deliveryGrosze];
  const shares =
    amountGrosze === proposal.totalGrosze || weights.every((weight) => weight === 0)
      ? weights
      : allocateProportionally(amountGrosze, weights);
  if (weights.every((weight) => weight === 0) && amountGrosze > 0) {
    throw new RangeError("A refund with nothing proposed cannot be spread over lines");
  }
  const lines: CorrectionLine[] = [];
  proposal.lines.forEach((line, index) => {
    const item = corrected.items.find((candidate) => candidate.id === line.lineId);
    if (!item) throw new RangeError(`Unknown order line ${line.lineId}`);
    const share = shares[index] ?? 0;
    if (share === 0) return;
    lines.push({
      orderItemId: line.lineId,
      title: item.variantLabel ? `${item.productTitle} (${item.variantLabel})` : item.productTitle,
      quantity: -line.quantity,
      vatRate: line.vatRate,
      amountGrosze: -share,
    });
  });
  const delivery = shares[proposal.lines.length] ?? 0;
  if (delivery > 0) {
    lines.push({
      orderItemId: null,
      title: `Dostawa: ${corrected.deliveryTitle}`,
      quantity: -1,
      vatRate: DELIVERY_VAT_RATE,
      amountGrosze: -delivery,
    });
  }
  return lines;
}

export interface BuildCorrectingInvoiceInput {
  number: string;
  issuedAt: Date;
  reason: string;
  lines: readonly CorrectionLine[];
  /** the invoice corrected */
  invoice: { number: string; issuedAt: Date; saleDate: Date };
  order: Pick<Order, "orderNumber" | "invoiceData">;
  seller: InvoiceSellerInput;
}

/** The correcting invoice's document, in the invoice's shape (negative lines and totals). */
export function buildCorrectingInvoiceDocument(input: BuildCorrectingInvoiceInput): InvoiceDocument {
  const lines: InvoiceLine[] = input.lines.map((line, index) => {
    const vatGrosze = vatFromGross(line.amountGrosze, line.vatRate);
    const units = Math.abs(line.quantity);
    return {
      position: index + 1,
      name: line.title,
      quantity: line.quantity,
      unit: line.orderItemId === null ? "usł." : "szt.",
      kind: line.orderItemId === null ? "delivery" : "product",
      unitPriceGrosze: units > 0 ? Math.round(Math.abs(line.amountGrosze) / units) : 0,
      discountGrosze: 0,
      grossGrosze: line.amountGrosze,
      netGrosze: line.amountGrosze - vatGrosze,
      vatGrosze,
      vatRate: line.vatRate,
    };
  });
  const vatSummary = summarizeVat(lines);
  const totals = {
    netGrosze: vatSummary.reduce((acc, row) => acc + row.netGrosze, 0),
    vatGrosze: vatSummary.reduce((acc, row) => acc + row.vatGrosze, 0),
    grossGrosze: vatSummary.reduce((acc, row) => acc + row.grossGrosze, 0),
  };
  const { order, seller } = input;
  return {
    number: input.number,
    issueDate: invoiceDate(input.issuedAt),
    saleDate: invoiceDate(input.invoice.saleDate),
    orderNumber: order.orderNumber,
    ...invoiceParties(seller, order.invoiceData),
    lines,
    vatSummary,
    totals,
    coupon: null,
    payment: {
      status: "zwrócono",
      method: "zwrot na rachunek płatności online",
      paidGrosze: -totals.grossGrosze,
      dueGrosze: 0,
    },
    amountInWords: amountInWordsPl(Math.abs(totals.grossGrosze)),
    correction: {
      correctedNumber: input.invoice.number,
      correctedIssueDate: invoiceDate(input.invoice.issuedAt),
      reason: input.reason,
    },
  };
}
