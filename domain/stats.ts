// The staff dashboard's period and figures (issue 6, GET /api/shops/stats). Pure helpers: the
// period is a range of Polish calendar days (Europe/Warsaw), both ends included.
//
// What counts (our definition, SPEC §7 leaves the shape open):
// - an order belongs to the day it was placed (created_at, Warsaw time);
// - "started" = every order placed in the period; "paid" = those whose payment was confirmed
//   (paid_at is set when PAYMENT_CONFIRMED is reached; a canceled order never reaches it, since
//   CANCELED is only allowed before payment, and a late payment of a canceled order is refused);
// - revenue = the paid orders' totals (products + delivery − coupon), in grosze;
// - average order value = revenue / paid orders (rounded to a grosz); conversion = paid / started.

import { z } from "zod";
import { SHOP_TIME_ZONE, shopDay } from "./shop-time";
import { isValidDateString } from "./validation/common";
import { MSG } from "./validation/messages";

export const STATS_TIME_ZONE = SHOP_TIME_ZONE;
/** The longest period one request may ask for (days). */
export const STATS_MAX_DAYS = 366;
export const STATS_PRESETS = [7, 30, 90] as const;
export type StatsPreset = (typeof STATS_PRESETS)[number];

const DAY_MS = 86_400_000;

const day = z
  .string({ error: MSG.required })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.invalid })
  .refine(isValidDateString, { error: MSG.invalid });

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: from ≤ to, at most STATS_MAX_DAYS days. */
export const statsQuerySchema = z
  .object({ from: day, to: day })
  .refine((value) => value.from <= value.to, { error: MSG.dateRange, path: ["to"] })
  .refine((value) => daysBetween(value.from, value.to) <= STATS_MAX_DAYS, {
    error: MSG.maxValue,
    params: { max: STATS_MAX_DAYS },
    path: ["from"],
  });
export type StatsQuery = z.output<typeof statsQuerySchema>;

/** The Warsaw calendar day of an instant, "YYYY-MM-DD" (domain/shop-time.ts). */
export function warsawDay(instant: Date): string {
  return shopDay(instant);
}

/** `value` ± `days` calendar days. */
export function addDays(value: string, days: number): string {
  return new Date(Date.parse(`${value}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days from..to covers (both included). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The last `days` days ending today (Warsaw). */
export function presetPeriod(days: number, now: Date = new Date()): StatsQuery {
  const to = warsawDay(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** Every day of the period, in order. */
export function periodDays(from: string, to: string): string[] {
  const count = Math.max(daysBetween(from, to), 0);
  return Array.from({ length: count }, (_, index) => addDays(from, index));
}

export interface DailyFigure {
  day: string;
  revenueGrosze: number;
  paidOrders: number;
}

export interface StatusFigure {
  status: string;
  orders: number;
}

export interface TopProduct {
  productId: number | null;
  title: string;
  units: number;
  revenueGrosze: number;
}

export interface ShopStats {
  from: string;
  to: string;
  /** every day of the period (zero days included) */
  daily: DailyFigure[];
  byStatus: StatusFigure[];
  topProducts: TopProduct[];
  startedOrders: number;
  paidOrders: number;
  revenueGrosze: number;
  /** revenue / paid orders, rounded; 0 without paid orders */
  averageOrderGrosze: number;
  /** paid / started, 0..1; 0 without orders */
  conversion: number;
}

/** Fills the days without sales with zeros. */
export function fillDays(from: string, to: string, rows: readonly DailyFigure[]): DailyFigure[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return periodDays(from, to).map((d) => byDay.get(d) ?? { day: d, revenueGrosze: 0, paidOrders: 0 });
}

export function averageOrder(revenueGrosze: number, paidOrders: number): number {
  return paidOrders > 0 ? Math.round(revenueGrosze / paidOrders) : 0;
}

export function conversionRate(paidOrders: number, startedOrders: number): number {
  return startedOrders > 0 ? paidOrders / startedOrders : 0;
}
