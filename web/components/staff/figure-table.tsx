import type { ReactNode } from "react";
import type { MessageKey } from "../../../domain/i18n";
import { formatPrice } from "../../../domain/money";
import { HeaderCells } from "./header-cells";

// The dashboard's figure tables (revenue per day, orders by status, top products): a row is named in
// its first cell, then right-aligned figures — counts, or sums of money that do not wrap.

/** A count, or a sum in grosze. */
export type TableFigure = number | { grosze: number };

export function FigureTable<R>({
  columns,
  caption,
  rows,
  rowKey,
  name,
  figures,
}: {
  /** the titles' keys: the name's column, then one a figure */
  columns: readonly MessageKey[];
  /** a title for screen readers (a table without a visible heading) */
  caption?: string;
  rows: readonly R[];
  rowKey: (row: R) => string;
  name: (row: R) => ReactNode;
  figures: (row: R) => readonly TableFigure[];
}) {
  return (
    <table className="w-full text-left text-sm">
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead>
        <tr className="border-b border-stone-200 text-stone-600">
          <HeaderCells
            columns={columns}
            first="py-1.5 pr-3 font-medium"
            className="py-1.5 pr-3 text-right font-medium"
            last="py-1.5 text-right font-medium"
          />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className="border-b border-stone-100">
            <th scope="row" className="py-1.5 pr-3 font-normal">
              {name(row)}
            </th>
            {figures(row).map((figure, index, all) => (
              <FigureCell key={columns[index + 1]} figure={figure} last={index === all.length - 1} />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FigureCell({ figure, last }: { figure: TableFigure; last: boolean }) {
  const padding = last ? "py-1.5" : "py-1.5 pr-3";
  if (typeof figure === "number") return <td className={`${padding} text-right`}>{figure}</td>;
  return <td className={`${padding} text-right whitespace-nowrap`}>{formatPrice(figure.grosze)}</td>;
}
