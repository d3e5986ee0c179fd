import { Link, useLocation } from "react-router";
import { useT } from "../../../lib/i18n";

// Previous / next page links of a staff list (the other query parameters are kept, so the filters
// stay); plain links, so they work without JavaScript.

export function Pager({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const t = useT();
  const { pathname, search } = useLocation();
  const pages = Math.max(Math.ceil(total / pageSize), 1);
  if (pages <= 1) return null;
  const href = (number: number) => {
    const params = new URLSearchParams(search);
    if (number <= 1) params.delete("strona");
    else params.set("strona", String(number));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const link =
    "inline-flex min-h-10 items-center rounded-full border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 hover:border-accent-600";
  return (
    <nav
      aria-label={t("staff.shell.pagination")}
      className="mt-6 flex flex-wrap items-center justify-between gap-3"
    >
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={link}>
          ← {t("common.previous")}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-stone-600">{t("staff.shell.pageOf", { page, pages })}</p>
      {page < pages ? (
        <Link to={href(page + 1)} rel="next" className={link}>
          {t("common.next")} →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

export const FILTER_INPUT =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 focus:outline-none focus-visible:border-accent-600 focus-visible:ring-2 focus-visible:ring-accent-600/40";
export const FILTER_LABEL = "mb-1 block text-sm font-medium text-stone-800";
export const PRIMARY_BUTTON =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-accent-600 px-5 text-sm font-semibold text-white hover:bg-accent-700 disabled:cursor-not-allowed disabled:opacity-50";
export const SECONDARY_BUTTON =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-stone-300 bg-white px-5 text-sm font-semibold text-stone-800 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-50";
export const DANGER_BUTTON =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-red-300 bg-white px-5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50";
