// The seller's liability for non-conformity (issue 27; Polish consumer rights act art. 43c): a
// consumer may complain about goods whose non-conformity shows within 2 years of delivery, so the
// shop takes complaints ("Zgłoś reklamację") until then and refuses them afterwards.
//
// - The 2 years run from delivery: the FIRST delivered status of the history (withdrawal-period.ts
//   deliveredAt). An order never marked delivered counts from its payment (the first
//   PAYMENT_CONFIRMED), the latest moment the shop can vouch for.
// - A period in years ends at the end of the day whose date matches the starting day (art. 112 of
//   the civil code): delivered on 10.05.2024 (Warsaw time) → complaints until 10.05.2026 23:59:59.999
//   Warsaw time; a start on 29 February ends on 28 February (no such day in that month). The day is
//   the Warsaw day, whatever the UTC date and across clock changes (shop-time.ts).
// - An order never paid has no complaint: nothing was sold.
//
// API:
//   LIABILITY_YEARS                              2
//   complaintPeriod({ statuses, now }): ComplaintPeriod
//     { open, endsAt, reason? } — endsAt is the last instant of the period (null when never paid);
//     reason "not-paid" | "ended" whenever open is false.

import { isPaid } from "./order-status";
import { shopDay, shopDayEnd } from "./shop-time";
import { deliveredAt, type StatusAt } from "./withdrawal-period";

/** Years after delivery the seller answers for non-conformity (consumer rights act art. 43c). */
export const LIABILITY_YEARS = 2;

export type ComplaintClosedReason = "not-paid" | "ended";

export interface ComplaintPeriod {
  /** may the consumer complain now? */
  open: boolean;
  /** the period's last instant (23:59:59.999 Warsaw time); null for an order never paid */
  endsAt: Date | null;
  /** why complaints are closed (only when open is false) */
  reason?: ComplaintClosedReason;
}

/** When the order was paid: the earliest PAYMENT_CONFIRMED entry, or null. */
function paidAt(statuses: readonly StatusAt[]): Date | null {
  const times = statuses
    .filter((entry) => entry.status === "PAYMENT_CONFIRMED")
    .map((entry) => Date.parse(entry.createdAt))
    .filter(Number.isFinite);
  return times.length === 0 ? null : new Date(Math.min(...times));
}

/** "YYYY-MM-DD" `years` later; 29 February becomes 28 February in a common year (art. 112). */
function sameDayYearsAfter(day: string, years: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(year + years, month, 0)).getUTCDate();
  const shifted = new Date(Date.UTC(year + years, month - 1, Math.min(date, lastOfMonth)));
  return shifted.toISOString().slice(0, 10);
}

/** Are complaints about this order possible at `now`, and until when? */
export function complaintPeriod({
  statuses,
  now,
}: {
  statuses: readonly StatusAt[];
  now: Date;
}): ComplaintPeriod {
  if (!isPaid(statuses)) return { open: false, endsAt: null, reason: "not-paid" };
  const start = deliveredAt(statuses) ?? paidAt(statuses);
  if (!start) return { open: false, endsAt: null, reason: "not-paid" };
  const endsAt = new Date(shopDayEnd(sameDayYearsAfter(shopDay(start), LIABILITY_YEARS)));
  return now.getTime() <= endsAt.getTime()
    ? { open: true, endsAt }
    : { open: false, endsAt, reason: "ended" };
}
