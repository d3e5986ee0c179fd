import { formatPrice } from "../../../domain/money";
import type { BulkPreview, BulkRow, BulkState } from "../../../server/web-door";
import { useT } from "../../lib/i18n";
import { ScrollTable } from "./scroll-table";

// The preview of a bulk edit: the counts, then per product what it is and what it becomes, or why
// it is refused (the first rows only: the counts say how many more).

const SHOWN_ROWS = 200;
const COLUMNS = ["staff.productBulk.product", "staff.productBulk.before", "staff.productBulk.after"] as const;

function useStateText() {
  const t = useT();
  return (state: BulkState, kind: "price" | "flag" | "category") => {
    if (kind === "flag") return state.value ? t("staff.productBulk.yes") : t("staff.productBulk.no");
    if (kind === "category")
      return state.value ? t("staff.productBulk.inCategory") : t("staff.productBulk.notInCategory");
    const parts = [formatPrice(state.priceGrosze ?? 0)];
    if (state.promotionalPriceGrosze != null)
      parts.push(t("staff.productBulk.promotional", { price: formatPrice(state.promotionalPriceGrosze) }));
    if (state.variants && state.variants.length > 0) {
      const prices = state.variants.map((variant) =>
        formatPrice(variant.promotionalPriceGrosze ?? variant.priceGrosze),
      );
      parts.push(t("staff.productBulk.variantPrices", { prices: prices.join(", ") }));
    }
    return parts.join("; ");
  };
}

const kindOf = (row: BulkRow, category: boolean) =>
  row.before.priceGrosze !== undefined ? "price" : category ? "category" : "flag";

export function ProductBulkPreview({ preview, category }: { preview: BulkPreview; category: boolean }) {
  const t = useT();
  const text = useStateText();
  const shown = preview.rows.slice(0, SHOWN_ROWS);
  return (
    <div className="mt-4">
      <p className="text-sm text-stone-800" role="status">
        {t("staff.productBulk.summary", {
          changed: preview.changed,
          unchanged: preview.unchanged,
          refused: preview.refused,
        })}
      </p>
      {preview.refused > 0 ? (
        <p className="mt-1 text-sm text-red-800">{t("staff.productBulk.refusedNote")}</p>
      ) : null}
      {shown.length > 0 ? (
        <ScrollTable columns={COLUMNS}>
          {shown.map((row) => {
            const kind = kindOf(row, category);
            return (
              <tr key={row._id} className={row.refusal ? "bg-red-50" : undefined}>
                <th scope="row" className="p-2 font-medium">
                  {row.title}
                </th>
                <td className="p-2">{text(row.before, kind)}</td>
                <td className={`p-2 ${row.refusal ? "text-red-800" : "font-semibold"}`}>
                  {row.after
                    ? text(row.after, kind)
                    : t(`staff.productBulk.refusal.${row.refusal ?? "not-positive"}`)}
                </td>
              </tr>
            );
          })}
        </ScrollTable>
      ) : null}
      {preview.rows.length > SHOWN_ROWS ? (
        <p className="mt-1 text-sm text-stone-600">
          {t("staff.productBulk.moreRows", { count: preview.rows.length - SHOWN_ROWS })}
        </p>
      ) : null}
    </div>
  );
}
