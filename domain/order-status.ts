// Order statuses and their state machine (SPEC §4). The spec does not list the allowed
// transitions; the table below is our design, kept as data:
//
//   NEW ──► PAYMENT_NEW ──► PAYMENT_PENDING ──► PAYMENT_CONFIRMED ──► fulfilment ──► delivered
//    │          ▲  │              │                   ▲
//    │          │  ▼              ▼                   │
//    │       PAYMENT_ERROR ◄──────┘───────────────────┘ (error may still be confirmed later)
//    └──► CANCELED (before payment; staff also cancel a paid order before it ships, with a refund)
//
// - Payment statuses only move forward; once PAYMENT_CONFIRMED, late/out-of-order gateway
//   notifications (NEW, PAYMENT_NEW, PAYMENT_PENDING, PAYMENT_ERROR) are rejected.
// - PAYMENT_ERROR may go to PAYMENT_NEW (retry) or PAYMENT_CONFIRMED (late success).
// - Fulfilment (after confirmation): SHIPMENT_NUMBER_ADDED (may repeat when the number changes),
//   PACKING, IN_DELIVERY, carrier INPOST_* statuses, PARCEL_RECEIVED, PARCEL_DELIVERED.
// - A paid order not yet shipped (PAYMENT_CONFIRMED, PACKING) may be CANCELED: only staff do it
//   (the expiry cancels only UNPAID_STATUSES), and the cancel starts the full refund in the same
//   transaction (after-sale/refunds.service.ts startCancelRefund, issue 27).
// - Terminal: CANCELED, PARCEL_RECEIVED, PARCEL_DELIVERED, INPOST_delivered.
// - ERROR* statuses are annotations (e.g. ERROR_PAYMENT_REGISTER): they may be appended to any
//   non-terminal order, and `canAppendStatus` judges the next status against the last
//   non-ERROR status. On its own, `canTransition(ERROR*, x)` behaves like NEW.
// - Re-adding the same status is rejected (callers treat a duplicate notification as a no-op),
//   except SHIPMENT_NUMBER_ADDED and PAYMENT_NEW (a new payment attempt); a carrier may move
//   between different INPOST_* statuses.

export const KNOWN_ORDER_STATUSES = [
  "NEW",
  "PAYMENT_NEW",
  "PAYMENT_PENDING",
  "PAYMENT_CONFIRMED",
  "PAYMENT_ERROR",
  "SHIPMENT_NUMBER_ADDED",
  "PACKING",
  "IN_DELIVERY",
  "PARCEL_RECEIVED",
  "PARCEL_DELIVERED",
  "CANCELED",
] as const;

export type KnownOrderStatus = (typeof KNOWN_ORDER_STATUSES)[number];
/** Other error statuses, e.g. "ERROR_PAYMENT_REGISTER". */
export type ErrorOrderStatus = `ERROR${string}`;
/** Carrier statuses, e.g. "INPOST_delivered", shown with the carrier-supplied title. */
export type CarrierOrderStatus = `INPOST_${string}`;
export type OrderStatus = KnownOrderStatus | ErrorOrderStatus | CarrierOrderStatus;

export const INPOST_DELIVERED = "INPOST_delivered" satisfies CarrierOrderStatus;

/** Statuses a moderator may add by hand (`PUT /orders/{id}/add-status`). */
export const MODERATOR_STATUSES = [
  "CANCELED",
  "PARCEL_DELIVERED",
] as const satisfies readonly KnownOrderStatus[];

export interface StatusEntry {
  status: string;
  createdAt: string;
  hidden?: boolean;
  /** carrier statuses carry their display title */
  data?: { title?: string } | null;
}

export function isKnownStatus(status: string): status is KnownOrderStatus {
  return (KNOWN_ORDER_STATUSES as readonly string[]).includes(status);
}
export function isErrorStatus(status: string): status is ErrorOrderStatus {
  return status.startsWith("ERROR");
}
export function isCarrierStatus(status: string): status is CarrierOrderStatus {
  return status.startsWith("INPOST_") && status.length > "INPOST_".length;
}
export function isOrderStatus(status: string): status is OrderStatus {
  return isKnownStatus(status) || isErrorStatus(status) || isCarrierStatus(status);
}

const FULFILMENT_AFTER_PAYMENT = [
  "SHIPMENT_NUMBER_ADDED",
  "PACKING",
  "IN_DELIVERY",
  "PARCEL_RECEIVED",
  "PARCEL_DELIVERED",
] as const satisfies readonly KnownOrderStatus[];

