import { eq } from "drizzle-orm";
import { refundDeadline } from "../../../domain/after-sale-status";
import { type ComplaintClosedReason, complaintPeriod } from "../../../domain/complaint-period";
import { formatDate, type Lang } from "../../../domain/i18n";
import { isShopModerator } from "../../../domain/roles";
import type { Order, PublicUser } from "../../../domain/types";
import { type WithdrawalStatement, withdrawalStatementSchema } from "../../../domain/validation/after-sale";
import { parseForm } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import { orderViewUrlOf, statementPdfUrlOf } from "../../../domain/withdrawal-links";
import {
  deliveredAt,
  type WithdrawalClosedReason,
  withdrawalWindow,
} from "../../../domain/withdrawal-period";
import { withdrawalStatementText } from "../../../domain/withdrawal-statement";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import {
  afterSaleCases,
  afterSaleEvents,
  afterSaleLines,
  afterSaleStatements,
  orderStatuses,
  type StatementLine,
} from "../../db/schema";
import { renderStatementPdf } from "../../integrations/after-sale/statement-pdf";
import { type Failure, FailureError, fail, ok, type Result } from "../../lib/result";
import { type CaseServiceDependencies, findCaseOrder, lockOrderForCase } from "./case-order";
import {
  type CustomerCase,
  type CustomerCorrection,
  type CustomerRefund,
  createWithdrawalQueries,
  type WithdrawableLine,
} from "./withdrawal.queries";
import { withdrawalReceivedEmail } from "./withdrawal-email";

// The shopper's withdrawal function (issue 27, docs/decisions/066).
// - What the form needs: the order's lines with the units still withdrawable, the period
//   (domain/withdrawal-period.ts) and the earlier cases with their states.
// - withdraw: the order is the signed-in customer's own (by number) or the guest's (number + the
//   order's e-mail); anything else is order/not-found, the same answer for a wrong e-mail as for no
//   order. Every attempt counts against the guest-lookup limit (per order number and per address,
//   server/lib/rate-limit.ts "order-lookup"); only a new statement keeps its count, so a stranger
//   cannot guess orders and nobody can make the shop send more than the limit of acknowledgements.
//   In ONE transaction under the order's row lock: the period and the units left are checked, then
//   the case (REPORTED, deadline = the refund deadline), its lines, the statement (its full text
//   built once, the server's time, the client address) and a REPORTED event. (order, submissionKey)
//   is unique: the same submission again answers the first case, with no second statement or e-mail.
//   After the commit: the acknowledgement e-mail (best effort, logged by case id only).
// - statementPdf: the statement's PDF for its order's holder (number + e-mail), the customer, staff.

export interface WithdrawalWindowView {
  open: boolean;
  /** ISO: the period's last instant, once the order is delivered */
  endsAt: string | null;
  reason: WithdrawalClosedReason | null;
}

export interface WithdrawalForm {
  order: { id: number; orderNumber: string; createdAt: string; email: string; name: string };
  window: WithdrawalWindowView;
  /** the complaint form's period (the same order's 2-year liability) */
  complaints: ComplaintsView;
  lines: WithdrawableLine[];
}

/** "Zgłoś reklamację" while the 2-year liability lasts (domain/complaint-period.ts); endsAt ISO */
export interface ComplaintsView {
  open: boolean;
  endsAt: string | null;
  /** why complaints are closed (only when open is false) */
  reason?: ComplaintClosedReason;
}

function complaintsOf(order: Order, at: Date): ComplaintsView {
  const period = complaintPeriod({ statuses: order.statuses, now: at });
  return { open: period.open, endsAt: period.endsAt?.toISOString() ?? null, reason: period.reason };
}

