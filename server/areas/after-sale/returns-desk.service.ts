import { and, asc, desc, eq, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  AFTER_SALE_FILTERS,
  type AfterSaleKind,
  canTransition,
  statesForFilter,
} from "../../../domain/after-sale-status";
import { caseRejectionSchema, goodsReceivedSchema } from "../../../domain/validation/after-sale";
import { parseForm } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import type { Db, Tx } from "../../db/client";
import {
  afterSaleCases,
  afterSaleEvents,
  afterSaleLines,
  afterSaleStatements,
  orderItems,
  orders,
} from "../../db/schema";
import { fail, ok, type Result } from "../../lib/result";
import type { AuditActor } from "../audit/audit";
import { type AuditedChange, auditedWrite, refuse } from "../audit/audited-write";
import { restockUnits } from "../orders/stock";
import { type CasePhoto, casePhotos } from "./complaint-photos";
import type { RefundProposalView, RefundsService, RefundView } from "./refunds.service";

// The staff returns desk (issue 27, /konto/sklep/zwroty): every withdrawal and complaint, filtered
// by the desk's filters (domain/after-sale-status.ts FILTER_STATES) and paged in SQL like the other
// staff lists; a case with its statement as received, its lines, refunds and history; and the staff
// steps — goods received per line (with their units back into stock, once), reject with a reason,
// close — each in one transaction with its audit entry (auditedWrite, ADR 062) and a history event.

