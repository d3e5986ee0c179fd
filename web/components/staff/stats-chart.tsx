import { useId } from "react";
import type { MessageKey } from "../../../domain/i18n";
import { formatPrice } from "../../../domain/money";
import type { DailyFigure } from "../../../domain/stats";
import { useT } from "../../lib/i18n";
import { FigureTable } from "./figure-table";

// The dashboard's revenue chart: one SVG bar per day (no chart library), scaled to the best day,
// with the figures as a table underneath (the accessible alternative; the SVG itself is one image
// with a label pointing to it).

const HEIGHT = 160;

/** The table's columns. */
const COLUMNS: readonly MessageKey[] = [
  "staff.dashboard.day",
  "staff.dashboard.revenue",
  "staff.dashboard.paidOrders",
];

function shortDay(day: string): string {
  const [, month, date] = day.split("-");
  return `${date}.${month}`;
}

export function StatsChart({ daily, from, to }: { daily: DailyFigure[]; from: string; to: string }) {
  const t = useT();
  const titleId = useId();
  const max = Math.max(...daily.map((d) => d.revenueGrosze), 1);
  const width = Math.max(daily.length, 1) * 12;
  const labelEvery = Math.max(Math.ceil(daily.length / 8), 1);
  return (
    <div>
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${width} ${HEIGHT + 18}`}
        preserveAspectRatio="none"
        className="h-52 w-full text-accent-600"
      >
        <title id={titleId}>{t("staff.dashboard.chartLabel", { from, to })}</title>
        <line x1="0" y1={HEIGHT} x2={width} y2={HEIGHT} stroke="#d6d3d1" strokeWidth="0.5" />
        {daily.map((d, index) => {
          const h = Math.round((d.revenueGrosze / max) * (HEIGHT - 4));
          return (
            <g key={d.day}>
              <rect x={index * 12 + 2} y={HEIGHT - h} width="8" height={h} rx="1.5" fill="currentColor">
                <title>{`${d.day}: ${formatPrice(d.revenueGrosze)} (${d.paidOrders})`}</title>
              </rect>
              {index % labelEvery === 0 ? (
                <text x={index * 12 + 6} y={HEIGHT + 13} textAnchor="middle" fontSize="6" fill="#57534e">
                  {shortDay(d.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold text-accent-700">
          {t("staff.dashboard.showTable")}
        </summary>
        <div className="mt-2 max-h-80 overflow-auto">
          <FigureTable
            columns={COLUMNS}
            caption={t("staff.dashboard.dailyTitle")}
            rows={daily}
            rowKey={(d) => d.day}
            name={(d) => d.day}
            figures={(d) => [{ grosze: d.revenueGrosze }, d.paidOrders]}
          />
        </div>
      </details>
    </div>
  );
}