/** What the order pages show about the after-sale (issue 27): the button, the cases, money back. */
export interface OrderAfterSale {
  window: WithdrawalWindowView;
  complaints: ComplaintsView;
  /** units of the order not yet withdrawn from */
  unitsLeft: number;
  cases: (CustomerCase & { statementUrl: string | null })[];
  refunds: CustomerRefund[];
  corrections: (CustomerCorrection & { pdfUrl: string })[];
  returnAddress: string[];
}

export interface WithdrawalReceipt {
  caseId: number;
  orderId: number;
  orderNumber: string;
  status: string;
  receivedAt: string;
  refundDeadline: string;
  email: string;
  name: string;
  lines: StatementLine[];
  text: string;
  lang: Lang;
  statementUrl: string;
  orderUrl: string;
  returnAddress: string[];
  /** true when this submission had already been received (nothing new was written or sent) */
  replayed: boolean;
}

export interface WithdrawInput {
  body: unknown;
  user: PublicUser | null;
  ip: string;
  /** the page's language: the statement and its acknowledgement are written in it */
  lang: Lang;
  /**
   * the e-mail a guest identified the order with (the withdrawal page's lookup), when the statement's
   * e-mail is only where the confirmation goes; by default the statement's e-mail identifies the order
   */
  lookupEmail?: string;
}

