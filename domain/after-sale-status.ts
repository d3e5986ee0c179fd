// The after-sale cases and their state machines, kept as data like order-status.ts (issue 27). Two
// kinds of case: a withdrawal ("odstąpienie od umowy", consumer rights act art. 27-38) and a
// complaint ("reklamacja", art. 43a-43g and 7a). Codes are English; the labels are in the i18n
// catalogs (afterSale.state.{kind}.{STATE}, afterSale.refundStatus.{STATUS}).
//
//   withdrawal:  REPORTED ──► GOODS_RECEIVED ──► REFUNDED ──► CLOSED
//                   │  └──────────────────────────▲ (the law lets the shop refund before the goods arrive)
//                   └──► REJECTED ◄── GOODS_RECEIVED (staff give a reason, e.g. a statement after the period)
//   complaint:   REPORTED ──► ACCEPTED ──► REFUNDED ──► CLOSED   (a price reduction or withdrawal paid)
//                   │            └──────────────────────▲        (repaired or replaced: closed directly)
//                   └──► REJECTED
//   Terminal: CLOSED, REJECTED. Staying in a state is not a transition.
//
// The staff desk's filters (zgłoszony, towar otrzymany, zwrócono pieniądze, odrzucony/zakończony)
// map to states per kind; an accepted complaint still needs staff work (a refund, a repair), so it
// stays under "reported" until it is refunded or closed. Every state is under exactly one filter.
//
// Deadlines are calendar days in Poland ending at 23:59:59.999 Warsaw time (shop-time.ts):
// - the refund: 14 days from receiving the withdrawal statement (art. 32 ust. 1);
// - the answer to a complaint: 14 days from receiving it, or it counts as accepted (art. 7a ust. 2);
//   the owner gets one reminder from the start of the 3rd day before the deadline until it passes.
//
// The refund's own states: REQUESTED (ours: asked for, before the provider answered or while its
// call fails and is retried) → NEW → PENDING → SUCCESSFUL | FAILED | CANCELLED (Paynow's refund
// statuses, INTEGRATIONS.md §1). The provider may report any later status at once, so each state may
// move to any later one; the last three are final.
//
// API:
//   AFTER_SALE_KINDS, AfterSaleKind                        "withdrawal" | "complaint"
//   WITHDRAWAL_STATES / COMPLAINT_STATES, AfterSaleState<K>  the states of each kind
//   AFTER_SALE_TRANSITIONS                                 the tables
//   isAfterSaleState(kind, state): boolean
//   canTransition(kind, from, to): boolean
//   isClosedState(kind, state): boolean                    CLOSED or REJECTED
//   AFTER_SALE_FILTERS, AfterSaleFilter, FILTER_STATES     filter → { withdrawal: [...], complaint: [...] }
//   statesForFilter(filter, kind): readonly string[]
//   filterOfState(kind, state): AfterSaleFilter | null
//   REFUND_DAYS / COMPLAINT_ANSWER_DAYS / COMPLAINT_REMINDER_DAYS   14 / 14 / 3
//   refundDeadline(receivedAt): Date ; complaintAnswerDeadline(receivedAt): Date
//   deadlineUrgency(deadline, now): "overdue" | "close" | "ok"   close: due today or within 3 calendar days
//   shopDaysLeft(deadline, now): number      calendar days to the deadline's day (0 today, < 0 passed)
//   complaintReminderDue(deadline, now, alreadySent): boolean
//   REFUND_STATUSES, RefundStatus, FINAL_REFUND_STATUSES, isRefundStatus, isFinalRefundStatus,
//   canRefundTransition(from, to)
//   COMPLAINT_REMEDIES, ComplaintRemedy     repair | replacement | price-reduction | withdrawal (art. 43c-43e)
//   REFUND_REASONS, RefundReason, isRefundReason   withdrawal | complaint | refund-owed | cancel

import { addShopDays, endOfShopDayAfter, shopDay, shopDayStart } from "./shop-time";

export const AFTER_SALE_KINDS = ["withdrawal", "complaint"] as const;
export type AfterSaleKind = (typeof AFTER_SALE_KINDS)[number];

export const WITHDRAWAL_STATES = ["REPORTED", "GOODS_RECEIVED", "REFUNDED", "REJECTED", "CLOSED"] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

