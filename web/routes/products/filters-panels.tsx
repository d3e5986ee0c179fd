import type { MenuCategory } from "../../../domain/types";
import type { FieldError } from "../../../domain/validation/errors";
import type { ProductQuery } from "../../../domain/validation/product-query";
import { ChevronDownIcon } from "../../components/icons";
import { useT } from "../../lib/i18n";
import { CategoryTreePanel } from "./category-tree-panel";
import { FiltersForm, type PriceInput } from "./filters-form";
import "../../lib/products-texts";

export interface FiltersPanelsProps {
  query: ProductQuery;
  tree: readonly MenuCategory[];
  priceInput: PriceInput;
  priceErrors: Record<string, FieldError> | null;
}

function Panels(props: FiltersPanelsProps) {
  return (
    <div className="space-y-8">
      <CategoryTreePanel query={props.query} tree={props.tree} />
      <FiltersForm query={props.query} priceInput={props.priceInput} priceErrors={props.priceErrors} />
    </div>
  );
}

/**
 * The filter panels: a sidebar from 1024 px, a "Filtry" disclosure (details/summary, no
 * JavaScript needed) on narrower screens. Only one of the two is displayed at a time.
 */
export function FiltersPanels(props: FiltersPanelsProps) {
  const t = useT();
  // an invalid price opens the disclosure so the error is seen
  const open = props.priceErrors !== null;
  return (
    <>
      <details open={open} className="group rounded-xl border border-stone-200 bg-white lg:hidden">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-4 py-3 font-semibold text-stone-900 [&::-webkit-details-marker]:hidden">
          {t("products.filters")}
          <ChevronDownIcon aria-hidden="true" className="size-5 transition-transform group-open:rotate-180" />
        </summary>
        <div className="border-t border-stone-200 px-4 py-4">
          <Panels {...props} />
        </div>
      </details>
      <aside aria-label={t("products.filters")} className="hidden lg:block">
        <Panels {...props} />
      </aside>
    </>
  );
}
