import { Link, useLoaderData } from "react-router";
import { AFTER_SALE_FILTERS, isAfterSaleFilter } from "../../../domain/after-sale-status";
import { formatDate } from "../../../domain/i18n";
import { Pager } from "../../components/staff/orders/pager";
import "../../lib/after-sale-texts";
import { useLang, useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import type { Route } from "./+types/returns";
import { CaseDeadline } from "./returns-deadline";
import { staffCasePath } from "./returns-paths";

// /konto/sklep/zwroty (shop staff): the returns desk (issue 27). Every withdrawal and complaint with
// its order number, customer, kind, state and deadline (counted, red once passed, amber when close),
// filtered by the desk's filters (?filtr=: zgłoszone, towar otrzymany, zwrócono pieniądze,
// odrzucone/zakończone) and paged in the database (?strona=), the most pressing deadline first.

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, "staff.segment.zwroty");
}

const PAGE_SIZE = 20;

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const filter = params.get("filtr");
  const page = Number(params.get("strona") ?? "1");
  const list = await context.services.returnsDesk.list({
    filtr: isAfterSaleFilter(filter) ? filter : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    pageSize: PAGE_SIZE,
  });
  return { ...list, filter: isAfterSaleFilter(filter) ? filter : null, now: new Date().toISOString() };
}

function FilterLinks({ current }: { current: string | null }) {
  const t = useT();
  const entries: [string | null, string][] = [
    [null, t("afterSale.filter.all")],
    ...AFTER_SALE_FILTERS.map((filter): [string, string] => [filter, t(`afterSale.filter.${filter}`)]),
  ];
  return (
    <nav aria-label={t("afterSale.desk.filters")} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {entries.map(([filter, label]) => (
          <li key={filter ?? "all"}>
            <Link
              to={filter ? `${STAFF_SECTIONS.returns}?filtr=${filter}` : STAFF_SECTIONS.returns}
              aria-current={current === filter ? "page" : undefined}
              className={`inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold ring-1 ${
                current === filter
                  ? "bg-accent-600 text-white ring-accent-600"
                  : "bg-white text-stone-800 ring-stone-300 hover:ring-accent-600"
              }`}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function StaffReturns() {
  const t = useT();
  const lang = useLang();
  const { items, total, page, pageSize, filter, now } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {t("afterSale.desk.title")}
      </h1>
      <p className="mt-2 text-sm text-stone-700">{t("afterSale.desk.intro")}</p>
      <FilterLinks current={filter} />
      {items.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-6 text-center text-stone-700 shadow-sm ring-1 ring-stone-200">
          {t("afterSale.desk.empty")}
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-stone-200 rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
          {items.map((item) => (
            <li key={item._id} className="grid gap-2 p-4 sm:grid-cols-[1fr_auto] sm:items-center">
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">
                  <Link
                    to={staffCasePath(item._id)}
                    aria-label={t("afterSale.desk.open", { orderNumber: item.orderNumber })}
                    className="text-accent-700 underline underline-offset-2"
                  >
                    {item.orderNumber}
                  </Link>{" "}
                  <span className="font-normal text-stone-700">· {t(`afterSale.kind.${item.kind}`)}</span>
                </p>
                <p className="mt-1 break-words text-sm text-stone-700">
                  {item.customerName ? `${item.customerName}, ` : ""}
                  {item.customerEmail}
                </p>
                <p className="mt-1 text-xs text-stone-600">
                  {t("afterSale.desk.received")}: {formatDate(lang, item.createdAt)}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2 sm:justify-end">
                <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-800">
                  {t(`afterSale.state.${item.kind}.${item.status}`)}
                </span>
                <CaseDeadline deadlineAt={item.deadlineAt} awaiting={item.awaiting} now={now} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={pageSize} total={total} />
    </div>
  );
}
