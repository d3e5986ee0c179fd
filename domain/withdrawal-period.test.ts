import { describe, expect, it } from "vitest";
import { deliveredAt, type StatusAt, type WithdrawalWindow, withdrawalWindow } from "./withdrawal-period";

const at = (status: string, createdAt: string): StatusAt => ({ status, createdAt });
const paid = [at("NEW", "2026-03-01T09:00:00.000Z"), at("PAYMENT_CONFIRMED", "2026-03-01T09:05:00.000Z")];
const deliveredOn = (instant: string, status = "PARCEL_DELIVERED") => [...paid, at(status, instant)];

describe("deliveredAt", () => {
  it.each<[string, StatusAt[], string | null]>([
    ["not delivered", paid, null],
    ["empty history", [], null],
    ["staff marked it", deliveredOn("2026-03-20T10:00:00.000Z"), "2026-03-20T10:00:00.000Z"],
    [
      "the carrier's status",
      deliveredOn("2026-03-20T10:00:00.000Z", "INPOST_delivered"),
      "2026-03-20T10:00:00.000Z",
    ],
    ["picked up", deliveredOn("2026-03-20T10:00:00.000Z", "PARCEL_RECEIVED"), "2026-03-20T10:00:00.000Z"],
    [
      "the first of several, whatever their order in the list",
      [
        ...paid,
        at("PARCEL_DELIVERED", "2026-03-22T10:00:00.000Z"),
        at("INPOST_delivered", "2026-03-20T10:00:00.000Z"),
      ],
      "2026-03-20T10:00:00.000Z",
    ],
    [
      "a carrier status that is not delivery",
      deliveredOn("2026-03-20T10:00:00.000Z", "INPOST_out_for_delivery"),
      null,
    ],
  ])("%s", (_name, statuses, expected) => {
    expect(deliveredAt(statuses)?.toISOString() ?? null).toBe(expected);
  });
});

describe("withdrawalWindow", () => {
  const open = (endsAt: string | null): WithdrawalWindow => ({
    open: true,
    endsAt: endsAt === null ? null : new Date(endsAt),
  });
  const ended = (endsAt: string): WithdrawalWindow => ({
    open: false,
    endsAt: new Date(endsAt),
    reason: "ended",
  });

  it.each<[string, StatusAt[], string, string, WithdrawalWindow]>([
    ["paid, not yet delivered", paid, "PAYMENT_CONFIRMED", "2026-03-02T10:00:00.000Z", open(null)],
    [
      "shipped, not yet delivered",
      [...paid, at("SHIPMENT_NUMBER_ADDED", "2026-03-02T10:00:00.000Z")],
      "SHIPMENT_NUMBER_ADDED",
      "2026-06-01T10:00:00.000Z",
      open(null),
    ],
    // summer time begins on 29.03: day 14 ends at 23:59:59.999 +02:00
    [
      "delivered 20.03 (CET): open on 3.04 at 23:59:59.999 CEST",
      deliveredOn("2026-03-20T10:00:00.000Z"),
      "PARCEL_DELIVERED",
      "2026-04-03T21:59:59.999Z",
      open("2026-04-03T21:59:59.999Z"),
    ],
    [
      "delivered 20.03: closed on 4.04 at 00:00 Warsaw time",
      deliveredOn("2026-03-20T10:00:00.000Z"),
      "PARCEL_DELIVERED",
      "2026-04-03T22:00:00.000Z",
      ended("2026-04-03T21:59:59.999Z"),
    ],
    // winter time begins on 25.10: day 14 ends at 23:59:59.999 +01:00
    [
      "delivered 20.10 (CEST): open at 23:30 Warsaw time on 3.11",
      deliveredOn("2026-10-20T10:00:00.000Z"),
      "PARCEL_DELIVERED",
      "2026-11-03T22:30:00.000Z",
      open("2026-11-03T22:59:59.999Z"),
    ],
    [
      "delivered 20.10: closed on 4.11 at 00:00 Warsaw time",
      deliveredOn("2026-10-20T10:00:00.000Z"),
      "PARCEL_DELIVERED",
      "2026-11-03T23:00:00.000Z",
      ended("2026-11-03T22:59:59.999Z"),
    ],
    [
      "delivered at 23:30 Warsaw time counts as that day (UTC is still the same day)",
      deliveredOn("2026-07-10T21:30:00.000Z"),
      "PARCEL_DELIVERED",
      "2026-07-24T21:59:59.999Z",
      open("2026-07-24T21:59:59.999Z"),
    ],
    [
      "delivered at 00:10 Warsaw time is the next day, though UTC says the day before",
      deliveredOn("2026-07-10T22:10:00.000Z", "INPOST_delivered"),
      "INPOST_delivered",
      "2026-07-25T10:00:00.000Z",
      open("2026-07-25T21:59:59.999Z"),
    ],
    [
      "long after delivery",
      deliveredOn("2026-03-20T10:00:00.000Z"),
      "PARCEL_DELIVERED",
      "2026-12-01T10:00:00.000Z",
      ended("2026-04-03T21:59:59.999Z"),
    ],
    [
      "canceled (its current status)",
      [at("NEW", "2026-03-01T09:00:00.000Z"), at("CANCELED", "2026-03-01T10:00:00.000Z")],
      "CANCELED",
      "2026-03-02T10:00:00.000Z",
      { open: false, endsAt: null, reason: "canceled" },
    ],
    [
      "paid after it was canceled (the money is owed back, nothing was sold)",
      [
        at("NEW", "2026-03-01T09:00:00.000Z"),
        at("CANCELED", "2026-03-01T10:00:00.000Z"),
        at("PAYMENT_CONFIRMED", "2026-03-01T11:00:00.000Z"),
      ],
      "PAYMENT_CONFIRMED",
      "2026-03-02T10:00:00.000Z",
      { open: false, endsAt: null, reason: "canceled" },
    ],
    [
      "never paid",
      [at("NEW", "2026-03-01T09:00:00.000Z"), at("PAYMENT_PENDING", "2026-03-01T09:05:00.000Z")],
      "PAYMENT_PENDING",
      "2026-03-02T10:00:00.000Z",
      { open: false, endsAt: null, reason: "not-paid" },
    ],
  ])("%s", (_name, statuses, orderStatus, now, expected) => {
    expect(withdrawalWindow({ statuses, orderStatus, now: new Date(now) })).toEqual(expected);
  });
});
