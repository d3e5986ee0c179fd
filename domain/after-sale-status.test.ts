import { describe, expect, it } from "vitest";
import {
  AFTER_SALE_FILTERS,
  AFTER_SALE_KINDS,
  AFTER_SALE_STATES,
  AFTER_SALE_TRANSITIONS,
  type AfterSaleFilter,
  type AfterSaleKind,
  canRefundTransition,
  canTransition,
  complaintAnswerDeadline,
  complaintReminderDue,
  type DeadlineUrgency,
  deadlineUrgency,
  filterOfState,
  isAfterSaleFilter,
  isClosedState,
  isFinalRefundStatus,
  REFUND_STATUSES,
  refundDeadline,
  shopDaysLeft,
  statesForFilter,
} from "./after-sale-status";

/** Every allowed move; everything else (the rest of the square) must be refused. */
const ALLOWED: Record<AfterSaleKind, readonly string[]> = {
  withdrawal: [
    "REPORTED>GOODS_RECEIVED",
    "REPORTED>REFUNDED",
    "REPORTED>REJECTED",
    "GOODS_RECEIVED>REFUNDED",
    "GOODS_RECEIVED>REJECTED",
    "REFUNDED>CLOSED",
  ],
  complaint: [
    "REPORTED>ACCEPTED",
    "REPORTED>REJECTED",
    "ACCEPTED>REFUNDED",
    "ACCEPTED>CLOSED",
    "REFUNDED>CLOSED",
  ],
};

const square = AFTER_SALE_KINDS.flatMap((kind) =>
  AFTER_SALE_STATES[kind].flatMap((from) =>
    AFTER_SALE_STATES[kind].map((to): [AfterSaleKind, string, string, boolean] => [
      kind,
      from,
      to,
      ALLOWED[kind].includes(`${from}>${to}`),
    ]),
  ),
);

describe("canTransition", () => {
  it.each(square)("%s: %s -> %s: %s", (kind, from, to, allowed) => {
    expect(canTransition(kind, from, to)).toBe(allowed);
  });

  it.each<[AfterSaleKind, string, string]>([
    ["withdrawal", "REPORTED", "ACCEPTED"],
    ["complaint", "REPORTED", "GOODS_RECEIVED"],
    ["withdrawal", "reported", "REFUNDED"],
    ["complaint", "", "ACCEPTED"],
    ["withdrawal", "REPORTED", "toString"],
    ["complaint", "constructor", "CLOSED"],
  ])("%s: refuses a state of the other kind or none: %j -> %j", (kind, from, to) => {
    expect(canTransition(kind, from, to)).toBe(false);
  });

  it("tables list every state of their kind and point only at them", () => {
    for (const kind of AFTER_SALE_KINDS) {
      const table = AFTER_SALE_TRANSITIONS[kind] as Record<string, readonly string[]>;
      expect(Object.keys(table).sort()).toEqual([...AFTER_SALE_STATES[kind]].sort());
      for (const targets of Object.values(table)) {
        for (const target of targets) expect(AFTER_SALE_STATES[kind]).toContain(target);
      }
    }
  });

  it.each<[AfterSaleKind, string, boolean]>([
    ["withdrawal", "REPORTED", false],
    ["withdrawal", "GOODS_RECEIVED", false],
    ["withdrawal", "REFUNDED", false],
    ["withdrawal", "REJECTED", true],
    ["withdrawal", "CLOSED", true],
    ["complaint", "ACCEPTED", false],
    ["complaint", "REJECTED", true],
    ["complaint", "CLOSED", true],
    ["complaint", "GOODS_RECEIVED", false],
  ])("isClosedState(%s, %s) -> %s", (kind, state, closed) => {
    expect(isClosedState(kind, state)).toBe(closed);
  });
});

describe("the returns desk's filters", () => {
  it.each<[AfterSaleFilter, AfterSaleKind, string[]]>([
    ["reported", "withdrawal", ["REPORTED"]],
    ["reported", "complaint", ["REPORTED", "ACCEPTED"]],
    ["goods-received", "withdrawal", ["GOODS_RECEIVED"]],
    ["goods-received", "complaint", []],
    ["refunded", "withdrawal", ["REFUNDED"]],
    ["refunded", "complaint", ["REFUNDED"]],
    ["done", "withdrawal", ["REJECTED", "CLOSED"]],
    ["done", "complaint", ["REJECTED", "CLOSED"]],
  ])("%s shows %s cases in %j", (filter, kind, states) => {
    expect(statesForFilter(filter, kind)).toEqual(states);
  });

  it("lists every state under exactly one filter", () => {
    for (const kind of AFTER_SALE_KINDS) {
      const listed = AFTER_SALE_FILTERS.flatMap((filter) => statesForFilter(filter, kind));
      expect([...listed].sort()).toEqual([...AFTER_SALE_STATES[kind]].sort());
      for (const state of AFTER_SALE_STATES[kind]) expect(filterOfState(kind, state)).not.toBeNull();
    }
    expect(filterOfState("withdrawal", "ACCEPTED")).toBeNull();
  });

  it.each<[unknown, boolean]>([
    ["reported", true],
    ["done", true],
    ["closed", false],
    [undefined, false],
  ])("isAfterSaleFilter(%j) -> %s", (value, ok) => {
    expect(isAfterSaleFilter(value)).toBe(ok);
  });
});

