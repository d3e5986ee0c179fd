import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { RefundReason } from "../../../domain/after-sale-status";
import { cheapestDeliveryPriceGrosze } from "../../../domain/delivery";
import {
  proposeRefund,
  type RefundOrder,
  type RefundProposal,
  type ReturnedUnits,
  refundForCancel,
} from "../../../domain/refund-amount";
import type { Db, Tx } from "../../db/client";
import { afterSaleCases, afterSaleLines, orderItems, orders, payments, refunds } from "../../db/schema";

// What a refund is measured against (issue 27, docs/decisions/066): the order's lines as
// domain/refund-amount.ts reads them, the confirmed payment the money goes back to, and what was
// already refunded or is on its way. Shared by the refunds service (proposal and checks) and the
// correcting invoice (its lines), so both count the same way.

type Exec = Db | Tx;

/** Refund statuses that still count against what may go back (FAILED and CANCELLED do not). */
export const COUNTED_REFUND_STATUSES = ["REQUESTED", "NEW", "PENDING", "SUCCESSFUL"] as const;
/** Case states whose units have been paid back already. */
const REFUNDED_CASE_STATES = ["REFUNDED", "CLOSED"];

export interface RefundBasis {
  order: typeof orders.$inferSelect;
  items: (typeof orderItems.$inferSelect)[];
  refundOrder: RefundOrder;
  /** the confirmed payment the money goes back to; null when none */
  payment: typeof payments.$inferSelect | null;
  /** what may be given back at most: the order's price (the owed payment's amount for refund-owed) */
  paidGrosze: number;
  /** SUCCESSFUL refunds of that payment */
  refundedGrosze: number;
  /** refunds of that payment still on their way (REQUESTED, NEW, PENDING) */
  inProgressGrosze: number;
}

/**
 * The order, its lines, the payment and the sums of its refunds. A refund-owed refund goes back to
 * the latest confirmed payment (the one the order could not take), every other to the first.
 */
export async function loadRefundBasis(
  tx: Exec,
  orderId: number,
  reason: RefundReason,
  excludeRefundId?: number,
): Promise<RefundBasis | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
  const confirmed = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "PAYMENT_CONFIRMED")))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const payment = (reason === "refund-owed" ? confirmed.at(-1) : confirmed[0]) ?? null;
  let refundedGrosze = 0;
  let inProgressGrosze = 0;
  if (payment) {
    const sums = await tx
      .select({ status: refunds.status, total: sql<number>`coalesce(sum(${refunds.amountGrosze}), 0)::int` })
      .from(refunds)
      .where(
        and(
          eq(refunds.paymentId, payment.id),
          inArray(refunds.status, [...COUNTED_REFUND_STATUSES]),
          excludeRefundId === undefined ? undefined : ne(refunds.id, excludeRefundId),
        ),
      )
      .groupBy(refunds.status);
    for (const row of sums) {
      if (row.status === "SUCCESSFUL") refundedGrosze += row.total;
      else inProgressGrosze += row.total;
    }
  }
  return {
    order,
    items,
    refundOrder: {
      lines: items.map((item) => ({
        lineId: item.id,
        unitPriceGrosze: item.unitPriceGrosze,
        quantity: item.quantity,
        vatRate: item.vatRate,
      })),
      couponDiscountGrosze: order.couponDiscountGrosze,
      deliveryPriceGrosze: order.deliveryPriceGrosze,
      priceGrosze: order.priceGrosze,
    },
    payment,
    paidGrosze: reason === "refund-owed" ? (payment?.amountGrosze ?? 0) : order.priceGrosze,
    refundedGrosze,
    inProgressGrosze,
  };
}

/** The units a case returns, and those earlier cases of the order have been refunded for. */
async function caseUnits(
  tx: Exec,
  orderId: number,
  caseId: number,
): Promise<{ returning: ReturnedUnits[]; returnedBefore: ReturnedUnits[] }> {
  const rows = await tx
    .select({
      caseId: afterSaleLines.caseId,
      lineId: afterSaleLines.orderItemId,
      quantity: afterSaleLines.quantity,
      status: afterSaleCases.status,
    })
    .from(afterSaleLines)
    .innerJoin(afterSaleCases, eq(afterSaleCases.id, afterSaleLines.caseId))
    .where(eq(afterSaleCases.orderId, orderId));
  return {
    returning: rows.filter((row) => row.caseId === caseId),
    returnedBefore: rows.filter((row) => row.caseId !== caseId && REFUNDED_CASE_STATES.includes(row.status)),
  };
}

/**
 * What the shop proposes to give back: for a case its units (and the delivery when it completes a
 * full withdrawal), for a cancel everything; none for money owed back (the payment's amount is).
 */
export async function proposalFor(
  tx: Exec,
  basis: RefundBasis,
  input: { caseId: number | null; reason: RefundReason },
): Promise<RefundProposal | null> {
  const alreadyRefundedGrosze = basis.refundedGrosze + basis.inProgressGrosze;
  if (input.reason === "refund-owed") return null;
  if (input.caseId === null) return refundForCancel({ order: basis.refundOrder, alreadyRefundedGrosze });
  const units = await caseUnits(tx, basis.order.id, input.caseId);
  const result = proposeRefund({
    order: basis.refundOrder,
    cheapestDeliveryGrosze: cheapestDeliveryPriceGrosze(basis.order.totalProductsGrosze),
    returning: units.returning,
    returnedBefore: units.returnedBefore,
    alreadyRefundedGrosze,
  });
  return result.ok ? result.refund : null;
}
