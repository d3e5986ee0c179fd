import { describe, expect, it } from "vitest";
import {
  buildCorrectingInvoiceDocument,
  CORRECTION_REASONS,
  correctingInvoiceNumber,
  correctionLines,
} from "./correcting-invoice";
import { sampleOrder } from "./order.fixtures";
import { proposeRefund, type RefundOrder, refundForCancel } from "./refund-amount";

// The correcting invoice's figures (issue 27): its own monthly number, the difference lines of a
// refund (negative, the coupon spread as on the invoice, rescaled to a typed amount), VAT per rate
// from those lines and totals that are minus the refund to the grosz.

const order: RefundOrder = {
  lines: [
    { lineId: 11, unitPriceGrosze: 4_999, quantity: 3, vatRate: 23 },
    { lineId: 12, unitPriceGrosze: 7_500, quantity: 1, vatRate: 8 },
  ],
  couponDiscountGrosze: 1_000,
  deliveryPriceGrosze: 1_499,
  priceGrosze: 4_999 * 3 + 7_500 - 1_000 + 1_499,
};
const corrected = {
  items: [
    { id: 11, productTitle: "Kocyk", variantLabel: "żółty" },
    { id: 12, productTitle: "Śpiworek", variantLabel: null },
  ],
  deliveryTitle: "Paczkomat InPost",
};

function full() {
  const result = proposeRefund({
    order,
    cheapestDeliveryGrosze: 999,
    returning: [
      { lineId: 11, quantity: 3 },
      { lineId: 12, quantity: 1 },
    ],
    returnedBefore: [],
    alreadyRefundedGrosze: 0,
  });
  if (!result.ok) throw new Error(result.problem);
  return result.refund;
}

describe("correctingInvoiceNumber", () => {
  it.each([
    [2026, 11, 1, "KOR/2026/11/0001"],
    [2027, 1, 42, "KOR/2027/01/0042"],
  ])("%i/%i/%i -> %s", (year, month, sequence, number) => {
    expect(correctingInvoiceNumber(year, month, sequence)).toBe(number);
  });
  it("refuses a month or sequence out of range", () => {
    expect(() => correctingInvoiceNumber(2026, 13, 1)).toThrow(RangeError);
    expect(() => correctingInvoiceNumber(2026, 1, 0)).toThrow(RangeError);
  });
});

describe("correctionLines", () => {
  it("gives the proposal's lines negative, the delivery as a line, adding up to minus the refund", () => {
    const proposal = full();
    const lines = correctionLines({ corrected, proposal, amountGrosze: proposal.totalGrosze });
    expect(lines).toEqual([
      {
        orderItemId: 11,
        title: "Kocyk (żółty)",
        quantity: -3,
        vatRate: 23,
        amountGrosze: -(proposal.lines[0]?.amountGrosze ?? 0),
      },
      {
        orderItemId: 12,
        title: "Śpiworek",
        quantity: -1,
        vatRate: 8,
        amountGrosze: -(proposal.lines[1]?.amountGrosze ?? 0),
      },
      {
        orderItemId: null,
        title: "Dostawa: Paczkomat InPost",
        quantity: -1,
        vatRate: 23,
        amountGrosze: -999,
      },
    ]);
    expect(lines.reduce((sum, line) => sum + line.amountGrosze, 0)).toBe(-proposal.totalGrosze);
  });

  it("rescales the lines to another amount staff typed, to the grosz", () => {
    const proposal = full();
    const lines = correctionLines({ corrected, proposal, amountGrosze: 10_001 });
    expect(lines.reduce((sum, line) => sum + line.amountGrosze, 0)).toBe(-10_001);
    expect(lines.every((line) => line.amountGrosze < 0)).toBe(true);
  });

  it("a cancel corrects every line and the whole delivery", () => {
    const proposal = refundForCancel({ order, alreadyRefundedGrosze: 0 });
    const lines = correctionLines({ corrected, proposal, amountGrosze: proposal.totalGrosze });
    expect(lines.reduce((sum, line) => sum + line.amountGrosze, 0)).toBe(-order.priceGrosze);
    expect(lines.at(-1)).toMatchObject({ orderItemId: null, amountGrosze: -1_499 });
  });
});

describe("buildCorrectingInvoiceDocument", () => {
  it("sums VAT per rate from the difference lines and refers to the invoice corrected", () => {
    const proposal = full();
    const lines = correctionLines({ corrected, proposal, amountGrosze: proposal.totalGrosze });
    const document = buildCorrectingInvoiceDocument({
      number: "KOR/2026/11/0001",
      issuedAt: new Date("2026-11-27T10:00:00Z"),
      reason: CORRECTION_REASONS.withdrawal,
      lines,
      invoice: {
        number: "FV/2026/11/0007",
        issuedAt: new Date("2026-11-02T23:30:00Z"),
        saleDate: new Date("2026-11-02T23:30:00Z"),
      },
      order: {
        orderNumber: "2026-ABCDE-FGHIJ",
        invoiceData: sampleOrder().invoiceData,
      },
      seller: { name: "Szyciowo", nip: "5260250274", address: ["ul. Krawiecka 1", "00-001 Warszawa"] },
    });
    expect(document.correction).toEqual({
      correctedNumber: "FV/2026/11/0007",
      correctedIssueDate: "2026-11-03",
      reason: "zwrot towaru – odstąpienie od umowy",
    });
    expect(document.totals.grossGrosze).toBe(-proposal.totalGrosze);
    expect(document.vatSummary.map((row) => row.vatRate)).toEqual([23, 8]);
    for (const row of document.vatSummary) expect(row.netGrosze + row.vatGrosze).toBe(row.grossGrosze);
    expect(document.vatSummary[0]?.vatGrosze).toBeLessThan(0);
    expect(document.payment.paidGrosze).toBe(proposal.totalGrosze);
    expect(document.amountInWords).toMatch(/złot/);
  });
});
