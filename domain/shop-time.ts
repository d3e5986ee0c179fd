// The shop's time zone (issue 24): every date a person types or reads is a day in Poland, so a
// coupon ending on 31.12.2026 ends at 23:59:59.999 Warsaw time and is shown as 31.12.2026 again.
// Dates are stored as instants (timestamptz); these helpers turn a typed day into the instants
// that bound it and an instant back into its day. Poland changes the clock at 02:00/03:00, never
// at midnight, so every day has one midnight.

export const SHOP_TIME_ZONE = "Europe/Warsaw";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const partsFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** Is the text a day "YYYY-MM-DD" (without a time)? */
export function isDayString(value: string): boolean {
  return DAY.test(value);
}

/** The shop's calendar day of an instant, "YYYY-MM-DD" (en-CA formats that way). */
export function shopDay(instant: Date | string | number): string {
  return dayFormat.format(new Date(instant));
}

/** How far Warsaw's wall clock is ahead of UTC at this instant, in milliseconds (1 or 2 hours). */
function offsetAt(instant: number): number {
  const parts = Object.fromEntries(
    partsFormat.formatToParts(new Date(instant)).map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** 00:00 in Warsaw on the day "YYYY-MM-DD", as epoch milliseconds (NaN for anything else). */
export function shopDayStart(day: string): number {
  const match = DAY.exec(day);
  if (!match) return Number.NaN;
  const wall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(wall)) return Number.NaN;
  const guess = wall - offsetAt(wall);
  return wall - offsetAt(guess);
}

/** 23:59:59.999 in Warsaw on the day "YYYY-MM-DD" (the next day's midnight less 1 ms). */
export function shopDayEnd(day: string): number {
  const match = DAY.exec(day);
  if (!match) return Number.NaN;
  const next = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1));
  return shopDayStart(next.toISOString().slice(0, 10)) - 1;
}

/** The day `days` calendar days after "YYYY-MM-DD" (negative goes back); "" for anything but a day. */
export function addShopDays(day: string, days: number): string {
  const match = DAY.exec(day);
  if (!match || !Number.isInteger(days)) return "";
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return date.toISOString().slice(0, 10);
}

/**
 * 23:59:59.999 Warsaw time on the `days`-th calendar day after the Warsaw day of `instant`, as a
 * Date: the legal "N days from the day of …" deadlines (the day of the event itself is not
 * counted, art. 111 of the civil code). A clock change in between does not move it off midnight.
 */
export function endOfShopDayAfter(instant: Date | string | number, days: number): Date {
  return new Date(shopDayEnd(addShopDays(shopDay(instant), days)));
}
