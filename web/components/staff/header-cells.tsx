import type { MessageKey } from "../../../domain/i18n";
import { useT } from "../../lib/i18n";

// The header cells (<th scope="col">) of the staff tables: the audit log, the warehouse, the product
// variants and the dashboard's figures (FigureTable).

/** One cell a column (its title's key): `className` for each, `first` and `last` for the end ones when they differ. */
export function HeaderCells({
  columns,
  className,
  first = className,
  last = className,
}: {
  columns: readonly MessageKey[];
  className: string;
  first?: string;
  last?: string;
}) {
  const t = useT();
  return columns.map((column, index) => (
    <th
      key={column}
      scope="col"
      className={index === 0 ? first : index === columns.length - 1 ? last : className}
    >
      {t(column)}
    </th>
  ));
}
