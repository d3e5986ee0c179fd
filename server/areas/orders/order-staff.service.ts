import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  canTransition,
  type MODERATOR_STATUSES,
  REFUND_OWED_RETURNED,
  REFUND_OWED_STATUSES,
} from "../../../domain/order-status";
import { STATS_TIME_ZONE } from "../../../domain/stats";
import type { Order } from "../../../domain/types";
import { isValidDateString, textSchema } from "../../../domain/validation/common";
import { parseForm } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import { addStatusSchema } from "../../../domain/validation/order";
import { addShipmentNumberSchema, isSameShipmentNumber } from "../../../domain/validation/shipment";
import type { Db, Tx } from "../../db/client";
import { orderStatuses, orders } from "../../db/schema";
import { fail, ok, type Result } from "../../lib/result";
import type { AuditActor } from "../audit/audit";
import { auditedWrite, refuse, updated } from "../audit/audited-write";
import { cancelLockedOrder, lockOrder } from "./order-cancel";
import type { OrderEmailKind } from "./order-mailer";
import { ORDER_SEARCH_MAX, orderSearchCondition } from "./order-search";
import type { OrderQueries } from "./orders.queries";

// What shop staff do to an order (SPEC §4 moderator actions, §7 add-shipment-number / add-status):
// every change goes through canTransition under the order row lock; adding a shipment number sends
// the shipment e-mail, canceling (order-cancel.ts) gives the units back, closes the open payments and
// sends the cancellation e-mail. Every change is one `auditedWrite` (ADR 062): the audit entry (status
// and shipment number before/after) is written in the same transaction.

const day = z
  .string()
  .trim()
  .refine((value) => value === "" || (/^\d{4}-\d{2}-\d{2}$/.test(value) && isValidDateString(value)))
  .optional();

/**
 * `GET /api/orders` query (and the staff list's URL): status, od/do (Warsaw days, included), szukaj
 * (number, name, e-mail, phone, product, shipment number: order-search.ts),
 * zwrot=1 (only orders with money owed back).
 */
export const staffOrderListQuerySchema = z.object({
  status: textSchema().trim().max(40).optional(),
  zwrot: z.enum(["", "1"]).optional(),
  szukaj: textSchema().trim().max(ORDER_SEARCH_MAX).optional(),
  od: day,
  do: day,
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});

export interface StaffOrderFilter {
  status?: string;
  /** only orders that received money they cannot take (REFUND_OWED_STATUSES) */
  refundOwed?: boolean;
  search?: string;
  /** YYYY-MM-DD, Warsaw: orders placed on or after this day */
  from?: string;
  /** YYYY-MM-DD, Warsaw: orders placed on or before this day */
  to?: string;
  page?: number;
  pageSize?: number;
}

