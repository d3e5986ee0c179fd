import { Form, Link } from "react-router";
import type { AvailabilityLevel } from "../../../../domain/availability";
import type { MessageKey } from "../../../../domain/i18n";
import { useT } from "../../../lib/i18n";
import { staffEditPath } from "../../../lib/staff-paths";
import { SubmitButton } from "../../form-field";
import { HeaderCells } from "../header-cells";

// The warehouse table: one row per product without variants and per variant, its stock editable
// inline (a number input), rows selectable for a bulk "set to N" / "add N". Only rows whose number
// differs from what was loaded are saved, with the figure loaded (the server refuses a row an order
// changed since, ADR 038). Rows are coloured by availability level; the units unpaid orders hold
// are shown next to the stock.

/** The table's columns after the selection box. */
const COLUMNS: readonly MessageKey[] = [
  "staff.warehouse.product",
  "staff.warehouse.variant",
  "staff.warehouse.quantity",
  "staff.warehouse.held",
  "staff.warehouse.level",
];

export interface StockTableRow {
  productId: number;
  variantId: number | null;
  title: string;
  variant: string;
  quantity: number;
  level: AvailabilityLevel;
  isHidden: boolean;
  /** units held by unpaid orders (already taken from the stock shown) */
  heldByUnpaid: number;
}

export const rowKey = (row: { productId: number; variantId: number | null }) =>
  `${row.productId}:${row.variantId ?? ""}`;

const ROW_COLOURS: Record<AvailabilityLevel, string> = {
  0: "bg-red-50",
  1: "bg-amber-50",
  2: "",
  3: "",
};
const LEVEL_BADGES: Record<AvailabilityLevel, string> = {
  0: "bg-red-100 text-red-800",
  1: "bg-amber-100 text-amber-900",
  2: "bg-stone-100 text-stone-800",
  3: "bg-emerald-100 text-emerald-800",
};

export function StockTable({
  rows,
  typed,
  rowErrors,
  submitting,
}: {
  rows: readonly StockTableRow[];
  /** values typed before a refused save */
  typed?: Record<string, string>;
  rowErrors?: Record<string, boolean>;
  submitting: boolean;
}) {
  const t = useT();
  return (
    <Form method="post" className="mt-4">
      <div className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
        {/* first in the DOM, so Enter in a stock input saves (never a bulk change); shown last */}
        <div className="order-last ml-auto">
          <SubmitButton pending={submitting}>{t("staff.warehouse.save")}</SubmitButton>
        </div>
        <fieldset className="flex flex-wrap items-end gap-3">
          <legend className="mb-1.5 text-sm font-semibold text-stone-800">{t("staff.warehouse.bulk")}</legend>
          <div>
            <label htmlFor="bulk-amount" className="mb-1.5 block text-sm text-stone-700">
              {t("staff.warehouse.bulkAmount")}
            </label>
            <input
              id="bulk-amount"
              name="bulkAmount"
              type="number"
              step={1}
              inputMode="numeric"
              className="block w-28 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base"
            />
          </div>
          <button
            type="submit"
            name="intent"
            value="bulk-set"
            disabled={submitting}
            className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold ring-1 ring-stone-300 hover:bg-stone-50"
          >
            {t("staff.warehouse.bulkSet")}
          </button>
          <button
            type="submit"
            name="intent"
            value="bulk-add"
            disabled={submitting}
            className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold ring-1 ring-stone-300 hover:bg-stone-50"
          >
            {t("staff.warehouse.bulkAdd")}
          </button>
        </fieldset>
      </div>

      <div className="mt-4 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="border-b border-stone-200 text-stone-600">
            <tr>
              <th scope="col" className="w-12 p-3">
                <input
                  type="checkbox"
                  aria-label={t("staff.warehouse.selectAll")}
                  className="size-5 accent-accent-600"
                  onChange={(event) => {
                    const form = event.currentTarget.form;
                    for (const box of form?.querySelectorAll<HTMLInputElement>('input[name="select"]') ??
                      []) {
                      box.checked = event.currentTarget.checked;
                    }
                  }}
                />
              </th>
              <HeaderCells columns={COLUMNS} className="p-3 font-medium" />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const key = rowKey(row);
              const name = row.variant ? `${row.title} — ${row.variant}` : row.title;
              const invalid = rowErrors?.[key] === true;
              return (
                <tr key={key} className={`border-b border-stone-100 ${ROW_COLOURS[row.level]}`}>
                  <td className="p-3">
                    <input
                      type="checkbox"
                      name="select"
                      value={key}
                      aria-label={t("staff.warehouse.selectRow", { name })}
                      className="size-5 accent-accent-600"
                    />
                  </td>
                  <th scope="row" className="p-3 font-medium text-stone-900">
                    <Link to={staffEditPath("products", row.productId)} className="hover:underline">
                      {row.title}
                    </Link>
                    {row.isHidden ? (
                      <span className="ml-2 rounded-full bg-stone-800 px-2 py-0.5 text-xs text-white">
                        {t("staff.products.flag.isHidden")}
                      </span>
                    ) : null}
                  </th>
                  <td className="p-3 text-stone-700">{row.variant || "—"}</td>
                  <td className="p-3">
                    <input type="hidden" name="row" value={key} />
                    <input type="hidden" name="original" value={row.quantity} />
                    <input
                      name="quantity"
                      type="number"
                      min={0}
                      step={1}
                      inputMode="numeric"
                      required
                      defaultValue={typed?.[key] ?? row.quantity}
                      aria-label={t("staff.warehouse.quantityOf", { name })}
                      aria-invalid={invalid || undefined}
                      className={`block w-24 rounded-lg border bg-white px-2 py-1.5 text-base ${invalid ? "border-red-600" : "border-stone-300"}`}
                    />
                    {invalid ? (
                      <p className="mt-1 text-xs font-medium text-red-700">{t("staff.warehouse.rowError")}</p>
                    ) : null}
                  </td>
                  <td className="p-3 text-stone-700" data-testid="held-by-unpaid">
                    {row.heldByUnpaid > 0 ? row.heldByUnpaid : "—"}
                  </td>
                  <td className="p-3">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${LEVEL_BADGES[row.level]}`}
                    >
                      {t(`staff.warehouse.level${row.level}`)}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Form>
  );
}
