import { describe, expect, it } from "vitest";
import { formatDate } from "./i18n";
import { addShopDays, endOfShopDayAfter, isDayString, shopDay, shopDayEnd, shopDayStart } from "./shop-time";

describe("shop days (Europe/Warsaw)", () => {
  it.each<[string, string, string]>([
    // winter (UTC+1)
    ["2026-12-31", "2026-12-30T23:00:00.000Z", "2026-12-31T22:59:59.999Z"],
    ["2027-01-01", "2026-12-31T23:00:00.000Z", "2027-01-01T22:59:59.999Z"],
    // summer (UTC+2)
    ["2026-07-15", "2026-07-14T22:00:00.000Z", "2026-07-15T21:59:59.999Z"],
    // the days the clock changes: 23 and 25 hours long
    ["2026-03-29", "2026-03-28T23:00:00.000Z", "2026-03-29T21:59:59.999Z"],
    ["2026-10-25", "2026-10-24T22:00:00.000Z", "2026-10-25T22:59:59.999Z"],
  ])("%s starts at %s and ends at %s", (day, start, end) => {
    expect(new Date(shopDayStart(day)).toISOString()).toBe(start);
    expect(new Date(shopDayEnd(day)).toISOString()).toBe(end);
    expect(shopDay(shopDayStart(day))).toBe(day);
    expect(shopDay(shopDayEnd(day))).toBe(day);
  });

  it("reads an instant as the Warsaw day, not the UTC one", () => {
    expect(shopDay("2026-12-31T23:30:00.000Z")).toBe("2027-01-01");
    expect(shopDay(new Date("2026-06-30T22:30:00.000Z"))).toBe("2026-07-01");
    expect(shopDay("2026-06-30T21:30:00.000Z")).toBe("2026-06-30");
  });

  it("is the zone every date is shown in (formatDate)", () => {
    expect(formatDate("pl", new Date(shopDayEnd("2026-12-31")))).toBe("31.12.2026");
    expect(formatDate("pl", new Date(shopDayStart("2026-07-01")))).toBe("1.07.2026");
  });

  it("refuses what is not a day", () => {
    expect(Number.isNaN(shopDayStart("2026-12-31T00:00:00Z"))).toBe(true);
    expect(Number.isNaN(shopDayEnd("31.12.2026"))).toBe(true);
    expect(isDayString("2026-12-31")).toBe(true);
    expect(isDayString("2026-12-31T10:00:00Z")).toBe(false);
  });
});

describe("addShopDays / endOfShopDayAfter", () => {
  it.each<[string, number, string]>([
    ["2026-03-20", 14, "2026-04-03"],
    ["2026-12-25", 14, "2027-01-08"],
    ["2028-02-20", 14, "2028-03-05"],
    ["2026-03-01", -1, "2026-02-28"],
    ["2026-03-01", 0, "2026-03-01"],
    ["31.12.2026", 1, ""],
  ])("%s + %i days = %j", (day, days, expected) => {
    expect(addShopDays(day, days)).toBe(expected);
  });

  it.each<[string, number, string]>([
    // the event's Warsaw day counts, not its UTC day; clock changes in between
    ["2026-03-20T10:00:00.000Z", 14, "2026-04-03T21:59:59.999Z"],
    ["2026-10-20T10:00:00.000Z", 14, "2026-11-03T22:59:59.999Z"],
    ["2026-03-19T23:10:00.000Z", 14, "2026-04-03T21:59:59.999Z"],
    ["2026-03-20T22:30:00.000Z", 14, "2026-04-03T21:59:59.999Z"],
    ["2026-03-20T23:10:00.000Z", 14, "2026-04-04T21:59:59.999Z"],
  ])("%s + %i days ends at %s", (instant, days, end) => {
    expect(endOfShopDayAfter(instant, days).toISOString()).toBe(end);
  });
});
