import { describe, expect, it } from "vitest";
import { complaintPeriod } from "./complaint-period";
import type { StatusAt } from "./withdrawal-period";

// The 2-year liability for non-conformity (art. 43c): from delivery (else payment), to the end of the
// same Warsaw day 2 years later, around the boundary, across time zones and a leap day.

const at = (status: string, createdAt: string): StatusAt => ({ status, createdAt });
const paidOn = (instant: string) => [at("NEW", instant), at("PAYMENT_CONFIRMED", instant)];
const deliveredOn = (instant: string) => [
  ...paidOn("2024-04-01T08:00:00.000Z"),
  at("IN_DELIVERY", "2024-04-02T08:00:00.000Z"),
  at("PARCEL_DELIVERED", instant),
];
const period = (statuses: StatusAt[], now: string) => {
  const found = complaintPeriod({ statuses, now: new Date(now) });
  return { open: found.open, endsAt: found.endsAt?.toISOString() ?? null, reason: found.reason };
};

describe("complaintPeriod", () => {
  it("has no complaint for an order never paid", () => {
    expect(period([at("NEW", "2024-04-01T08:00:00.000Z")], "2024-04-02T00:00:00.000Z")).toEqual({
      open: false,
      endsAt: null,
      reason: "not-paid",
    });
  });

  // delivered on 10.05.2024 at 12:00 Warsaw (CEST): the period ends on 10.05.2026 at 23:59:59.999 Warsaw
  const delivered = deliveredOn("2024-05-10T10:00:00.000Z");
  const endsAt = "2026-05-10T21:59:59.999Z";
  it.each<[string, string, boolean]>([
    ["the day after delivery", "2024-05-11T10:00:00.000Z", true],
    ["the last day, in the morning", "2026-05-10T06:00:00.000Z", true],
    ["its last millisecond", endsAt, true],
    ["one millisecond later (still 10.05 in UTC)", "2026-05-10T22:00:00.000Z", false],
    ["years later", "2027-01-01T00:00:00.000Z", false],
  ])("delivered: %s", (_name, now, open) => {
    expect(period(delivered, now)).toEqual(open ? { open, endsAt } : { open, endsAt, reason: "ended" });
  });

  it("counts the Warsaw day of delivery, not the UTC one (00:30 Warsaw is the previous day in UTC)", () => {
    // 01.12.2024 00:30 Warsaw (CET) = 30.11.2024 23:30 UTC: ends on 01.12.2026 23:59:59.999 Warsaw
    expect(period(deliveredOn("2024-11-30T23:30:00.000Z"), "2026-12-01T12:00:00.000Z")).toEqual({
      open: true,
      endsAt: "2026-12-01T22:59:59.999Z",
    });
  });

  it("ends on 28 February when the start was 29 February", () => {
    expect(period(deliveredOn("2024-02-29T12:00:00.000Z"), "2026-03-01T00:00:00.000Z")).toEqual({
      open: false,
      endsAt: "2026-02-28T22:59:59.999Z",
      reason: "ended",
    });
  });

  it("counts from the payment when the order was never marked delivered", () => {
    const paid = paidOn("2024-06-15T10:00:00.000Z");
    expect(period(paid, "2026-06-15T21:59:59.999Z")).toEqual({
      open: true,
      endsAt: "2026-06-15T21:59:59.999Z",
    });
    expect(period(paid, "2026-06-15T22:00:00.000Z").open).toBe(false);
  });
});
