import { describe, expect, it } from "vitest";
import { cheapestDeliveryPriceGrosze } from "./delivery";
import { buildInvoiceDocument } from "./invoice";
import { orderItem, sampleOrder } from "./order.fixtures";
import {
  orderLineValuesGrosze,
  proposeRefund,
  type RefundAmountProblem,
  type RefundInput,
  type RefundOrder,
  type RefundResult,
  type ReturnedUnits,
  refundAmountProblem,
  refundableGrosze,
  refundForCancel,
} from "./refund-amount";

// Three lines at 23 % and 8 %, a 10 zł coupon, courier delivery (14,99 zł) while the parcel locker
// (9,99 zł) was the cheapest offered. The coupon spreads 349 / 215 / 436 (largest remainder), so the
// lines are worth 2650, 1635 and 3314 (3 units: 1104 + 1105 + 1105).
const order: RefundOrder = {
  lines: [
    { lineId: 11, unitPriceGrosze: 2_999, quantity: 1, vatRate: 23 },
    { lineId: 12, unitPriceGrosze: 1_850, quantity: 1, vatRate: 8 },
    { lineId: 13, unitPriceGrosze: 1_250, quantity: 3, vatRate: 23 },
  ],
  couponDiscountGrosze: 1_000,
  deliveryPriceGrosze: 1_499,
  priceGrosze: 8_599 + 1_499 - 1_000,
};
const cheapest = cheapestDeliveryPriceGrosze(8_599);

const input = (
  returning: ReturnedUnits[],
  returnedBefore: ReturnedUnits[] = [],
  alreadyRefundedGrosze = 0,
): RefundInput => ({
  order,
  cheapestDeliveryGrosze: cheapest,
  returning,
  returnedBefore,
  alreadyRefundedGrosze,
});

/** Units of a line returned: { lineId, quantity }. */
const u = (lineId: number, quantity: number): ReturnedUnits => ({ lineId, quantity });

/** An expected refund line: [lineId, quantity, amountGrosze]. */
const row = (lineId: number, quantity: number, amountGrosze: number): [number, number, number] => [
  lineId,
  quantity,
  amountGrosze,
];

const refund = (result: RefundResult) => {
  if (!result.ok) throw new Error(`refused: ${result.problem}`);
  return result.refund;
};

describe("orderLineValuesGrosze", () => {
  it("spreads the coupon over the lines like the invoice does, to the grosz", () => {
    expect(orderLineValuesGrosze(order)).toEqual([2_650, 1_635, 3_314]);
    const invoice = buildInvoiceDocument({
      order: sampleOrder({
        cart: order.lines.map((line) =>
          orderItem({
            unitPriceGrosze: line.unitPriceGrosze,
            quantity: line.quantity,
            vatRate: line.vatRate,
          }),
        ),
        couponDiscountGrosze: order.couponDiscountGrosze,
        coupon: { code: "WITAJ10" },
        deliveryPriceGrosze: order.deliveryPriceGrosze,
      }),
      seller: { name: "Szwalnia", nip: "7740001454", address: ["ul. Krawiecka 1", "00-001 Warszawa"] },
      number: "FV/2026/11/0001",
      issuedAt: new Date("2026-11-21T10:00:00.000Z"),
      saleDate: new Date("2026-11-21T10:00:00.000Z"),
    });
    const productLines = invoice.lines
      .filter((line) => line.kind === "product")
      .map((line) => line.grossGrosze);
    expect(orderLineValuesGrosze(order)).toEqual(productLines);
  });
});

