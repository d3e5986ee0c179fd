import { Link } from "react-router";
import { ChevronRightIcon } from "../../components/icons";
import { useT } from "../../lib/i18n";

export interface Crumb {
  name: string;
  /** absent for the current page */
  to?: string;
  /** the name's language when it is not the page's (a Polish category in English, web/lib/i18n.tsx) */
  lang?: string;
}

/** Breadcrumb trail; the last item is the current page. */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const t = useT();
  return (
    <nav aria-label={t("nav.breadcrumbs")} className="text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1">
        {items.map((item, index) => (
          <li
            key={item.to ?? `current-${item.name}`}
            lang={item.lang}
            className="flex min-w-0 items-center gap-1"
          >
            {index > 0 ? <ChevronRightIcon className="size-4 shrink-0 text-stone-400" /> : null}
            {item.to ? (
              <Link
                to={item.to}
                className="rounded-sm underline-offset-4 hover:text-stone-900 hover:underline"
              >
                {item.name}
              </Link>
            ) : (
              <span aria-current="page" className="truncate font-medium text-stone-800">
                {item.name}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
