import { describe, expect, it } from "vitest";
import { formatDate } from "./i18n";
import { isDayString, shopDay, shopDayEnd, shopDayStart } from "./shop-time";

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
