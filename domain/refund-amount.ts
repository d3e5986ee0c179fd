// What the shop proposes to give back (issue 27; consumer rights act art. 32): the price of the goods
// returned plus, when the consumer withdraws from the whole contract, the delivery cost up to the
// cheapest ordinary delivery the shop offered (delivery.ts cheapestDeliveryPriceGrosze). Pure, all
// integer grosze; staff may still type another amount (refundAmountProblem checks it).
//
// - A line is worth what the invoice says it is: unit price × quantity less its share of the coupon,
//   the coupon spread over the lines by invoice.ts allocateProportionally (the invoice's own
//   spreading), so a correcting invoice built from these amounts agrees with the invoice to the grosz.
// - Units of a line are valued cumulatively: k of n units are worth floor(lineValue × k / n), and a
//   return of `now` units after `before` is worth value(before + now) − value(before). So returning a
//   line in parts gives exactly the same money as in one go, and the last unit takes the remainder.
// - Delivery is given back only by the return after which every unit of every line is returned; a
//   staff cancel of a paid order (refundForCancel) gives everything back, delivery in full.
// - The total is capped so that already refunded + total never exceeds what was paid (the order's
//   priceGrosze). The cap keeps delivery and lowers the goods (a price reduction given earlier is a
//   reduction of the goods' price), spread over the lines so they still add up to goodsGrosze.
//   "Already refunded" means refunds of this order's price; money the shop could not keep
//   (order-status.ts REFUND_OWED_STATUSES, e.g. a second payment) is returned apart and not counted.
//
// API:
//   proposeRefund(input: RefundInput): RefundResult          { ok: true, refund } | { ok: false, problem, lineId? }
//   refundForCancel({ order, alreadyRefundedGrosze }): RefundProposal   everything back, delivery in full
//   orderLineValuesGrosze(order): number[]                     each line's gross after its coupon share
//   refundableGrosze({ paidGrosze, alreadyRefundedGrosze }): number     what may still go back (≥ 0)
//   refundAmountProblem(amountGrosze, { paidGrosze, alreadyRefundedGrosze }): RefundAmountProblem | null
//     a partial amount typed by staff: a whole number of grosze, 1 ≤ amount ≤ paid − already refunded

import { allocateProportionally } from "./invoice";

export interface RefundOrderLine {
  /** order_items.id */
  lineId: number;
  unitPriceGrosze: number;
  quantity: number;
  vatRate: number;
}

export interface RefundOrder {
  lines: readonly RefundOrderLine[];
  couponDiscountGrosze: number;
  deliveryPriceGrosze: number;
  /** what the customer paid: the order's priceGrosze */
  priceGrosze: number;
}

export interface ReturnedUnits {
  lineId: number;
  quantity: number;
}

export interface RefundInput {
  order: RefundOrder;
  /** the cheapest ordinary delivery the shop offered for this order (cheapestDeliveryPriceGrosze) */
  cheapestDeliveryGrosze: number;
  /** the units returned now (a line may appear more than once: the quantities add up) */
  returning: readonly ReturnedUnits[];
  /** the units returned by earlier returns of the same order */
  returnedBefore: readonly ReturnedUnits[];
  /** refunds of this order's price made so far */
  alreadyRefundedGrosze: number;
}

export interface RefundLine {
  lineId: number;
  quantity: number;
  amountGrosze: number;
  vatRate: number;
}

export interface RefundProposal {
  /** the lines returned now, in the order's line order; their amounts add up to goodsGrosze */
  lines: RefundLine[];
  goodsGrosze: number;
  deliveryGrosze: number;
  /** goodsGrosze + deliveryGrosze */
  totalGrosze: number;
  /** lowered so that already refunded + total stays within what was paid */
  capped: boolean;
}

export type RefundProblem = "unknown-line" | "too-many-units" | "invalid-quantity" | "nothing-returned";

export type RefundResult =
  | { ok: true; refund: RefundProposal }
  | { ok: false; problem: RefundProblem; lineId?: number };

export type RefundAmountProblem = "not-integer" | "too-small" | "too-large";

export interface PaidAndRefunded {
  paidGrosze: number;
  alreadyRefundedGrosze: number;
}

/** Each line's gross value after its share of the coupon, the same figures as the invoice's lines. */
export function orderLineValuesGrosze(order: Pick<RefundOrder, "lines" | "couponDiscountGrosze">): number[] {
  const gross = order.lines.map((line) => line.unitPriceGrosze * line.quantity);
  const shares = allocateProportionally(order.couponDiscountGrosze, gross);
  return gross.map((value, index) => value - (shares[index] ?? 0));
}

/** What may still be refunded: paid − already refunded, never below 0. */
export function refundableGrosze({ paidGrosze, alreadyRefundedGrosze }: PaidAndRefunded): number {
  return Math.max(0, paidGrosze - alreadyRefundedGrosze);
}