export interface StaffOrderList {
  items: Order[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * SQL: the order has a history entry recording money it cannot take, with no entry after it saying
 * that money went back (domain/order-status.ts isRefundOwed, the same rule).
 */
const REFUND_OWED: SQL = sql`exists (select 1 from ${orderStatuses} rs where rs.order_id = ${orders.id}
  and rs.status in (${sql.join(
    REFUND_OWED_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )})
  and not exists (select 1 from ${orderStatuses} rr where rr.order_id = rs.order_id
    and rr.status = ${REFUND_OWED_RETURNED} and rr.created_at >= rs.created_at))`;

/** Refuses (rolling back) a change the status table does not allow, naming the status that stops it. */
function statusConflict(status: string): never {
  return refuse(fail("order/status-conflict", undefined, { status, params: { status } }));
}

export function createOrderStaffService(
  db: Db,
  deps: {
    queries: OrderQueries;
    sendEmail(kind: OrderEmailKind, orderId: number): Promise<void>;
    /**
     * A paid order canceled by staff: its full refund started in the cancel's transaction
     * (after-sale/refunds.service.ts startCancelRefund); the refund's id or null
     */
    refundCanceled?(tx: Tx, actor: AuditActor, orderId: number): Promise<number | null>;
    /** after the commit: the refund's job is waiting */
    jobsQueued?(): void;
  },
) {
  return {
    /** Newest first, optionally by status, by the day placed (Warsaw) and by the search box (order-search.ts). */
    async list(filter: StaffOrderFilter): Promise<StaffOrderList> {
      const pageSize = Math.min(Math.max(filter.pageSize ?? 20, 1), 100);
      const page = Math.max(filter.page ?? 1, 1);
      const conditions: (SQL | undefined)[] = [];
      if (filter.status) conditions.push(eq(orders.status, filter.status));
      if (filter.refundOwed) conditions.push(REFUND_OWED);
      if (filter.from) {
        conditions.push(
          gte(orders.createdAt, sql`(${filter.from}::date::timestamp at time zone ${STATS_TIME_ZONE})`),
        );
      }
      if (filter.to) {
        conditions.push(
          lt(orders.createdAt, sql`((${filter.to}::date + 1)::timestamp at time zone ${STATS_TIME_ZONE})`),
        );
      }
      conditions.push(orderSearchCondition(filter.search));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where);
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const items = await deps.queries.getManyById(rows.map((row) => row.id));
      return { items, total: count?.total ?? 0, page, pageSize };
    },

    /** How many orders received money they cannot take (the dashboard's "Do zwrotu"), ever. */
    async countRefundOwed(): Promise<number> {
      const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(orders).where(REFUND_OWED);
      return count?.total ?? 0;
    },

    /** PUT /orders/{id}/add-shipment-number: failures validation (same as before), order/not-found, order/status-conflict. */
    async addShipmentNumber(actor: AuditActor, orderId: number, input: unknown): Promise<Result<Order>> {
      const parsed = parseForm(addShipmentNumberSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const number = parsed.data.shipmentNumber;
      const outcome = await auditedWrite(db, actor, "order.shipment-number", async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
        if (!order) return refuse(fail("order/not-found"));
        if (isSameShipmentNumber(order.shipmentNumber, number)) {
          return refuse(fail("validation", { shipmentNumber: { key: MSG.shipmentSameAsPrevious } }));
        }
        if (!canTransition(order.status, "SHIPMENT_NUMBER_ADDED")) return statusConflict(order.status);
        const now = new Date();
        await tx.insert(orderStatuses).values({ orderId, status: "SHIPMENT_NUMBER_ADDED", createdAt: now });
        await tx
          .update(orders)
          .set({ shipmentNumber: number, status: "SHIPMENT_NUMBER_ADDED", updatedAt: now })
          .where(eq(orders.id, orderId));
        return updated(
          orderId,
          { status: order.status, shipmentNumber: order.shipmentNumber },
          { status: "SHIPMENT_NUMBER_ADDED", shipmentNumber: number },
        );
      });
      if (!outcome.ok) return outcome;
      await deps.sendEmail("shipped", orderId);
      const order = await deps.queries.getById(orderId);
      return order ? ok(order) : fail("order/not-found");
    },

    /**
     * PUT /orders/{id}/add-status: CANCELED (units back, open payments closed, e-mail) or
     * PARCEL_DELIVERED, when the rules allow.
     */
    async addStatus(actor: AuditActor, orderId: number, input: unknown): Promise<Result<Order>> {
      const parsed = parseForm(addStatusSchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const status: (typeof MODERATOR_STATUSES)[number] = parsed.data.status;
      const outcome = await auditedWrite(db, actor, "order.status", async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) return refuse(fail("order/not-found"));
        if (!canTransition(order.status, status)) return statusConflict(order.status);
        const now = new Date();
        let refundId: number | null = null;
        if (status === "CANCELED") {
          const paid = order.paidAt !== null;
          // the one cancel: units back, open payments closed (order-cancel.ts)
          if (!(await cancelLockedOrder(tx, order, now))) return statusConflict(order.status);
          // a paid order: everything paid goes back, in this same transaction
          if (paid && deps.refundCanceled) refundId = await deps.refundCanceled(tx, actor, orderId);
        } else {
          await tx.insert(orderStatuses).values({ orderId, status, createdAt: now });
          await tx.update(orders).set({ status, updatedAt: now }).where(eq(orders.id, orderId));
        }
        return {
          value: refundId,
          entityId: orderId,
          before: { status: order.status },
          after: { status, ...(refundId === null ? {} : { refundId }) },
        };
      });
      if (!outcome.ok) return outcome;
      if (outcome.value !== null) deps.jobsQueued?.();
      if (status === "CANCELED") await deps.sendEmail("canceled", orderId);
      const order = await deps.queries.getById(orderId);
      return order ? ok(order) : fail("order/not-found");
    },
  };
}
