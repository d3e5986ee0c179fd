import { describe, expect, it } from "vitest";
import {
  addDays,
  averageOrder,
  conversionRate,
  daysBetween,
  fillDays,
  periodDays,
  presetPeriod,
  statsQuerySchema,
  warsawDay,
} from "./stats";
import { parseForm } from "./validation/errors";

describe("the stats period (Warsaw calendar days)", () => {
  it("knows the Warsaw day of an instant around midnight, in winter and summer time", () => {
    expect(warsawDay(new Date("2026-02-28T23:30:00Z"))).toBe("2026-03-01");
    expect(warsawDay(new Date("2026-02-28T22:59:00Z"))).toBe("2026-02-28");
    expect(warsawDay(new Date("2026-07-01T22:30:00Z"))).toBe("2026-07-02");
    expect(warsawDay(new Date("2026-07-01T21:59:00Z"))).toBe("2026-07-01");
  });

  it("counts days and steps over month ends and the clock change", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-03-29", -1)).toBe("2026-03-28");
    expect(daysBetween("2026-03-01", "2026-03-01")).toBe(1);
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(3);
    expect(periodDays("2026-03-28", "2026-03-30")).toEqual(["2026-03-28", "2026-03-29", "2026-03-30"]);
  });

  it("gives the last N days ending today", () => {
    expect(presetPeriod(7, new Date("2026-11-21T23:30:00Z"))).toEqual({
      from: "2026-11-16",
      to: "2026-11-22",
    });
    expect(presetPeriod(30, new Date("2026-11-21T12:00:00Z"))).toEqual({
      from: "2026-10-23",
      to: "2026-11-21",
    });
  });

  it("accepts from ≤ to within a year and refuses the rest with field errors", () => {
    expect(parseForm(statsQuerySchema, { from: "2026-01-01", to: "2026-01-31" }).ok).toBe(true);
    const reversed = parseForm(statsQuerySchema, { from: "2026-02-01", to: "2026-01-31" });
    expect(reversed.ok ? null : reversed.errors.to?.key).toBe("validation.dateRange");
    const invalid = parseForm(statsQuerySchema, { from: "2026-02-30", to: "nope" });
    expect(invalid.ok ? null : Object.keys(invalid.errors).sort()).toEqual(["from", "to"]);
    const long = parseForm(statsQuerySchema, { from: "2024-01-01", to: "2026-01-01" });
    expect(long.ok ? null : long.errors.from).toEqual({ key: "validation.maxValue", params: { max: 366 } });
  });
});

describe("the figures", () => {
  it("fills days without sales with zeros", () => {
    expect(
      fillDays("2026-03-01", "2026-03-03", [{ day: "2026-03-02", revenueGrosze: 500, paidOrders: 1 }]),
    ).toEqual([
      { day: "2026-03-01", revenueGrosze: 0, paidOrders: 0 },
      { day: "2026-03-02", revenueGrosze: 500, paidOrders: 1 },
      { day: "2026-03-03", revenueGrosze: 0, paidOrders: 0 },
    ]);
  });

  it("average order value and conversion, zero without orders", () => {
    expect(averageOrder(17_999, 3)).toBe(6_000);
    expect(averageOrder(0, 0)).toBe(0);
    expect(conversionRate(3, 5)).toBe(0.6);
    expect(conversionRate(0, 0)).toBe(0);
  });
});