describe("proposeRefund", () => {
  it.each<[string, RefundInput, { lines: [number, number, number][]; goods: number; delivery: number }]>([
    [
      "one unit of a three-unit line",
      input([u(13, 1)]),
      { lines: [row(13, 1, 1_104)], goods: 1_104, delivery: 0 },
    ],
    [
      "the rest of that line later takes the remainder",
      input([u(13, 2)], [u(13, 1)]),
      { lines: [row(13, 2, 2_210)], goods: 2_210, delivery: 0 },
    ],
    [
      "a partial return gives no delivery back",
      input([u(11, 1), u(13, 1)]),
      {
        lines: [row(11, 1, 2_650), row(13, 1, 1_104)],
        goods: 3_754,
        delivery: 0,
      },
    ],
    [
      "the return completing everything gives the cheapest delivery back (9,99 zł, not the courier's 14,99 zł)",
      input([u(12, 1), u(13, 2)], [u(11, 1), u(13, 1)], 3_754),
      {
        lines: [row(12, 1, 1_635), row(13, 2, 2_210)],
        goods: 3_845,
        delivery: 999,
      },
    ],
    [
      "everything at once: the same money as in two parts (3754 + 4844)",
      input([u(13, 3), u(11, 1), u(12, 1)]),
      {
        lines: [row(11, 1, 2_650), row(12, 1, 1_635), row(13, 3, 3_314)],
        goods: 7_599,
        delivery: 999,
      },
    ],
    [
      "a line listed twice adds up",
      input([u(13, 1), u(13, 1)]),
      { lines: [row(13, 2, 2_209)], goods: 2_209, delivery: 0 },
    ],
  ])("%s", (_name, refundInput, expected) => {
    const proposal = refund(proposeRefund(refundInput));
    expect(proposal.lines.map((line) => [line.lineId, line.quantity, line.amountGrosze])).toEqual(
      expected.lines,
    );
    expect(proposal.goodsGrosze).toBe(expected.goods);
    expect(proposal.deliveryGrosze).toBe(expected.delivery);
    expect(proposal.totalGrosze).toBe(expected.goods + expected.delivery);
    expect(proposal.lines.reduce((sum, line) => sum + line.amountGrosze, 0)).toBe(proposal.goodsGrosze);
    expect(proposal.capped).toBe(false);
  });

  it("keeps each line's VAT rate, so the correcting invoice can sum per rate", () => {
    const proposal = refund(
      proposeRefund(input(order.lines.map((l) => ({ lineId: l.lineId, quantity: l.quantity })))),
    );
    expect(proposal.lines.map((line) => line.vatRate)).toEqual([23, 8, 23]);
  });

  it("returning every unit one by one gives exactly the order's price (less the dearer delivery's difference)", () => {
    const units: ReturnedUnits[] = [u(13, 1), u(11, 1), u(13, 1), u(12, 1), u(13, 1)];
    let refunded = 0;
    units.forEach((unit, index) => {
      refunded += refund(proposeRefund(input([unit], units.slice(0, index), refunded))).totalGrosze;
    });
    expect(refunded).toBe(order.priceGrosze - (1_499 - 999));
  });

  it("gives no delivery back when delivery was free", () => {
    const free = { ...order, deliveryPriceGrosze: 0, priceGrosze: order.priceGrosze - 1_499 };
    const all = order.lines.map((l) => ({ lineId: l.lineId, quantity: l.quantity }));
    const proposal = refund(
      proposeRefund({
        ...input(all),
        order: free,
        cheapestDeliveryGrosze: cheapestDeliveryPriceGrosze(10_000),
      }),
    );
    expect(proposal.deliveryGrosze).toBe(0);
    expect(proposal.totalGrosze).toBe(7_599);
  });

  it.each<[string, number, { lines: number[]; goods: number; delivery: number }]>([
    // 20 zł given back earlier (a price reduction): the goods carry the cut, delivery stays
    ["20 zł refunded before", 2_000, { lines: [2_127, 1_312, 2_660], goods: 6_099, delivery: 999 }],
    // everything but 5 zł refunded before: only 5 zł may go back, delivery first
    ["all but 5 zł refunded before", order.priceGrosze - 500, { lines: [0, 0, 0], goods: 0, delivery: 500 }],
    ["everything refunded before", order.priceGrosze, { lines: [0, 0, 0], goods: 0, delivery: 0 }],
  ])("caps the total at what was paid: %s", (_name, alreadyRefunded, expected) => {
    const all = order.lines.map((l) => ({ lineId: l.lineId, quantity: l.quantity }));
    const proposal = refund(proposeRefund(input(all, [], alreadyRefunded)));
    expect(proposal.lines.map((line) => line.amountGrosze)).toEqual(expected.lines);
    expect(proposal.goodsGrosze).toBe(expected.goods);
    expect(proposal.deliveryGrosze).toBe(expected.delivery);
    expect(proposal.capped).toBe(true);
    expect(alreadyRefunded + proposal.totalGrosze).toBeLessThanOrEqual(order.priceGrosze);
  });

  it.each<[string, RefundInput, RefundResult]>([
    ["nothing", input([]), { ok: false, problem: "nothing-returned" }],
    ["zero units", input([u(11, 0)]), { ok: false, problem: "nothing-returned" }],
    ["negative units", input([u(11, -1)]), { ok: false, problem: "invalid-quantity", lineId: 11 }],
    ["half a unit", input([u(13, 1.5)]), { ok: false, problem: "invalid-quantity", lineId: 13 }],
    ["a line of another order", input([u(99, 1)]), { ok: false, problem: "unknown-line", lineId: 99 }],
    ["more units than ordered", input([u(13, 4)]), { ok: false, problem: "too-many-units", lineId: 13 }],
    [
      "more than are left after an earlier return",
      input([u(13, 2)], [u(13, 2)]),
      { ok: false, problem: "too-many-units", lineId: 13 },
    ],
  ])("refuses %s", (_name, refundInput, expected) => {
    expect(proposeRefund(refundInput)).toEqual(expected);
  });
});

