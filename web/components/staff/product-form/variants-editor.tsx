import { useEffect, useRef, useState } from "react";
import type { MessageKey } from "../../../../domain/i18n";
import { variantKey } from "../../../../domain/pricing";
import {
  type GridField,
  type GridRow,
  variantGrid,
  variantLabel,
} from "../../../../domain/product-variants-grid";
import type { FieldError } from "../../../../domain/validation/errors";
import { useT } from "../../../lib/i18n";
import { FieldErrorText } from "../../form-field";
import { HeaderCells } from "../header-cells";

// The variants editor: one row per combination of the chosen price-changing fields' options, each
// with price, promotional price and quantity. Rows appear and disappear as fields are chosen (a
// removed combination comes back with its values when its field is chosen again). Every row posts
// its own inputs, so without JavaScript the rows of the saved fields can still be edited.

const CELL_INPUT =
  "block w-full min-w-20 rounded-lg border border-stone-300 bg-white px-2 py-2 text-base text-stone-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-600/40";

/** The variants table's columns. */
const COLUMNS: readonly MessageKey[] = [
  "staff.products.form.variant",
  "staff.products.form.price",
  "staff.products.form.promotionalPrice",
  "staff.products.form.quantity",
];

export function VariantsEditor({
  fields,
  chosen,
  initialRows,
  defaultPrice,
  errors,
}: {
  fields: readonly GridField[];
  chosen: readonly number[];
  initialRows: readonly GridRow[];
  /** the product's price as typed, for new rows */
  defaultPrice: () => string;
  errors: Record<string, FieldError>;
}) {
  const t = useT();
  const [rows, setRows] = useState<GridRow[]>(() => [...initialRows]);
  const memory = useRef(new Map<string, GridRow>(initialRows.map((row) => [variantKey(row.fields), row])));
  const chosenKey = chosen.join(",");
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the chosen fields change
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setRows((current) => {
      for (const row of current) memory.current.set(variantKey(row.fields), row);
      return variantGrid(fields, chosen, [...memory.current.values()], { price: defaultPrice() });
    });
  }, [chosenKey]);

  const update = (index: number, patch: Partial<GridRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const chosenFields = fields.filter((field) => chosen.includes(field._id));

  return (
    <fieldset className="min-w-0">
      <legend className="text-base font-semibold text-stone-900">{t("staff.products.form.variants")}</legend>
      <p className="mt-1 text-sm text-stone-600">{t("staff.products.form.variantsHint")}</p>
      <noscript>
        <p className="mt-1 text-sm text-stone-600">{t("staff.products.form.variantsNoScript")}</p>
      </noscript>
      <FieldErrorText id="variants-error" error={errors.variants} />
      {rows.length === 0 ? (
        <p className="mt-3 rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700">
          {t("staff.products.form.variantsEmpty")}
        </p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="text-stone-600">
                <HeaderCells columns={COLUMNS} className="py-2 pr-3 font-medium" last="py-2 font-medium" />
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => {
                const label = variantLabel(chosenFields.length ? chosenFields : fields, row.fields);
                const error = (name: string) => errors[`variants.${index}.${name}`];
                const rowError = error("fields") ?? error("_id");
                return (
                  <tr key={variantKey(row.fields)} className="border-t border-stone-200 align-top">
                    <th scope="row" className="py-2 pr-3 font-medium text-stone-900">
                      {label}
                      <input type="hidden" name="variantFields" value={JSON.stringify(row.fields)} />
                      <input type="hidden" name="variantId" value={row._id ?? ""} />
                      <FieldErrorText id={`variant-${index}-error`} error={rowError} />
                    </th>
                    <td className="py-2 pr-3">
                      <input
                        name="variantPrice"
                        inputMode="decimal"
                        aria-label={`${t("staff.products.form.price")}: ${label}`}
                        aria-invalid={error("priceGrosze") ? true : undefined}
                        value={row.price}
                        onChange={(event) => update(index, { price: event.target.value })}
                        className={CELL_INPUT}
                      />
                      <FieldErrorText id={`variant-${index}-price`} error={error("priceGrosze")} />
                    </td>
                    <td className="py-2 pr-3">
                      <input
                        name="variantPromotionalPrice"
                        inputMode="decimal"
                        aria-label={`${t("staff.products.form.promotionalPrice")}: ${label}`}
                        aria-invalid={error("promotionalPriceGrosze") ? true : undefined}
                        value={row.promotionalPrice}
                        onChange={(event) => update(index, { promotionalPrice: event.target.value })}
                        className={CELL_INPUT}
                      />
                      <FieldErrorText id={`variant-${index}-promo`} error={error("promotionalPriceGrosze")} />
                    </td>
                    <td className="py-2">
                      <input
                        name="variantQuantity"
                        type="number"
                        min={0}
                        step={1}
                        inputMode="numeric"
                        aria-label={`${t("staff.products.form.quantity")}: ${label}`}
                        aria-invalid={error("quantity") ? true : undefined}
                        value={row.quantity}
                        onChange={(event) => update(index, { quantity: event.target.value })}
                        className={CELL_INPUT}
                      />
                      <FieldErrorText id={`variant-${index}-quantity`} error={error("quantity")} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </fieldset>
  );
}
