import { Link } from "react-router";
import { type ProductQuery, productListHref } from "../../../domain/validation/product-query";
import { ChevronLeftIcon, ChevronRightIcon } from "../../components/icons";
import { useT } from "../../lib/i18n";
import { paginationItems } from "./model";
import "../../lib/products-texts";

const itemClass =
  "inline-flex min-w-10 items-center justify-center gap-1 rounded-md border px-3 py-2 text-sm";

/** Page links (rel prev/next) of the list; plain links, so they work without JavaScript. */
export function Pagination({
  query,
  page,
  pageCount,
}: {
  query: ProductQuery;
  page: number;
  pageCount: number;
}) {
  const t = useT();
  const items = paginationItems(page, pageCount);
  if (items.length === 0) return null;
  const href = (number: number) => productListHref({ ...query, strona: number });
  return (
    <nav aria-label={t("products.pagination")} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link
              to={href(page - 1)}
              rel="prev"
              className={`${itemClass} border-stone-300 bg-white text-stone-800 hover:border-accent-600`}
            >
              <ChevronLeftIcon aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">{t("products.previousPage")}</span>
            </Link>
          </li>
        ) : null}
        {items.map((item) =>
          "gap" in item ? (
            <li key={item.key} aria-hidden="true" className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to={href(item.page)}
                aria-current={item.page === page ? "page" : undefined}
                aria-label={t("products.pageNumber", { page: item.page })}
                className={`${itemClass} ${
                  item.page === page
                    ? "border-accent-600 bg-accent-600 font-semibold text-white"
                    : "border-stone-300 bg-white text-stone-800 hover:border-accent-600"
                }`}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link
              to={href(page + 1)}
              rel="next"
              className={`${itemClass} border-stone-300 bg-white text-stone-800 hover:border-accent-600`}
            >
              <span className="max-sm:sr-only">{t("products.nextPage")}</span>
              <ChevronRightIcon aria-hidden="true" className="size-4" />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