describe("refundForCancel", () => {
  it("gives everything back, the whole delivery included", () => {
    const proposal = refundForCancel({ order, alreadyRefundedGrosze: 0 });
    expect(proposal.lines.map((line) => [line.lineId, line.quantity, line.amountGrosze])).toEqual([
      [11, 1, 2_650],
      [12, 1, 1_635],
      [13, 3, 3_314],
    ]);
    expect(proposal.deliveryGrosze).toBe(1_499);
    expect(proposal.totalGrosze).toBe(order.priceGrosze);
    expect(proposal.capped).toBe(false);
  });

  it("gives back only what was not refunded yet", () => {
    const proposal = refundForCancel({ order, alreadyRefundedGrosze: 1_000 });
    expect(proposal.totalGrosze).toBe(order.priceGrosze - 1_000);
    expect(proposal.deliveryGrosze).toBe(1_499);
    expect(proposal.lines.reduce((sum, line) => sum + line.amountGrosze, 0)).toBe(proposal.goodsGrosze);
    expect(proposal.capped).toBe(true);
  });
});

describe("an amount typed by staff", () => {
  const money = { paidGrosze: 9_098, alreadyRefundedGrosze: 3_754 };
  it.each<[number, RefundAmountProblem | null]>([
    [1, null],
    [5_344, null],
    [5_345, "too-large"],
    [0, "too-small"],
    [-100, "too-small"],
    [12.5, "not-integer"],
    [Number.NaN, "not-integer"],
  ])("%d -> %s", (amount, problem) => {
    expect(refundAmountProblem(amount, money)).toBe(problem);
  });

  it.each<[number, number, number]>([
    [9_098, 0, 9_098],
    [9_098, 3_754, 5_344],
    [9_098, 9_098, 0],
    [9_098, 10_000, 0],
  ])("paid %i, refunded %i: %i may still go back", (paidGrosze, alreadyRefundedGrosze, left) => {
    expect(refundableGrosze({ paidGrosze, alreadyRefundedGrosze })).toBe(left);
  });
});