/** Is an amount typed by staff acceptable (whole grosze, at least 1, at most what may still go back)? */
export function refundAmountProblem(
  amountGrosze: number,
  money: PaidAndRefunded,
): RefundAmountProblem | null {
  if (!Number.isSafeInteger(amountGrosze)) return "not-integer";
  if (amountGrosze < 1) return "too-small";
  if (amountGrosze > refundableGrosze(money)) return "too-large";
  return null;
}

/** The proposed refund for units returned now (see the header for the rules). */
export function proposeRefund(input: RefundInput): RefundResult {
  const { order } = input;
  const known = new Set(order.lines.map((line) => line.lineId));
  for (const units of [...input.returning, ...input.returnedBefore]) {
    if (!known.has(units.lineId)) return { ok: false, problem: "unknown-line", lineId: units.lineId };
    if (!Number.isSafeInteger(units.quantity) || units.quantity < 0) {
      return { ok: false, problem: "invalid-quantity", lineId: units.lineId };
    }
  }
  const now = unitsByLine(input.returning);
  const before = unitsByLine(input.returnedBefore);
  for (const line of order.lines) {
    if ((before.get(line.lineId) ?? 0) + (now.get(line.lineId) ?? 0) > line.quantity) {
      return { ok: false, problem: "too-many-units", lineId: line.lineId };
    }
  }
  if (![...now.values()].some((quantity) => quantity > 0)) return { ok: false, problem: "nothing-returned" };

  const values = orderLineValuesGrosze(order);
  const lines: RefundLine[] = [];
  order.lines.forEach((line, index) => {
    const quantity = now.get(line.lineId) ?? 0;
    if (quantity === 0) return;
    const value = values[index] ?? 0;
    const returnedBefore = before.get(line.lineId) ?? 0;
    const amountGrosze =
      unitsValue(value, line.quantity, returnedBefore + quantity) -
      unitsValue(value, line.quantity, returnedBefore);
    lines.push({ lineId: line.lineId, quantity, amountGrosze, vatRate: line.vatRate });
  });
  const everythingReturned = order.lines.every(
    (line) => (before.get(line.lineId) ?? 0) + (now.get(line.lineId) ?? 0) === line.quantity,
  );
  const delivery = everythingReturned
    ? Math.max(0, Math.min(order.deliveryPriceGrosze, input.cheapestDeliveryGrosze))
    : 0;
  return { ok: true, refund: capped(lines, delivery, order.priceGrosze, input.alreadyRefundedGrosze) };
}

/** A paid order canceled by staff: every line and the whole delivery back (within what was paid). */
export function refundForCancel({
  order,
  alreadyRefundedGrosze,
}: {
  order: RefundOrder;
  alreadyRefundedGrosze: number;
}): RefundProposal {
  const values = orderLineValuesGrosze(order);
  const lines = order.lines.map((line, index) => ({
    lineId: line.lineId,
    quantity: line.quantity,
    amountGrosze: values[index] ?? 0,
    vatRate: line.vatRate,
  }));
  return capped(lines, order.deliveryPriceGrosze, order.priceGrosze, alreadyRefundedGrosze);
}

/** The value of `units` of a line of `quantity` units worth `value` (the last unit takes the remainder). */
function unitsValue(value: number, quantity: number, units: number): number {
  return Math.floor((value * units) / quantity);
}

function unitsByLine(units: readonly ReturnedUnits[]): Map<number, number> {
  const byLine = new Map<number, number>();
  for (const { lineId, quantity } of units) byLine.set(lineId, (byLine.get(lineId) ?? 0) + quantity);
  return byLine;
}

function capped(
  lines: RefundLine[],
  delivery: number,
  paidGrosze: number,
  alreadyRefundedGrosze: number,
): RefundProposal {
  const goods = lines.reduce((sum, line) => sum + line.amountGrosze, 0);
  const available = refundableGrosze({ paidGrosze, alreadyRefundedGrosze });
  if (goods + delivery <= available) {
    return {
      lines,
      goodsGrosze: goods,
      deliveryGrosze: delivery,
      totalGrosze: goods + delivery,
      capped: false,
    };
  }
  const deliveryGrosze = Math.min(delivery, available);
  const goodsGrosze = available - deliveryGrosze;
  const shares = allocateProportionally(
    goodsGrosze,
    lines.map((line) => line.amountGrosze),
  );
  return {
    lines: lines.map((line, index) => ({ ...line, amountGrosze: shares[index] ?? 0 })),
    goodsGrosze,
    deliveryGrosze,
    totalGrosze: goodsGrosze + deliveryGrosze,
    capped: true,
  };
}
