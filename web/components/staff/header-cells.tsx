// The header cells (<th scope="col">) of the staff tables: the audit log, the warehouse, the product
// variants and the dashboard's figures.

/** One cell a label: `className` for each, `first` and `last` for the end ones when they differ. */
export function HeaderCells({
  labels,
  className,
  first = className,
  last = className,
}: {
  labels: readonly string[];
  className: string;
  first?: string;
  last?: string;
}) {
  return labels.map((label, index) => (
    <th
      key={label}
      scope="col"
      className={index === 0 ? first : index === labels.length - 1 ? last : className}
    >
      {label}
    </th>
  ));
}

/** A figures table's header: the first column a name, the others right-aligned numbers. */
export function FigureHeaderCells({ labels }: { labels: readonly string[] }) {
  return (
    <HeaderCells
      labels={labels}
      first="py-1.5 pr-3 font-medium"
      className="py-1.5 pr-3 text-right font-medium"
      last="py-1.5 text-right font-medium"
    />
  );
}