/** Allowed next known statuses. Carrier and error statuses follow the rules below. */
export const TRANSITIONS: Readonly<Record<KnownOrderStatus, readonly KnownOrderStatus[]>> = {
  NEW: ["PAYMENT_NEW", "PAYMENT_PENDING", "PAYMENT_CONFIRMED", "PAYMENT_ERROR", "CANCELED"],
  PAYMENT_NEW: ["PAYMENT_NEW", "PAYMENT_PENDING", "PAYMENT_CONFIRMED", "PAYMENT_ERROR", "CANCELED"],
  PAYMENT_PENDING: ["PAYMENT_CONFIRMED", "PAYMENT_ERROR", "CANCELED"],
  PAYMENT_ERROR: ["PAYMENT_NEW", "PAYMENT_CONFIRMED", "CANCELED"],
  PAYMENT_CONFIRMED: [...FULFILMENT_AFTER_PAYMENT, "CANCELED"],
  SHIPMENT_NUMBER_ADDED: FULFILMENT_AFTER_PAYMENT,
  PACKING: [...FULFILMENT_AFTER_PAYMENT.filter((s) => s !== "PACKING"), "CANCELED"],
  IN_DELIVERY: ["SHIPMENT_NUMBER_ADDED", "PARCEL_RECEIVED", "PARCEL_DELIVERED"],
  PARCEL_RECEIVED: [],
  PARCEL_DELIVERED: [],
  CANCELED: [],
};

/** Statuses after which a carrier (INPOST_*) status may be recorded. */
export const CARRIER_STATUS_ALLOWED_AFTER: readonly KnownOrderStatus[] = [
  "PAYMENT_CONFIRMED",
  "SHIPMENT_NUMBER_ADDED",
  "PACKING",
  "IN_DELIVERY",
];

/** Known statuses a carrier status may be followed by (besides another carrier status). */
export const AFTER_CARRIER_STATUS: readonly KnownOrderStatus[] = [
  "SHIPMENT_NUMBER_ADDED",
  "IN_DELIVERY",
  "PARCEL_RECEIVED",
  "PARCEL_DELIVERED",
];

export function isDeliveredStatus(status: string): boolean {
  return status === "PARCEL_RECEIVED" || status === "PARCEL_DELIVERED" || status === INPOST_DELIVERED;
}

export function isTerminalStatus(status: string): boolean {
  return status === "CANCELED" || isDeliveredStatus(status);
}

/** May an order whose current status is `from` get status `to`? */
export function canTransition(from: string, to: string): boolean {
  if (!isOrderStatus(from) || !isOrderStatus(to)) return false;
  if (isTerminalStatus(from)) return false;
  if (isErrorStatus(to)) return true;
  if (isErrorStatus(from)) return canTransition("NEW", to);
  if (isCarrierStatus(from)) {
    if (isCarrierStatus(to)) return to !== from;
    return (AFTER_CARRIER_STATUS as readonly string[]).includes(to);
  }
  if (isCarrierStatus(to)) return (CARRIER_STATUS_ALLOWED_AFTER as readonly string[]).includes(from);
  return isKnownStatus(from) && isKnownStatus(to) && TRANSITIONS[from].includes(to);
}

function byCreation<T extends Partial<Pick<StatusEntry, "createdAt">>>(entries: readonly T[]): T[] {
  return entries
    .map((entry, index) => ({ entry, index, at: Date.parse(entry.createdAt ?? "") }))
    .sort((a, b) => (a.at || 0) - (b.at || 0) || a.index - b.index)
    .map(({ entry }) => entry);
}

/** The latest status by creation time (hidden entries included), or null for an empty history. */
export function currentStatus(statuses: readonly StatusEntry[]): string | null {
  return byCreation(statuses).at(-1)?.status ?? null;
}

/**
 * May `next` be appended to this history? Judged from the last non-ERROR status (NEW for an empty
 * or error-only history); an ERROR* status may be appended to any non-terminal order.
 */
export function canAppendStatus(statuses: readonly StatusEntry[], next: string): boolean {
  const sorted = byCreation(statuses).map((entry) => entry.status);
  if (sorted.some((status) => isTerminalStatus(status))) return false;
  const from =
    sorted.filter((status) => !isErrorStatus(status) && status !== REFUND_OWED_RETURNED).at(-1) ?? "NEW";
  if (from === "NEW" && next === "NEW") return sorted.length === 0;
  return canTransition(from, next);
}

export function isDelivered(statuses: readonly Pick<StatusEntry, "status">[]): boolean {
  return statuses.some((entry) => isDeliveredStatus(entry.status));
}

export function isCanceled(statuses: readonly Pick<StatusEntry, "status">[]): boolean {
  return statuses.some((entry) => entry.status === "CANCELED");
}

export function isPaid(statuses: readonly Pick<StatusEntry, "status">[]): boolean {
  return statuses.some((entry) => entry.status === "PAYMENT_CONFIRMED");
}

/**
 * Hidden entries that record money the shop received but cannot keep (issue 24): paid after the
 * order was canceled, a wrong amount or currency, paid after its units were sold, or a second
 * payment of an order already paid. Staff must return it by hand ("Do zwrotu"); the customer is
 * told the money will be returned.
 */
export const REFUND_OWED_STATUSES = [
  "ERROR_PAID_AFTER_CANCEL",
  "ERROR_PAYMENT_AMOUNT",
  "ERROR_STOCK_SHORTAGE",
  "ERROR_PAID_TWICE",
] as const satisfies readonly ErrorOrderStatus[];

export type RefundOwedStatus = (typeof REFUND_OWED_STATUSES)[number];

