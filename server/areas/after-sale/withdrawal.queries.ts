import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import {
  afterSaleCases,
  afterSaleEvents,
  afterSaleLines,
  afterSaleStatements,
  correctingInvoices,
  orderItems,
  orders,
  refunds,
} from "../../db/schema";

// What the withdrawal function reads (issue 27, docs/decisions/066): an order's lines with the units
// still withdrawable, an order's cases for the customer (state, lines, visible history, the
// statement's receipt), the refunds and correcting invoices of the order (the returns desk's tables,
// read directly), and a statement for its PDF.
//
// Units withdrawable = ordered − the units of the order's earlier withdrawals that were not
// rejected (a rejected statement gave nothing back, so its units may be withdrawn from again while
// the period lasts).

export interface WithdrawableLine {
  /** order_items.id */
  lineId: number;
  productTitle: string;
  variantLabel: string | null;
  ordered: number;
  withdrawable: number;
}

export interface CustomerCase {
  id: number;
  kind: "withdrawal" | "complaint";
  status: string;
  receivedAt: string;
  deadlineAt: string;
  lines: { productTitle: string; variantLabel: string | null; quantity: number }[];
  /** the state changes and answers shown to the customer, oldest first */
  events: { status: string | null; message: string | null; createdAt: string }[];
}

export interface CustomerRefund {
  id: number;
  status: string;
  amountGrosze: number;
  completedAt: string | null;
}

export interface CustomerCorrection {
  id: number;
  number: string;
  issuedAt: string;
}

export interface StoredStatement {
  caseId: number;
  orderId: number;
  orderNumber: string;
  text: string;
  lang: "pl" | "en";
}

export type WithdrawalQueries = ReturnType<typeof createWithdrawalQueries>;