/** GET /api/after-sale/cases: filtr (a desk filter), page, pageSize. */
export const caseListQuerySchema = z.object({
  filtr: z.enum(AFTER_SALE_FILTERS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
export type CaseListQuery = z.output<typeof caseListQuerySchema>;

/** States a case waits on the shop in (its deadline counts): a withdrawal before its refund, a complaint before its answer. */
const AWAITING: { readonly [K in AfterSaleKind]: readonly string[] } = {
  withdrawal: ["REPORTED", "GOODS_RECEIVED"],
  complaint: ["REPORTED"],
};
const CLOSED_STATES = ["CLOSED", "REJECTED"];

export interface CaseSummary {
  _id: number;
  orderId: number;
  orderNumber: string;
  kind: AfterSaleKind;
  status: string;
  customerName: string;
  customerEmail: string;
  deadlineAt: string;
  /** the deadline still counts (the shop has not refunded or answered yet) */
  awaiting: boolean;
  createdAt: string;
}

export interface CaseList {
  items: CaseSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export interface CaseLine {
  _id: number;
  orderItemId: number;
  productTitle: string;
  variantLabel: string | null;
  quantity: number;
  receivedQuantity: number;
  restockedQuantity: number;
}

export interface CaseEvent {
  _id: number;
  kind: string;
  status: string | null;
  message: string | null;
  visibleToCustomer: boolean;
  createdAt: string;
}

export interface CaseDetail extends CaseSummary {
  orderStatus: string;
  closedAt: string | null;
  statement: {
    name: string;
    email: string;
    reason: string | null;
    description: string | null;
    remedy: string | null;
    lang: string;
    text: string;
    receivedAt: string;
    clientAddress: string;
  } | null;
  lines: CaseLine[];
  events: CaseEvent[];
  refunds: RefundView[];
  proposal: RefundProposalView | null;
  /** a complaint's photos (complaint-photos.ts) */
  photos: CasePhoto[];
}

/** SQL: the case is in one of the filter's states for its kind. */
function filterCondition(filter: (typeof AFTER_SALE_FILTERS)[number]): SQL | undefined {
  const parts = (["withdrawal", "complaint"] as const)
    .map((kind) => ({ kind, states: statesForFilter(filter, kind) }))
    .filter((entry) => entry.states.length > 0)
    .map((entry) =>
      and(eq(afterSaleCases.kind, entry.kind), inArray(afterSaleCases.status, [...entry.states])),
    );
  return or(...parts);
}

/** SQL: the shop still owes the case its refund or answer. */
const AWAITING_SQL: SQL = or(
  and(eq(afterSaleCases.kind, "withdrawal"), inArray(afterSaleCases.status, [...AWAITING.withdrawal])),
  and(eq(afterSaleCases.kind, "complaint"), inArray(afterSaleCases.status, [...AWAITING.complaint])),
) as SQL;

function summaryOf(row: {
  c: typeof afterSaleCases.$inferSelect;
  orderNumber: string;
  orderEmail: string;
  name: string | null;
  email: string | null;
}): CaseSummary {
  const kind = row.c.kind;
  return {
    _id: row.c.id,
    orderId: row.c.orderId,
    orderNumber: row.orderNumber,
    kind,
    status: row.c.status,
    customerName: row.name ?? "",
    customerEmail: row.email ?? row.orderEmail,
    deadlineAt: row.c.deadlineAt.toISOString(),
    awaiting: AWAITING[kind].includes(row.c.status),
    createdAt: row.c.createdAt.toISOString(),
  };
}

const summaryColumns = {
  c: afterSaleCases,
  orderNumber: orders.orderNumber,
  orderEmail: orders.email,
  name: afterSaleStatements.name,
  email: afterSaleStatements.email,
};

export function createReturnsDeskService(db: Db, deps: { refunds: RefundsService }) {
  /** The case locked for a staff step, or a refusal (not found). */
  async function lockCase(tx: Tx, caseId: number) {
    const [found] = await tx.select().from(afterSaleCases).where(eq(afterSaleCases.id, caseId)).for("update");
    if (!found) refuse(fail("not-found"));
    return found;
  }

  /** Moves a locked case to `to` (when its table allows) with a history event. */
  async function move(
    tx: Tx,
    actor: AuditActor,
    found: typeof afterSaleCases.$inferSelect,
    to: string,
    message: string | null,
  ) {
    if (!canTransition(found.kind, found.status, to)) {
      refuse(
        fail("after-sale/state-conflict", undefined, {
          status: found.status,
          params: { status: found.status },
        }),
      );
    }
    const now = new Date();
    const closing = to === "CLOSED" || to === "REJECTED";
    await tx
      .update(afterSaleCases)
      .set({ status: to, updatedAt: now, ...(closing ? { closedAt: now } : {}) })
      .where(eq(afterSaleCases.id, found.id));
    await tx
      .insert(afterSaleEvents)
      .values({ caseId: found.id, kind: "status", status: to, message, actorId: actor._id, createdAt: now });
  }

  return {
    /** The desk's list: by filter, the most pressing deadline first among the waiting, then newest. */
    async list(query: CaseListQuery): Promise<CaseList> {
      const pageSize = Math.min(Math.max(query.pageSize ?? 20, 1), 100);
      const page = Math.max(query.page ?? 1, 1);
      const where = query.filtr ? filterCondition(query.filtr) : undefined;
      const [count] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(afterSaleCases)
        .where(where);
      const rows = await db
        .select(summaryColumns)
        .from(afterSaleCases)
        .innerJoin(orders, eq(orders.id, afterSaleCases.orderId))
        .leftJoin(afterSaleStatements, eq(afterSaleStatements.caseId, afterSaleCases.id))
        .where(where)
        .orderBy(
          sql`case when ${AWAITING_SQL} then 0 else 1 end`,
          sql`case when ${AWAITING_SQL} then ${afterSaleCases.deadlineAt} end asc`,
          desc(afterSaleCases.createdAt),
          desc(afterSaleCases.id),
        )
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { items: rows.map(summaryOf), total: count?.total ?? 0, page, pageSize };
    },

    /** The cases of one order (the staff order page), oldest first. */
    async listForOrder(orderId: number): Promise<CaseSummary[]> {
      const rows = await db
        .select(summaryColumns)
        .from(afterSaleCases)
        .innerJoin(orders, eq(orders.id, afterSaleCases.orderId))
        .leftJoin(afterSaleStatements, eq(afterSaleStatements.caseId, afterSaleCases.id))
        .where(eq(afterSaleCases.orderId, orderId))
        .orderBy(asc(afterSaleCases.createdAt), asc(afterSaleCases.id));
      return rows.map(summaryOf);
    },

    /** The dashboard's counter: cases not closed, and those past their deadline still waiting on the shop. */
    async counts(now: Date = new Date()): Promise<{ open: number; overdue: number }> {
      const [row] = await db
        .select({
          open: sql<number>`count(*) filter (where ${afterSaleCases.status} not in (${sql.join(
            CLOSED_STATES.map((state) => sql`${state}`),
            sql`, `,
          )}))::int`,
          overdue: sql<number>`count(*) filter (where ${and(AWAITING_SQL, lt(afterSaleCases.deadlineAt, now))})::int`,
        })
        .from(afterSaleCases);
      return { open: row?.open ?? 0, overdue: row?.overdue ?? 0 };
    },

    /** One case with what the desk shows of it. */
    async get(caseId: number): Promise<Result<CaseDetail>> {
      const [row] = await db
        .select({ ...summaryColumns, statement: afterSaleStatements, orderStatus: orders.status })
        .from(afterSaleCases)
        .innerJoin(orders, eq(orders.id, afterSaleCases.orderId))
        .leftJoin(afterSaleStatements, eq(afterSaleStatements.caseId, afterSaleCases.id))
        .where(eq(afterSaleCases.id, caseId));
      if (!row) return fail("not-found");
      const lines = await db
        .select({ line: afterSaleLines, item: orderItems })
        .from(afterSaleLines)
        .innerJoin(orderItems, eq(orderItems.id, afterSaleLines.orderItemId))
        .where(eq(afterSaleLines.caseId, caseId))
        .orderBy(asc(orderItems.position), asc(orderItems.id));
      const events = await db
        .select()
        .from(afterSaleEvents)
        .where(eq(afterSaleEvents.caseId, caseId))
        .orderBy(asc(afterSaleEvents.createdAt), asc(afterSaleEvents.id));
      const refunds = (await deps.refunds.listForOrder(row.c.orderId)).filter(
        (refund) => refund.caseId === caseId,
      );
      const proposal = await deps.refunds.propose({
        orderId: row.c.orderId,
        caseId,
        reason: row.c.kind,
      });
      const statement = row.statement;
      return ok({
        ...summaryOf(row),
        orderStatus: row.orderStatus,
        closedAt: row.c.closedAt?.toISOString() ?? null,
        statement: statement
          ? {
              name: statement.name,
              email: statement.email,
              reason: statement.reason,
              description: statement.description,
              remedy: statement.remedy,
              lang: statement.lang,
              text: statement.text,
              receivedAt: statement.receivedAt.toISOString(),
              clientAddress: statement.clientAddress,
            }
          : null,
        lines: lines.map(({ line, item }) => ({
          _id: line.id,
          orderItemId: line.orderItemId,
          productTitle: item.productTitle,
          variantLabel: item.variantLabel,
          quantity: line.quantity,
          receivedQuantity: line.receivedQuantity,
          restockedQuantity: line.restockedQuantity,
        })),
        events: events.map((event) => ({
          _id: event.id,
          kind: event.kind,
          status: event.status,
          message: event.message,
          visibleToCustomer: event.visibleToCustomer,
          createdAt: event.createdAt.toISOString(),
        })),
        refunds,
        proposal: proposal.ok ? proposal.value : null,
        photos: await casePhotos(db, caseId),
      });
    },

    /**
     * "Towar otrzymany": units received per line (lineId = the order line), optionally put back into
     * stock — a line's received units go back once (restockedQuantity records how many did). A
     * withdrawal still REPORTED moves to GOODS_RECEIVED. Failures: validation, not-found,
     * after-sale/state-conflict (a closed case).
     */
    async receiveGoods(actor: AuditActor, caseId: number, input: unknown): Promise<Result<{ _id: number }>> {
      const parsed = parseForm(goodsReceivedSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      return auditedWrite(db, actor, "after-sale-case.receive", async (tx) => {
        const found = await lockCase(tx, caseId);
        if (CLOSED_STATES.includes(found.status)) {
          refuse(
            fail("after-sale/state-conflict", undefined, {
              status: found.status,
              params: { status: found.status },
            }),
          );
        }
        const lines = await tx
          .select({ line: afterSaleLines, item: orderItems })
          .from(afterSaleLines)
          .innerJoin(orderItems, eq(orderItems.id, afterSaleLines.orderItemId))
          .where(eq(afterSaleLines.caseId, caseId))
          .for("update", { of: afterSaleLines });
        const before = lines.map(({ line }) => ({
          orderItemId: line.orderItemId,
          received: line.receivedQuantity,
          restocked: line.restockedQuantity,
        }));
        const toRestock: Parameters<typeof restockUnits>[1][number][] = [];
        for (const [index, entry] of parsed.data.lines.entries()) {
          const match = lines.find(({ line }) => line.orderItemId === entry.lineId);
          if (!match) refuse(fail("validation", { [`lines.${index}.lineId`]: { key: MSG.invalid } }));
          const received = match.line.receivedQuantity + entry.quantity;
          if (received > match.line.quantity) {
            refuse(
              fail("validation", {
                [`lines.${index}.quantity`]: {
                  key: MSG.maxValue,
                  params: { max: match.line.quantity - match.line.receivedQuantity },
                },
              }),
            );
          }
          const restocked = entry.restock ? received : match.line.restockedQuantity;
          const units = restocked - match.line.restockedQuantity;
          if (units > 0) {
            toRestock.push({
              productId: match.item.productId,
              variantId: match.item.variantId,
              quantity: units,
              productTitle: match.item.productTitle,
            });
          }
          await tx
            .update(afterSaleLines)
            .set({ receivedQuantity: received, restockedQuantity: restocked })
            .where(eq(afterSaleLines.id, match.line.id));
        }
        await restockUnits(tx, toRestock);
        if (canTransition(found.kind, found.status, "GOODS_RECEIVED")) {
          await move(tx, actor, found, "GOODS_RECEIVED", null);
        }
        const after = await tx
          .select({
            orderItemId: afterSaleLines.orderItemId,
            received: afterSaleLines.receivedQuantity,
            restocked: afterSaleLines.restockedQuantity,
          })
          .from(afterSaleLines)
          .where(eq(afterSaleLines.caseId, caseId));
        return caseChange(caseId, { status: found.status, lines: before }, { _id: caseId, lines: after });
      });
    },

    /** Reject a case, the reason shown to the customer. Failures: validation, not-found, after-sale/state-conflict. */
    async reject(actor: AuditActor, caseId: number, input: unknown): Promise<Result<{ _id: number }>> {
      const parsed = parseForm(caseRejectionSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      return auditedWrite(db, actor, "after-sale-case.reject", async (tx) => {
        const found = await lockCase(tx, caseId);
        await move(tx, actor, found, "REJECTED", parsed.data.reason);
        return caseChange(
          caseId,
          { status: found.status },
          { _id: caseId, status: "REJECTED", reason: parsed.data.reason },
        );
      });
    },

    /** Close a refunded case. Failures: not-found, after-sale/state-conflict. */
    async close(actor: AuditActor, caseId: number): Promise<Result<{ _id: number }>> {
      return auditedWrite(db, actor, "after-sale-case.close", async (tx) => {
        const found = await lockCase(tx, caseId);
        await move(tx, actor, found, "CLOSED", null);
        return caseChange(caseId, { status: found.status }, { _id: caseId, status: "CLOSED" });
      });
    },
  };
}

/** A staff step on a case: the audit log gets the whole change, the caller the case's id (its reply). */
function caseChange(caseId: number, before: unknown, after: unknown): AuditedChange<{ _id: number }> {
  return { value: { _id: caseId }, entityId: caseId, before, after };
}

export type ReturnsDeskService = ReturnType<typeof createReturnsDeskService>;
