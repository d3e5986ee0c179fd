import { Fragment } from "react";
import { Link, useLocation, useMatches } from "react-router";
import { useT } from "../../lib/i18n";

// Breadcrumbs of the staff area (SPEC §2: built from the path segments, each labelled by a
// translation `staff.segment.<segment>`). A numeric id shows the record's title when the page's
// loader gives one (`crumb` in its data), else "#12". Segments that are no page of their own
// ("edytuj") are plain text; the last one is the current page.

const NOT_A_PAGE = new Set(["edytuj", "klienci"]);

export interface Crumb {
  label: string;
  /** the path up to this segment (unique) */
  path: string;
  /** a link, or null for the current page and segments that are no page */
  to: string | null;
}

export function staffCrumbs(pathname: string, t: (key: string) => string, recordTitle?: string): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  return segments.map((segment, index) => {
    const to = `/${segments.slice(0, index + 1).join("/")}`;
    const last = index === segments.length - 1;
    // a customer's key names a record too: "z" + one of a guest's order ids (issue 29)
    const label = /^z?\d+$/.test(segment)
      ? last && recordTitle
        ? recordTitle
        : `#${segment}`
      : t(`staff.segment.${decodeURIComponent(segment)}`);
    return { label, path: to, to: last || NOT_A_PAGE.has(segment) ? null : to };
  });
}

export function StaffBreadcrumbs() {
  const t = useT();
  const { pathname } = useLocation();
  const data = useMatches().at(-1)?.data as { crumb?: unknown } | undefined;
  const crumbs = staffCrumbs(pathname, t, typeof data?.crumb === "string" ? data.crumb : undefined);
  return (
    <nav aria-label={t("staff.shell.breadcrumbsLabel")} className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-stone-600">
        {crumbs.map((crumb, index) => (
          <Fragment key={crumb.path}>
            {index > 0 ? (
              <li aria-hidden="true" className="text-stone-400">
                ›
              </li>
            ) : null}
            <li>
              {crumb.to ? (
                <Link to={crumb.to} className="underline-offset-2 hover:text-accent-700 hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span
                  aria-current={index === crumbs.length - 1 ? "page" : undefined}
                  className={index === crumbs.length - 1 ? "font-semibold text-stone-900" : undefined}
                >
                  {crumb.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