export const COMPLAINT_STATES = ["REPORTED", "ACCEPTED", "REJECTED", "REFUNDED", "CLOSED"] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];

export type AfterSaleState<K extends AfterSaleKind = AfterSaleKind> = K extends "withdrawal"
  ? WithdrawalState
  : ComplaintState;

export const AFTER_SALE_STATES: { readonly [K in AfterSaleKind]: readonly AfterSaleState<K>[] } = {
  withdrawal: WITHDRAWAL_STATES,
  complaint: COMPLAINT_STATES,
};

/** Allowed next states of each kind. */
export const AFTER_SALE_TRANSITIONS: {
  readonly [K in AfterSaleKind]: Readonly<Record<AfterSaleState<K>, readonly AfterSaleState<K>[]>>;
} = {
  withdrawal: {
    REPORTED: ["GOODS_RECEIVED", "REFUNDED", "REJECTED"],
    GOODS_RECEIVED: ["REFUNDED", "REJECTED"],
    REFUNDED: ["CLOSED"],
    REJECTED: [],
    CLOSED: [],
  },
  complaint: {
    REPORTED: ["ACCEPTED", "REJECTED"],
    ACCEPTED: ["REFUNDED", "CLOSED"],
    REFUNDED: ["CLOSED"],
    REJECTED: [],
    CLOSED: [],
  },
};

export function isAfterSaleState<K extends AfterSaleKind>(
  kind: K,
  state: string,
): state is AfterSaleState<K> {
  return (AFTER_SALE_STATES[kind] as readonly string[]).includes(state);
}

/** May a case of `kind` in state `from` move to `to`? */
export function canTransition(kind: AfterSaleKind, from: string, to: string): boolean {
  if (!isAfterSaleState(kind, from) || !isAfterSaleState(kind, to)) return false;
  const table = AFTER_SALE_TRANSITIONS[kind] as Readonly<Record<string, readonly string[]>>;
  return table[from]?.includes(to) ?? false;
}

/** Is the case finished (nothing more may happen: CLOSED or REJECTED)? */
export function isClosedState(kind: AfterSaleKind, state: string): boolean {
  return (
    isAfterSaleState(kind, state) && AFTER_SALE_STATES[kind].every((to) => !canTransition(kind, state, to))
  );
}

/** The most photos a complaint may carry (issue 27: "up to 5 photos"). */
export const COMPLAINT_PHOTOS_MAX = 5;

/** What a complaining consumer asks for (consumer rights act art. 43c-43e). */
export const COMPLAINT_REMEDIES = ["repair", "replacement", "price-reduction", "withdrawal"] as const;
export type ComplaintRemedy = (typeof COMPLAINT_REMEDIES)[number];

/**
 * Why money goes back: a withdrawal, a complaint (price reduction or withdrawal), money the shop
 * could not keep (order-status.ts REFUND_OWED_STATUSES) or a paid order canceled by staff.
 */