describe("deadlines", () => {
  it.each<[string, string]>([
    // the receipt's Warsaw day + 14, ending at 23:59:59.999 Warsaw time, across clock changes
    ["2026-03-20T10:00:00.000Z", "2026-04-03T21:59:59.999Z"],
    ["2026-10-20T10:00:00.000Z", "2026-11-03T22:59:59.999Z"],
    // received at 00:30 Warsaw time on 21.11 (23:30 UTC on 20.11)
    ["2026-11-20T23:30:00.000Z", "2026-12-05T22:59:59.999Z"],
    // received at 23:30 Warsaw time on 20.11
    ["2026-11-20T22:30:00.000Z", "2026-12-04T22:59:59.999Z"],
  ])("received %s: refund and answer due by %s", (receivedAt, deadline) => {
    expect(refundDeadline(receivedAt).toISOString()).toBe(deadline);
    expect(complaintAnswerDeadline(new Date(receivedAt)).toISOString()).toBe(deadline);
  });

  // due by the end of 4.12.2026 (23:59:59.999 +01:00)
  const deadline = new Date("2026-12-04T22:59:59.999Z");
  it.each<[string, string, DeadlineUrgency, boolean, boolean]>([
    ["a week before", "2026-11-27T10:00:00.000Z", "ok", false, false],
    ["the last minute of 30.11", "2026-11-30T22:59:59.999Z", "ok", false, false],
    ["00:00 on 1.12, three days before", "2026-11-30T23:00:00.000Z", "close", true, false],
    ["the deadline's day", "2026-12-04T12:00:00.000Z", "close", true, false],
    ["its last millisecond", "2026-12-04T22:59:59.999Z", "close", true, false],
    ["00:00 on 5.12", "2026-12-04T23:00:00.000Z", "overdue", false, false],
  ])("%s: %s, reminder due %s (sent already: %s)", (_name, now, urgency, due, dueIfSent) => {
    expect(deadlineUrgency(deadline, new Date(now))).toBe(urgency);
    expect(complaintReminderDue(deadline, new Date(now), false)).toBe(due);
    expect(complaintReminderDue(deadline, new Date(now), true)).toBe(dueIfSent);
  });

  it("counts 3 calendar days across the clock change (due 27.10, close from 24.10 00:00 CEST)", () => {
    const due = complaintAnswerDeadline("2026-10-13T10:00:00.000Z");
    expect(due.toISOString()).toBe("2026-10-27T22:59:59.999Z");
    expect(deadlineUrgency(due, new Date("2026-10-23T21:59:59.999Z"))).toBe("ok");
    expect(deadlineUrgency(due, new Date("2026-10-23T22:00:00.000Z"))).toBe("close");
  });
});

describe("refund statuses", () => {
  const ALLOWED_REFUND = [
    "REQUESTED>NEW",
    "REQUESTED>PENDING",
    "REQUESTED>SUCCESSFUL",
    "REQUESTED>FAILED",
    "REQUESTED>CANCELLED",
    "NEW>PENDING",
    "NEW>SUCCESSFUL",
    "NEW>FAILED",
    "NEW>CANCELLED",
    "PENDING>SUCCESSFUL",
    "PENDING>FAILED",
    "PENDING>CANCELLED",
  ];
  it.each(
    REFUND_STATUSES.flatMap((from) =>
      REFUND_STATUSES.map((to): [string, string, boolean] => [
        from,
        to,
        ALLOWED_REFUND.includes(`${from}>${to}`),
      ]),
    ),
  )("%s -> %s: %s", (from, to, allowed) => {
    expect(canRefundTransition(from, to)).toBe(allowed);
  });

  it.each<[string, boolean]>([
    ["REQUESTED", false],
    ["NEW", false],
    ["PENDING", false],
    ["SUCCESSFUL", true],
    ["FAILED", true],
    ["CANCELLED", true],
    ["CANCELED", false],
  ])("isFinalRefundStatus(%s) -> %s", (status, final) => {
    expect(isFinalRefundStatus(status)).toBe(final);
  });

  it("refuses unknown statuses", () => {
    expect(canRefundTransition("NEW", "CONFIRMED")).toBe(false);
    expect(canRefundTransition("REJECTED", "NEW")).toBe(false);
  });
});

describe("shopDaysLeft", () => {
  const deadline = refundDeadline("2026-03-20T10:00:00Z"); // the end of 3 April in Warsaw
  it.each([
    ["2026-03-31T12:00:00Z", 3],
    ["2026-03-28T23:30:00Z", 5], // 29 March (the clocks go forward that night)
    ["2026-04-03T21:00:00Z", 0], // 23:00 on the last day
    ["2026-04-03T22:30:00Z", -1], // 00:30 on 4 April
  ])("at %s: %i", (now, days) => {
    expect(shopDaysLeft(deadline, new Date(now))).toBe(days);
  });
});