export function createWithdrawalQueries(db: Db) {
  /** The order's lines with their units left to withdraw from (in a transaction: under its lock). */
  async function withdrawableLines(orderId: number, on: Db | Tx = db): Promise<WithdrawableLine[]> {
    const withdrawn = on
      .select({
        orderItemId: afterSaleLines.orderItemId,
        units: sql<number>`sum(${afterSaleLines.quantity})::int`.as("units"),
      })
      .from(afterSaleLines)
      .innerJoin(afterSaleCases, eq(afterSaleCases.id, afterSaleLines.caseId))
      .where(
        and(
          eq(afterSaleCases.orderId, orderId),
          eq(afterSaleCases.kind, "withdrawal"),
          ne(afterSaleCases.status, "REJECTED"),
        ),
      )
      .groupBy(afterSaleLines.orderItemId)
      .as("withdrawn");
    const rows = await on
      .select({
        lineId: orderItems.id,
        productTitle: orderItems.productTitle,
        variantLabel: orderItems.variantLabel,
        ordered: orderItems.quantity,
        units: withdrawn.units,
      })
      .from(orderItems)
      .leftJoin(withdrawn, eq(withdrawn.orderItemId, orderItems.id))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position), asc(orderItems.id));
    return rows.map((row) => ({
      lineId: row.lineId,
      productTitle: row.productTitle,
      variantLabel: row.variantLabel,
      ordered: row.ordered,
      withdrawable: Math.max(0, row.ordered - Number(row.units ?? 0)),
    }));
  }

  return {
    withdrawableLines,

    /** The case of this submission of the order, if it was already received. */
    async caseBySubmission(orderId: number, submissionKey: string, on: Db | Tx = db) {
      const [found] = await on
        .select({ id: afterSaleCases.id })
        .from(afterSaleCases)
        .where(and(eq(afterSaleCases.orderId, orderId), eq(afterSaleCases.submissionKey, submissionKey)))
        .limit(1);
      return found?.id ?? null;
    },

    /** A case with its statement (the acknowledgement's facts), or null. */
    async receipt(caseId: number) {
      const [row] = await db
        .select({
          caseId: afterSaleCases.id,
          orderId: afterSaleCases.orderId,
          status: afterSaleCases.status,
          deadlineAt: afterSaleCases.deadlineAt,
          email: afterSaleStatements.email,
          name: afterSaleStatements.name,
          lines: afterSaleStatements.lines,
          text: afterSaleStatements.text,
          lang: afterSaleStatements.lang,
          receivedAt: afterSaleStatements.receivedAt,
        })
        .from(afterSaleCases)
        .innerJoin(afterSaleStatements, eq(afterSaleStatements.caseId, afterSaleCases.id))
        .where(eq(afterSaleCases.id, caseId))
        .limit(1);
      return row ?? null;
    },

    /** A withdrawal's statement for its PDF, or null. */
    async statement(caseId: number): Promise<StoredStatement | null> {
      const [row] = await db
        .select({
          caseId: afterSaleCases.id,
          orderId: afterSaleCases.orderId,
          orderNumber: orders.orderNumber,
          text: afterSaleStatements.text,
          lang: afterSaleStatements.lang,
        })
        .from(afterSaleCases)
        .innerJoin(afterSaleStatements, eq(afterSaleStatements.caseId, afterSaleCases.id))
        .innerJoin(orders, eq(orders.id, afterSaleCases.orderId))
        .where(and(eq(afterSaleCases.id, caseId), eq(afterSaleCases.kind, "withdrawal")))
        .limit(1);
      return row ?? null;
    },

    /** The order's cases as the customer sees them, oldest first. */
    async casesOfOrder(orderId: number): Promise<CustomerCase[]> {
      const cases = await db
        .select({
          id: afterSaleCases.id,
          kind: afterSaleCases.kind,
          status: afterSaleCases.status,
          deadlineAt: afterSaleCases.deadlineAt,
          createdAt: afterSaleCases.createdAt,
          receivedAt: afterSaleStatements.receivedAt,
        })
        .from(afterSaleCases)
        .leftJoin(afterSaleStatements, eq(afterSaleStatements.caseId, afterSaleCases.id))
        .where(eq(afterSaleCases.orderId, orderId))
        .orderBy(asc(afterSaleCases.createdAt), asc(afterSaleCases.id));
      if (cases.length === 0) return [];
      const ids = cases.map((entry) => entry.id);
      const [lines, events] = await Promise.all([
        db
          .select({
            caseId: afterSaleLines.caseId,
            productTitle: orderItems.productTitle,
            variantLabel: orderItems.variantLabel,
            quantity: afterSaleLines.quantity,
          })
          .from(afterSaleLines)
          .innerJoin(orderItems, eq(orderItems.id, afterSaleLines.orderItemId))
          .where(inArray(afterSaleLines.caseId, ids))
          .orderBy(asc(orderItems.position), asc(orderItems.id)),
        db
          .select({
            caseId: afterSaleEvents.caseId,
            status: afterSaleEvents.status,
            message: afterSaleEvents.message,
            createdAt: afterSaleEvents.createdAt,
          })
          .from(afterSaleEvents)
          .where(and(inArray(afterSaleEvents.caseId, ids), eq(afterSaleEvents.visibleToCustomer, true)))
          .orderBy(asc(afterSaleEvents.createdAt), asc(afterSaleEvents.id)),
      ]);
      return cases.map((entry) => ({
        id: entry.id,
        kind: entry.kind,
        status: entry.status,
        receivedAt: (entry.receivedAt ?? entry.createdAt).toISOString(),
        deadlineAt: entry.deadlineAt.toISOString(),
        lines: lines
          .filter((line) => line.caseId === entry.id)
          .map(({ productTitle, variantLabel, quantity }) => ({ productTitle, variantLabel, quantity })),
        events: events
          .filter((event) => event.caseId === entry.id)
          .map((event) => ({
            status: event.status,
            message: event.message,
            createdAt: event.createdAt.toISOString(),
          })),
      }));
    },

    /** The order's successful refunds and its correcting invoices (the returns desk writes them). */
    async moneyBack(
      orderId: number,
    ): Promise<{ refunds: CustomerRefund[]; corrections: CustomerCorrection[] }> {
      const [refundRows, correctionRows] = await Promise.all([
        db
          .select({
            id: refunds.id,
            status: refunds.status,
            amountGrosze: refunds.amountGrosze,
            completedAt: refunds.completedAt,
          })
          .from(refunds)
          .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "SUCCESSFUL")))
          .orderBy(asc(refunds.createdAt), asc(refunds.id)),
        db
          .select({
            id: correctingInvoices.id,
            number: correctingInvoices.number,
            issuedAt: correctingInvoices.issuedAt,
          })
          .from(correctingInvoices)
          .where(eq(correctingInvoices.orderId, orderId))
          .orderBy(asc(correctingInvoices.issuedAt), asc(correctingInvoices.id)),
      ]);
      return {
        refunds: refundRows.map((row) => ({ ...row, completedAt: row.completedAt?.toISOString() ?? null })),
        corrections: correctionRows.map((row) => ({ ...row, issuedAt: row.issuedAt.toISOString() })),
      };
    },
  };
}
