import { sql } from "drizzle-orm";
import {
  averageOrder,
  conversionRate,
  type DailyFigure,
  fillDays,
  type ShopStats,
  STATS_TIME_ZONE,
  type StatusFigure,
  statsQuerySchema,
  type TopProduct,
} from "../../../domain/stats";
import { parseForm } from "../../../domain/validation/errors";
import type { Db } from "../../db/client";
import { fail, ok, type Result } from "../../lib/result";

// The staff dashboard's figures (GET /api/shops/stats): one SQL query per figure over the orders
// placed in the period (Warsaw calendar days). What "paid" means is in domain/stats.ts.

const TOP_PRODUCTS = 10;

type Row = Record<string, unknown>;

function rowsOf(result: { rows: Row[] }): Row[] {
  return result.rows;
}

const num = (value: unknown): number => Number(value ?? 0);

export function createStatsService(db: Db) {
  return {
    async stats(input: unknown): Promise<Result<ShopStats>> {
      const parsed = parseForm(statsQuerySchema, input);
      if (!parsed.ok) return fail("validation", parsed.errors);
      const { from, to } = parsed.data;
      // the period as instants: from 00:00 Warsaw to the next day after `to`, 00:00 Warsaw
      const start = sql`(${from}::date::timestamp at time zone ${STATS_TIME_ZONE})`;
      const end = sql`((${to}::date + 1)::timestamp at time zone ${STATS_TIME_ZONE})`;
      const inPeriod = sql`o.created_at >= ${start} and o.created_at < ${end}`;
      const dayOf = sql`to_char(o.created_at at time zone ${STATS_TIME_ZONE}, 'YYYY-MM-DD')`;

      const daily = rowsOf(
        await db.execute<Row>(sql`
          select ${dayOf} as day, coalesce(sum(o.price_grosze), 0)::bigint as revenue, count(*)::int as paid
          from orders o
          where ${inPeriod} and o.paid_at is not null
          group by 1 order by 1`),
      ).map(
        (row): DailyFigure => ({
          day: String(row.day),
          revenueGrosze: num(row.revenue),
          paidOrders: num(row.paid),
        }),
      );

      const byStatus = rowsOf(
        await db.execute<Row>(sql`
          select o.status, count(*)::int as orders
          from orders o
          where ${inPeriod}
          group by o.status order by 2 desc, 1`),
      ).map((row): StatusFigure => ({ status: String(row.status), orders: num(row.orders) }));

      const topProducts = rowsOf(
        await db.execute<Row>(sql`
          select i.product_id, min(i.product_title) as title, sum(i.quantity)::int as units,
                 sum(i.quantity * i.unit_price_grosze)::bigint as revenue
          from order_items i join orders o on o.id = i.order_id
          where ${inPeriod} and o.paid_at is not null
          group by i.product_id, case when i.product_id is null then i.product_title end
          order by units desc, revenue desc, title
          limit ${TOP_PRODUCTS}`),
      ).map(
        (row): TopProduct => ({
          productId: row.product_id === null ? null : num(row.product_id),
          title: String(row.title),
          units: num(row.units),
          revenueGrosze: num(row.revenue),
        }),
      );

      const [totals] = rowsOf(
        await db.execute<Row>(sql`
          select count(*)::int as started,
                 count(*) filter (where o.paid_at is not null)::int as paid,
                 coalesce(sum(o.price_grosze) filter (where o.paid_at is not null), 0)::bigint as revenue
          from orders o
          where ${inPeriod}`),
      );
      const startedOrders = num(totals?.started);
      const paidOrders = num(totals?.paid);
      const revenueGrosze = num(totals?.revenue);
      return ok({
        from,
        to,
        daily: fillDays(from, to, daily),
        byStatus,
        topProducts,
        startedOrders,
        paidOrders,
        revenueGrosze,
        averageOrderGrosze: averageOrder(revenueGrosze, paidOrders),
        conversion: conversionRate(paidOrders, startedOrders),
      });
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
