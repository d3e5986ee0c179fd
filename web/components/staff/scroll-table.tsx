import type { ReactNode } from "react";
import type { MessageKey } from "../../../domain/i18n";
import { HeaderCells } from "./header-cells";

// A preview's table (the bulk edit's, the product import's): a scrolling box whose header row stays
// in view, its columns titled by their keys; the caller gives the body rows.

export function ScrollTable({
  columns,
  children,
  height = "max-h-96",
}: {
  columns: readonly MessageKey[];
  children: ReactNode;
  /** the box's height class */
  height?: string;
}) {
  return (
    <div className={`mt-2 ${height} overflow-auto rounded-lg ring-1 ring-stone-200`}>
      <table className="w-full text-left text-sm">
        <thead className="sticky top-0 bg-stone-100">
          <tr>
            <HeaderCells columns={columns} className="p-2" />
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">{children}</tbody>
      </table>
    </div>
  );
}
