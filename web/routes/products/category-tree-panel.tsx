import { useId } from "react";
import { Link } from "react-router";
import { textLang } from "../../../domain/content-language";
import type { MenuCategory } from "../../../domain/types";
import {
  type ProductQuery,
  productListHref,
  updateProductQuery,
} from "../../../domain/validation/product-query";
import { useT } from "../../lib/i18n";
import "../../lib/products-texts";

const linkClass = (current: boolean) =>
  `block rounded-md px-2 py-1.5 text-sm hover:bg-stone-100 hover:text-stone-900 ${
    current ? "bg-accent-50 font-semibold text-accent-800" : "text-stone-700"
  }`;

/** MenuCategory tree (single selection): each link keeps the other filters; the chosen one is marked current. */
export function CategoryTreePanel({ query, tree }: { query: ProductQuery; tree: readonly MenuCategory[] }) {
  const t = useT();
  const headingId = useId();
  const renderLevel = (categories: readonly MenuCategory[]) => (
    <ul className="space-y-0.5">
      {categories.map((category) => {
        const current = query.kategoria === category._id;
        return (
          <li key={category._id}>
            <Link
              to={productListHref(updateProductQuery(query, { kategoria: category._id }))}
              aria-current={current ? "true" : undefined}
              preventScrollReset
              lang={textLang(category, "title")}
              className={linkClass(current)}
            >
              {category.title}
            </Link>
            {category.subcategories.length > 0 ? (
              <div className="ml-3 border-l border-stone-200 pl-2">{renderLevel(category.subcategories)}</div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-sm font-semibold tracking-wide text-stone-900 uppercase">
        {t("products.categoriesPanel")}
      </h2>
      <Link
        to={productListHref(updateProductQuery(query, { kategoria: null }))}
        aria-current={query.kategoria === null ? "true" : undefined}
        preventScrollReset
        className={linkClass(query.kategoria === null)}
      >
        {t("products.allCategories")}
      </Link>
      {renderLevel(tree)}
    </nav>
  );
}