export const REFUND_REASONS = ["withdrawal", "complaint", "refund-owed", "cancel"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export function isRefundReason(value: unknown): value is RefundReason {
  return typeof value === "string" && (REFUND_REASONS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------- the staff desk's filters

export const AFTER_SALE_FILTERS = ["reported", "goods-received", "refunded", "done"] as const;
export type AfterSaleFilter = (typeof AFTER_SALE_FILTERS)[number];

/** The states each filter of the returns desk shows, per kind. */
export const FILTER_STATES: {
  readonly [F in AfterSaleFilter]: { readonly [K in AfterSaleKind]: readonly AfterSaleState<K>[] };
} = {
  reported: { withdrawal: ["REPORTED"], complaint: ["REPORTED", "ACCEPTED"] },
  "goods-received": { withdrawal: ["GOODS_RECEIVED"], complaint: [] },
  refunded: { withdrawal: ["REFUNDED"], complaint: ["REFUNDED"] },
  done: { withdrawal: ["REJECTED", "CLOSED"], complaint: ["REJECTED", "CLOSED"] },
};

export function isAfterSaleFilter(value: unknown): value is AfterSaleFilter {
  return typeof value === "string" && (AFTER_SALE_FILTERS as readonly string[]).includes(value);
}

export function statesForFilter<K extends AfterSaleKind>(
  filter: AfterSaleFilter,
  kind: K,
): readonly AfterSaleState<K>[] {
  return FILTER_STATES[filter][kind] as readonly AfterSaleState<K>[];
}

/** The filter a case in this state is listed under (null for an unknown state). */
export function filterOfState(kind: AfterSaleKind, state: string): AfterSaleFilter | null {
  return (
    AFTER_SALE_FILTERS.find((filter) =>
      (statesForFilter(filter, kind) as readonly string[]).includes(state),
    ) ?? null
  );
}

// ---------------------------------------------------------------- deadlines

/** Days the shop has to refund after receiving a withdrawal statement (art. 32 ust. 1). */
export const REFUND_DAYS = 14;
/** Days the shop has to answer a complaint before it counts as accepted (art. 7a). */
export const COMPLAINT_ANSWER_DAYS = 14;
/** The owner is reminded this many calendar days before the complaint's deadline; also "close". */
export const COMPLAINT_REMINDER_DAYS = 3;

export type DeadlineUrgency = "overdue" | "close" | "ok";

/** The last instant of the refund: the end of the 14th Warsaw day after the statement was received. */
export function refundDeadline(receivedAt: Date | string): Date {
  return endOfShopDayAfter(receivedAt, REFUND_DAYS);
}

/** The last instant to answer a complaint: the end of the 14th Warsaw day after it was received. */
export function complaintAnswerDeadline(receivedAt: Date | string): Date {
  return endOfShopDayAfter(receivedAt, COMPLAINT_ANSWER_DAYS);
}

/** The start (00:00 Warsaw time) of the day `days` calendar days before the deadline's day. */
function daysBefore(deadline: Date, days: number): number {
  return shopDayStart(addShopDays(shopDay(deadline), -days));
}

/** How pressing a deadline is: passed, due within 3 calendar days (today counts), or not yet close. */
export function deadlineUrgency(deadline: Date, now: Date): DeadlineUrgency {
  if (now.getTime() > deadline.getTime()) return "overdue";
  return now.getTime() >= daysBefore(deadline, COMPLAINT_REMINDER_DAYS) ? "close" : "ok";
}

/**
 * Calendar days (Warsaw) from today to the deadline's day: 0 when it is due today, negative once
 * its day has passed (−1: it ended yesterday). What the desk shows as "zostało 3 dni".
 */
export function shopDaysLeft(deadline: Date, now: Date): number {
  const days = (shopDayStart(shopDay(deadline)) - shopDayStart(shopDay(now))) / 86_400_000;
  // a day across a daylight-saving change is 23 or 25 hours long
  return Math.round(days);
}

/**
 * Should the owner be e-mailed about an unanswered complaint now? Once (alreadySent false), from
 * 00:00 Warsaw time 3 days before the deadline's day until the deadline; after it the complaint
 * counts as accepted and a reminder no longer helps.
 */
export function complaintReminderDue(deadline: Date, now: Date, alreadySent: boolean): boolean {
  if (alreadySent) return false;
  return deadlineUrgency(deadline, now) === "close";
}

// ---------------------------------------------------------------- the refund's own states

export const REFUND_STATUSES = ["REQUESTED", "NEW", "PENDING", "SUCCESSFUL", "FAILED", "CANCELLED"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const FINAL_REFUND_STATUSES = [
  "SUCCESSFUL",
  "FAILED",
  "CANCELLED",
] as const satisfies readonly RefundStatus[];

export function isRefundStatus(value: unknown): value is RefundStatus {
  return typeof value === "string" && (REFUND_STATUSES as readonly string[]).includes(value);
}

/** Is the refund finished (the provider will not change it any more)? */
export function isFinalRefundStatus(status: string): boolean {
  return (FINAL_REFUND_STATUSES as readonly string[]).includes(status);
}

/** May a refund in `from` be recorded as `to`? Forward only (a later poll may skip states); final stays. */
export function canRefundTransition(from: string, to: string): boolean {
  if (!isRefundStatus(from) || !isRefundStatus(to) || isFinalRefundStatus(from)) return false;
  const order: readonly string[] = REFUND_STATUSES;
  const rank = (status: string) => (isFinalRefundStatus(status) ? order.length : order.indexOf(status));
  return rank(to) > rank(from);
}
