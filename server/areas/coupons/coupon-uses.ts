import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { TRANSITIONS } from "../../../domain/order-status";

// What counts as a use of a limited coupon (issue 24, ADR 030): an order that is paid, or an unpaid
// one still holding its units (inside ORDER_PAYMENT_TIMEOUT_MINUTES, or its hold renewed by a retried
// payment). An abandoned order stops counting the moment its hold ends — whether or not the expiry
// job has canceled it yet — and a canceled one never counts. The cart check, the order transaction
// (under the coupon row lock) and the staff list all count with this one condition.

/** A confirmed payment and every status that may follow it (carrier statuses are matched apart). */
const PAID_STATUSES: readonly string[] = ["PAYMENT_CONFIRMED", ...TRANSITIONS.PAYMENT_CONFIRMED];

/** The order columns the condition reads (Drizzle columns, or `sql.raw("o.status")` in a subquery). */
export interface OrderUseColumns {
  status: AnyColumn | SQL;
  paidAt: AnyColumn | SQL;
  reservedUntil: AnyColumn | SQL;
  createdAt: AnyColumn | SQL;
}

/**
 * The SQL condition "this order uses its coupon" at `now`, for a payment timeout of `timeoutMinutes`.
 * `now` comes from the caller's clock, so a test's clock decides, and PGlite and PostgreSQL agree.
 */
export function countsAsCouponUse(columns: OrderUseColumns, now: Date, timeoutMinutes: number): SQL {
  const at = now.toISOString();
  const heldSince = new Date(now.getTime() - timeoutMinutes * 60_000).toISOString();
  const paid = sql.join(
    PAID_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql`(${columns.status} <> 'CANCELED' and (
    ${columns.paidAt} is not null
    or ${columns.status} in (${paid})
    or ${columns.status} like 'INPOST\\_%'
    or ${columns.reservedUntil} > ${at}::timestamptz
    or (${columns.reservedUntil} is null and ${columns.createdAt} > ${heldSince}::timestamptz)))`;
}

/** The same columns in a raw subquery over `orders <alias>`. */
export function orderUseColumns(alias: string): OrderUseColumns {
  return {
    status: sql.raw(`${alias}.status`),
    paidAt: sql.raw(`${alias}.paid_at`),
    reservedUntil: sql.raw(`${alias}.reserved_until`),
    createdAt: sql.raw(`${alias}.created_at`),
  };
}
