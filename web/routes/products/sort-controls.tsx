import { useId } from "react";
import { Form, Link } from "react-router";
import {
  type ProductQuery,
  productListHref,
  RELEVANCE,
  toggleSortDirection,
} from "../../../domain/validation/product-query";
import { ChevronDownIcon } from "../../components/icons";
import { useT } from "../../lib/i18n";
import { PRODUCTS_PATH } from "../../lib/paths";
import { HiddenFields } from "./hidden-fields";
import { SORT_LABEL_KEYS, sortOptions } from "./model";
import { useApplyForm } from "./use-apply-form";
import "../../lib/products-texts";

/**
 * Sort selector (Sortuj wg: nazwy, daty dodania, ceny; trafności while searching) and the
 * direction toggle. The selector is a GET form without sortujTyp, so changing the field resets the
 * direction to ascending (SPEC §2); it applies on change with JavaScript, with its button without.
 */
export function SortControls({ query }: { query: ProductQuery }) {
  const t = useT();
  const { apply, onSubmit } = useApplyForm();
  const selectId = useId();
  const directionLabel = t(query.sortujTyp === "asc" ? "products.sortAsc" : "products.sortDesc");
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Form method="get" action={PRODUCTS_PATH} onSubmit={onSubmit} className="flex items-center gap-2">
        <HiddenFields query={query} omit={["sortujWg", "sortujTyp", "strona"]} />
        <label htmlFor={selectId} className="text-sm text-stone-700">
          {t("products.sortBy")}
        </label>
        <select
          id={selectId}
          name="sortujWg"
          defaultValue={query.sortujWg}
          key={query.sortujWg}
          onChange={(event) => apply(event.currentTarget.form)}
          className="rounded-md border border-stone-300 bg-white py-1.5 pr-8 pl-2 text-sm text-stone-900 focus-visible:border-accent-600 focus-visible:outline-offset-0"
        >
          {sortOptions(query).map((field) => (
            <option key={field} value={field}>
              {t(SORT_LABEL_KEYS[field])}
            </option>
          ))}
        </select>
        {/* without JavaScript the selector applies with its button; with it, on change — a <noscript>
            (not a hydration switch) so the row never reflows when the page hydrates on a phone */}
        <noscript>
          <button
            type="submit"
            className="rounded-md border border-stone-300 bg-stone-100 px-3 py-1.5 text-sm text-stone-800 hover:bg-stone-200"
          >
            {t("products.sortApply")}
          </button>
        </noscript>
      </Form>
      {query.sortujWg === RELEVANCE ? null : (
        <Link
          to={productListHref(toggleSortDirection(query))}
          preventScrollReset
          rel="nofollow"
          className="inline-flex items-center gap-1 rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm text-stone-800 hover:border-accent-600 hover:text-accent-800"
        >
          <span className="sr-only">{t("products.toggleSortDirection")}: </span>
          {directionLabel}
          <ChevronDownIcon
            aria-hidden="true"
            className={`size-4 transition-transform ${query.sortujTyp === "asc" ? "rotate-180" : ""}`}
          />
        </Link>
      )}
    </div>
  );
}
