// The consumer's right of withdrawal (issue 27; Polish consumer rights act art. 27-28, art. 11a of
// the Consumer Rights Directive as amended by Directive (EU) 2023/2673): when the "Odstąp od umowy
// tutaj" button is offered and until when.
//
// - The period runs from the order until 14 days after delivery. Delivery is the FIRST delivered
//   status of the history (isDeliveredStatus: PARCEL_RECEIVED, PARCEL_DELIVERED, INPOST_delivered),
//   by creation time; a later one (a carrier confirming after staff marked it) does not extend it.
// - The 14 days are calendar days in Poland: the delivery day itself does not count (art. 111 of
//   the civil code) and the period ends at 23:59:59.999 Europe/Warsaw on the 14th day after it, the
//   same wall-clock time across a clock change (shop-time.ts endOfShopDayAfter). A parcel delivered
//   at 23:30 Warsaw time counts on that day; one at 00:10 on the next day, whatever the UTC date.
// - An order not yet delivered can be withdrawn from (open, endsAt null).
// - A canceled order, or one never paid (no PAYMENT_CONFIRMED), has no withdrawal: nothing was sold.
//
// API:
//   WITHDRAWAL_DAYS                                   14
//   deliveredAt(statuses): Date | null                the first delivered entry's time
//   withdrawalWindow({ statuses, orderStatus, now }): WithdrawalWindow
//     { open, endsAt, reason? } — reason "canceled" | "not-paid" | "ended" whenever open is false;
//     endsAt is set once the order is delivered (also after the period, for "ended on {date}").

import { isCanceled, isDeliveredStatus, isPaid } from "./order-status";
import { endOfShopDayAfter } from "./shop-time";

/** Days after delivery the consumer may withdraw (consumer rights act art. 27). */
export const WITHDRAWAL_DAYS = 14;

export interface StatusAt {
  status: string;
  createdAt: string;
}

export type WithdrawalClosedReason = "canceled" | "not-paid" | "ended";

export interface WithdrawalWindow {
  /** may the consumer withdraw now? */
  open: boolean;
  /** the period's last instant (23:59:59.999 Warsaw time), null while the order is not delivered */
  endsAt: Date | null;
  /** why it is closed (only when open is false) */
  reason?: WithdrawalClosedReason;
}

/** When the order was delivered: the earliest delivered status entry, or null. */
export function deliveredAt(statuses: readonly StatusAt[]): Date | null {
  let first: number | null = null;
  for (const entry of statuses) {
    if (!isDeliveredStatus(entry.status)) continue;
    const at = Date.parse(entry.createdAt);
    if (Number.isFinite(at) && (first === null || at < first)) first = at;
  }
  return first === null ? null : new Date(first);
}

/** Is the withdrawal function available for this order at `now`, and until when? */
export function withdrawalWindow({
  statuses,
  orderStatus,
  now,
}: {
  statuses: readonly StatusAt[];
  /** the order's current status (orders.status) */
  orderStatus: string;
  now: Date;
}): WithdrawalWindow {
  if (orderStatus === "CANCELED" || isCanceled(statuses)) {
    return { open: false, endsAt: null, reason: "canceled" };
  }
  if (!isPaid(statuses)) return { open: false, endsAt: null, reason: "not-paid" };
  const delivered = deliveredAt(statuses);
  if (!delivered) return { open: true, endsAt: null };
  const endsAt = endOfShopDayAfter(delivered, WITHDRAWAL_DAYS);
  return now.getTime() <= endsAt.getTime()
    ? { open: true, endsAt }
    : { open: false, endsAt, reason: "ended" };
}