export function isRefundOwedStatus(status: string): status is RefundOwedStatus {
  return (REFUND_OWED_STATUSES as readonly string[]).includes(status);
}

/**
 * Hidden entry: a refund of money owed back reached SUCCESSFUL (after-sale/refunds.service.ts, ADR 066).
 * It ends the "Do zwrotu" mark of the owed entries before it; the history keeps both facts. Like an
 * ERROR* entry it is an annotation: it never becomes the order's status and transitions ignore it.
 */
export const REFUND_OWED_RETURNED = "REFUND_OWED_RETURNED";

/** Does the shop owe this order's customer money back: an owed entry with no "returned" entry after it? */
export function isRefundOwed(
  statuses: readonly (Pick<StatusEntry, "status"> & Partial<Pick<StatusEntry, "createdAt">>)[],
): boolean {
  const marks = byCreation(statuses).filter(
    (entry) => isRefundOwedStatus(entry.status) || entry.status === REFUND_OWED_RETURNED,
  );
  return marks.length > 0 && marks.at(-1)?.status !== REFUND_OWED_RETURNED;
}

/** Order statuses an unpaid order may be in when its payment time runs out (it is then canceled). */
export const UNPAID_STATUSES = [
  "NEW",
  "PAYMENT_NEW",
  "PAYMENT_PENDING",
  "PAYMENT_ERROR",
] as const satisfies readonly KnownOrderStatus[];

export function isAwaitingPayment(status: string): boolean {
  return status === "PAYMENT_PENDING" || status === "PAYMENT_NEW" || status === "NEW";
}

export type HistoryMode = "compact" | "full";

/**
 * Status history for display: hidden entries omitted, sorted by creation time (oldest first).
 * Compact mode: only the (latest) delivered status when there is one, else the latest status.
 */
export function historyForDisplay<T extends StatusEntry>(statuses: readonly T[], mode: HistoryMode): T[] {
  const visible = byCreation(statuses.filter((entry) => !entry.hidden));
  if (mode === "full") return visible;
  const delivered = visible.filter((entry) => isDeliveredStatus(entry.status)).at(-1);
  const shown = delivered ?? visible.at(-1);
  return shown ? [shown] : [];
}

export type StatusColour = "red" | "green" | "grey" | "indigo";

export function statusColour(status: string): StatusColour {
  if (isErrorStatus(status) || status === "PAYMENT_ERROR" || status === "CANCELED") return "red";
  if (isDeliveredStatus(status)) return "green";
  if (status === "NEW") return "grey";
  return "indigo";
}

export interface ModeratorActions {
  /** "Oznacz jako dostarczone" (adds PARCEL_DELIVERED) */
  markDelivered: boolean;
  /** "Anuluj zamówienie" (adds CANCELED) */
  cancel: boolean;
  /** shipment number entry */
  shipmentNumber: boolean;
}

/**
 * Which moderator actions the order card shows (SPEC §4), derived from the transition table so the
 * page offers exactly what the server accepts: the order-staff service checks
 * `canTransition(order.status, …)` with the same statuses. So mark delivered and the shipment number
 * need a paid order (hidden before payment, once delivered and when canceled) and cancel is offered
 * before the order ships (a paid one is refunded in full; hidden once shipped, delivered or canceled).
 */
export function allowedModeratorActions(status: string): ModeratorActions {
  return {
    markDelivered: canTransition(status, "PARCEL_DELIVERED"),
    cancel: canTransition(status, "CANCELED"),
    shipmentNumber: canTransition(status, "SHIPMENT_NUMBER_ADDED"),
  };
}

export type ResultView = "confirmed" | "canceled" | "pending" | "error";

/**
 * The /gotowe page by the order's current status: confirmed (paid, including every later
 * fulfilment or carrier status), canceled, pending (NEW, PAYMENT_NEW, PAYMENT_PENDING: the page
 * polls), else error (PAYMENT_ERROR, ERROR*) with a retry button.
 */
export function resultView(status: string): ResultView {
  if (status === "CANCELED") return "canceled";
  if (isAwaitingPayment(status)) return "pending";
  if (
    status === "PAYMENT_CONFIRMED" ||
    (FULFILMENT_AFTER_PAYMENT as readonly string[]).includes(status) ||
    isCarrierStatus(status)
  ) {
    return "confirmed";
  }
  return "error";
}

/**
 * Until when the shopper may still pay the order ("Zapłać" on the order pages): its reservation's end
 * (reservedUntil, ISO) while it is unpaid (UNPAID_STATUSES) and that time has not passed; else null
 * (paid, canceled, fulfilled, or expired and about to be canceled by the payment timeout).
 */
export function payableUntil(
  order: { status: string; reservedUntil: string | null },
  now: Date = new Date(),
): string | null {
  if (!(UNPAID_STATUSES as readonly string[]).includes(order.status) || !order.reservedUntil) return null;
  const until = Date.parse(order.reservedUntil);
  return Number.isFinite(until) && until > now.getTime() ? order.reservedUntil : null;
}
