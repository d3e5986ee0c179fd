import { Link } from "react-router";
import type { MenuCategory } from "../../../domain/types";
import { clearFilters, type ProductQuery, productListHref } from "../../../domain/validation/product-query";
import { CloseIcon } from "../../components/icons";
import { useT } from "../../lib/i18n";
import { filterChips } from "./model";
import "../../lib/products-texts";

/** One removable chip per active filter (a link to the list without it), and "clear all" for two or more. */
export function FilterChips({ query, tree }: { query: ProductQuery; tree: readonly MenuCategory[] }) {
  const t = useT();
  const chips = filterChips(query, tree, t);
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 className="sr-only">{t("products.activeFilters")}</h2>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.filter}>
            <Link
              to={chip.href}
              preventScrollReset
              aria-label={t("products.removeFilter", { name: chip.label })}
              className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-stone-300 bg-white py-1 pr-2 pl-3 text-sm text-stone-800 hover:border-accent-600 hover:text-accent-800"
            >
              <span className="truncate">{chip.label}</span>
              <CloseIcon aria-hidden="true" className="size-4 shrink-0" />
            </Link>
          </li>
        ))}
      </ul>
      {chips.length > 1 ? (
        <Link
          to={productListHref(clearFilters(query))}
          preventScrollReset
          className="text-sm text-accent-700 underline underline-offset-2 hover:text-accent-800"
        >
          {t("products.clearFilters")}
        </Link>
      ) : null}
    </div>
  );
}
