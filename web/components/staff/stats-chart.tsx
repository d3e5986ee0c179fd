import { useId } from "react";
import { formatPrice } from "../../../domain/money";
import type { DailyFigure } from "../../../domain/stats";
import { useT } from "../../lib/i18n";
import { FigureHeaderCells } from "./header-cells";

// The dashboard's revenue chart: one SVG bar per day (no chart library), scaled to the best day,
// with the figures as a table underneath (the accessible alternative; the SVG itself is one image
// with a label pointing to it).

const HEIGHT = 160;

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
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("staff.dashboard.dailyTitle")}</caption>
            <thead>
              <tr className="border-b border-stone-200 text-stone-600">
                <FigureHeaderCells
                  labels={[
                    t("staff.dashboard.day"),
                    t("staff.dashboard.revenue"),
                    t("staff.dashboard.paidOrders"),
                  ]}
                />
              </tr>
            </thead>
            <tbody>
              {daily.map((d) => (
                <tr key={d.day} className="border-b border-stone-100">
                  <th scope="row" className="py-1.5 pr-3 font-normal">
                    {d.day}
                  </th>
                  <td className="py-1.5 pr-3 text-right whitespace-nowrap">{formatPrice(d.revenueGrosze)}</td>
                  <td className="py-1.5 text-right">{d.paidOrders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