export interface StatementAccess {
  user: PublicUser | null;
  /** a guest's (or any caller's) order number and the order's e-mail */
  orderNumber?: string;
  email?: string;
  ip: string;
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;

/** The corrections' PDF route is the returns desk's (GET /api/after-sale/corrections/:id/pdf). */
const correctionPdfUrl = (id: number, order: Order) =>
  `/api/after-sale/corrections/${id}/pdf?orderNumber=${encodeURIComponent(order.orderNumber)}&email=${encodeURIComponent(order.email)}`;

/** The name a statement is prefilled with: the recipient's, else the invoice's, else the account's. */
function orderName(order: Order): string {
  return (
    order.recipient.displayName.trim() ||
    order.invoiceData.displayName.trim() ||
    order.user?.displayName.trim() ||
    ""
  );
}

function windowOf(order: Pick<Order, "status" | "statuses">, now: Date): WithdrawalWindowView {
  const window = withdrawalWindow({ statuses: order.statuses, orderStatus: order.status, now });
  return { open: window.open, endsAt: window.endsAt?.toISOString() ?? null, reason: window.reason ?? null };
}

export function createWithdrawalService(db: Db, config: Config, deps: CaseServiceDependencies) {
  const queries = createWithdrawalQueries(db);
  const now = deps.now ?? (() => new Date());
  const absolute = (path: string) => `${config.publicUrl}${path}`;

  /** The signed-in customer's own order with this number, else the guest's (number + the order's e-mail). */
  const findOrder = (number: string, email: string, user: PublicUser | null) =>
    findCaseOrder(db, deps.queries, number, email, user);

  /** Writes the case of a new statement (or finds the one of this submission); refusals are thrown. */
  async function record(order: Order, statement: WithdrawalStatement, input: WithdrawInput, at: Date) {
    return db.transaction(async (tx) => {
      // one statement of an order at a time: the units left are counted under the order's lock
      const locked = await lockOrderForCase(tx, order._id);
      const existing = await queries.caseBySubmission(order._id, statement.submissionKey, tx);
      if (existing !== null) return { caseId: existing, replayed: true };

      const history = await tx
        .select({ status: orderStatuses.status, createdAt: orderStatuses.createdAt })
        .from(orderStatuses)
        .where(eq(orderStatuses.orderId, order._id));
      const statuses = history.map((row) => ({ status: row.status, createdAt: row.createdAt.toISOString() }));
      const window = withdrawalWindow({ statuses, orderStatus: locked.status, now: at });
      if (!window.open) {
        if (window.reason === "ended" && window.endsAt) {
          const date = formatDate(input.lang, window.endsAt);
          throw new FailureError(
            fail("after-sale/withdrawal-period-ended", undefined, {
              endsAt: window.endsAt.toISOString(),
              params: { date },
            }),
          );
        }
        throw new FailureError(fail("after-sale/withdrawal-unavailable"));
      }

      const available = new Map(
        (await queries.withdrawableLines(order._id, tx)).map((line) => [line.lineId, line]),
      );
      const lines: StatementLine[] = [];
      for (const [index, wanted] of statement.lines.entries()) {
        const line = available.get(wanted.lineId);
        if (!line) {
          throw new FailureError(fail("validation", { [`lines.${index}.lineId`]: { key: MSG.invalid } }));
        }
        if (wanted.quantity > line.withdrawable) {
          throw new FailureError(
            fail("after-sale/too-many-units", undefined, {
              lineId: line.lineId,
              withdrawable: line.withdrawable,
              params: { max: line.withdrawable },
            }),
          );
        }
        lines.push({
          orderItemId: line.lineId,
          productTitle: line.productTitle,
          variantLabel: line.variantLabel,
          quantity: wanted.quantity,
        });
      }

      const ownedBy = input.user && order.user?._id === input.user._id ? input.user._id : null;
      const [created] = await tx
        .insert(afterSaleCases)
        .values({
          orderId: order._id,
          kind: "withdrawal",
          status: "REPORTED",
          userId: ownedBy,
          submissionKey: statement.submissionKey,
          deadlineAt: refundDeadline(at),
        })
        .returning({ id: afterSaleCases.id });
      if (!created) throw new Error("withdrawal case not written");
      await tx.insert(afterSaleLines).values(
        lines.map((line) => ({
          caseId: created.id,
          orderItemId: line.orderItemId,
          quantity: line.quantity,
        })),
      );
      const text = withdrawalStatementText({
        lang: input.lang,
        seller: { name: config.seller.name, address: config.seller.address },
        orderNumber: order.orderNumber,
        orderedAt: order.createdAt,
        deliveredAt: deliveredAt(statuses),
        name: statement.name,
        email: statement.email,
        lines,
        reason: statement.reason,
        receivedAt: at,
      });
      await tx.insert(afterSaleStatements).values({
        caseId: created.id,
        name: statement.name,
        email: statement.email,
        lines,
        reason: statement.reason || null,
        lang: input.lang,
        text,
        receivedAt: at,
        clientAddress: input.ip,
      });
      await tx.insert(afterSaleEvents).values({
        caseId: created.id,
        kind: "status",
        status: "REPORTED",
        visibleToCustomer: true,
        actorId: ownedBy,
      });
      return { caseId: created.id, replayed: false };
    });
  }

  async function receiptOf(caseId: number, order: Order, replayed: boolean): Promise<WithdrawalReceipt> {
    const found = await queries.receipt(caseId);
    if (!found) throw new Error("withdrawal case without its statement");
    return {
      caseId,
      orderId: order._id,
      orderNumber: order.orderNumber,
      status: found.status,
      receivedAt: found.receivedAt.toISOString(),
      refundDeadline: found.deadlineAt.toISOString(),
      email: found.email,
      name: found.name,
      lines: found.lines,
      text: found.text,
      lang: found.lang,
      statementUrl: statementPdfUrlOf(caseId, order),
      orderUrl: orderViewUrlOf(order),
      returnAddress: config.returnAddress,
      replayed,
    };
  }

  async function acknowledge(receipt: WithdrawalReceipt): Promise<void> {
    try {
      await deps.mail.send(
        withdrawalReceivedEmail({
          lang: receipt.lang,
          to: receipt.email,
          name: receipt.name,
          orderNumber: receipt.orderNumber,
          statementText: receipt.text,
          receivedAt: new Date(receipt.receivedAt),
          refundDeadline: new Date(receipt.refundDeadline),
          returnAddress: receipt.returnAddress,
          orderUrl: absolute(receipt.orderUrl),
          statementPdfUrl: absolute(receipt.statementUrl),
          shopName: config.shopName,
        }),
      );
    } catch (error) {
      deps.log.error({ err: error, caseId: receipt.caseId }, "withdrawal acknowledgement not sent");
    }
  }

  return {
    /** The withdrawal form of an order already found (the caller checked who may see it). */
    async formFor(order: Order): Promise<WithdrawalForm> {
      return {
        order: {
          id: order._id,
          orderNumber: order.orderNumber,
          createdAt: order.createdAt,
          email: order.email,
          name: orderName(order),
        },
        window: windowOf(order, now()),
        complaints: complaintsOf(order, now()),
        lines: await queries.withdrawableLines(order._id),
      };
    },

    /** The order pages' after-sale part: the period, the units left, the cases and money back. */
    async ofOrder(order: Order): Promise<OrderAfterSale> {
      const [lines, cases, money] = await Promise.all([
        queries.withdrawableLines(order._id),
        queries.casesOfOrder(order._id),
        queries.moneyBack(order._id),
      ]);
      return {
        window: windowOf(order, now()),
        complaints: complaintsOf(order, now()),
        unitsLeft: lines.reduce((sum, line) => sum + line.withdrawable, 0),
        cases: cases.map((entry) => ({
          ...entry,
          statementUrl: entry.kind === "withdrawal" ? statementPdfUrlOf(entry.id, order) : null,
        })),
        refunds: money.refunds,
        corrections: money.corrections.map((entry) => ({
          ...entry,
          pdfUrl: correctionPdfUrl(entry.id, order),
        })),
        returnAddress: config.returnAddress,
      };
    },

    /** "Potwierdź odstąpienie od umowy": the statement received, once per submission. */
    async withdraw(input: WithdrawInput): Promise<Result<WithdrawalReceipt>> {
      const parsed = parseForm(withdrawalStatementSchema, input.body);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const statement = parsed.data;
      const attempt = await deps.countLookup(statement.orderNumber.trim().toUpperCase(), input.ip);
      if (!attempt.allowed) return fail("rate-limited");
      const order = await findOrder(statement.orderNumber, input.lookupEmail ?? statement.email, input.user);
      if (!order) return fail("order/not-found");
      let written: { caseId: number; replayed: boolean };
      try {
        written = await record(order, statement, input, now());
      } catch (error) {
        await attempt.undo();
        if (error instanceof FailureError) return error.failure as Failure;
        throw error;
      }
      const receipt = await receiptOf(written.caseId, order, written.replayed);
      if (written.replayed) await attempt.undo();
      else await acknowledge(receipt);
      return ok(receipt);
    },

    /** The statement's PDF for its order's holder (number + e-mail), its customer, or staff. */
    async statementPdf(
      caseId: number,
      access: StatementAccess,
    ): Promise<Result<{ bytes: Uint8Array; fileName: string }>> {
      let allowedOrderId: number | "any" | null = null;
      if (access.orderNumber && access.email) {
        const found = await deps.lookup(access.orderNumber, access.email, access.ip);
        if (!found.ok && found.code === "rate-limited") return found;
        if (found.ok) allowedOrderId = found.value._id;
      }
      if (allowedOrderId === null && access.user) {
        allowedOrderId = isShopModerator(access.user) ? "any" : null;
      }
      const statement = await queries.statement(caseId);
      if (!statement) return fail("not-found");
      const mayRead =
        allowedOrderId === "any" ||
        allowedOrderId === statement.orderId ||
        (access.user !== null &&
          (await deps.queries.getForUser(access.user._id, statement.orderId)) !== null);
      if (!mayRead) return fail("not-found");
      const bytes = await renderStatementPdf({
        text: statement.text,
        orderNumber: statement.orderNumber,
        lang: statement.lang,
        author: config.seller.name,
      });
      return ok({ bytes, fileName: `odstapienie-${statement.orderNumber}-${statement.caseId}.pdf` });
    },
  };
}
