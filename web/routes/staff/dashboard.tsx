import type { ReactNode } from "react";
import { Link, useLoaderData } from "react-router";
import type { MessageKey } from "../../../domain/i18n";
import { orderStatusKey } from "../../../domain/i18n";
import { formatPrice } from "../../../domain/money";
import { isAdmin } from "../../../domain/roles";
import { presetPeriod, STATS_PRESETS } from "../../../domain/stats";
import { FormAlert } from "../../components/form-field";
import { FigureTable } from "../../components/staff/figure-table";
import { FilterForm, FilterInput } from "../../components/staff/filter-fields";
import { PRIMARY_BUTTON } from "../../components/staff/orders/pager";
import { StatsChart } from "../../components/staff/stats-chart";
import "../../lib/after-sale-texts";
import { useLang, useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { STAFF_PATH, STAFF_SECTIONS } from "../../lib/staff-paths";
import type { Route } from "./+types/dashboard";

// /konto/sklep (shop staff): the dashboard. Figures for a period of Polish calendar days (the last
// 7 / 30 / 90 days, or from..to), from the stats service (the same as GET /api/shops/stats): revenue
// per day as a chart with a table, orders by status, top products, average order value, conversion.

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, "staff.title");
}

const DEFAULT_DAYS = 30;

/** The columns of the orders-by-status and the top-products tables. */
const STATUS_COLUMNS: readonly MessageKey[] = ["order.status", "staff.dashboard.orders"];
const PRODUCT_COLUMNS: readonly MessageKey[] = [
  "staff.dashboard.product",
  "staff.dashboard.units",
  "staff.dashboard.revenue",
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const from = params.get("from");
  const to = params.get("to");
  const fallback = presetPeriod(DEFAULT_DAYS);
  const asked = from || to ? { from: from ?? "", to: to ?? "" } : fallback;
  let result = await context.services.stats.stats(asked);
  const invalid = !result.ok;
  if (!result.ok) result = await context.services.stats.stats(fallback);
  if (!result.ok) throw new Response(null, { status: 500 });
  // every order the shop owes money back, whatever the period: a task, not a statistic
  const refundOwed = await context.services.orderStaff.countRefundOwed();
  // background jobs that failed every attempt (admins, who may retry them: docs/decisions/050)
  const failedJobs = isAdmin(user) ? await context.services.jobs.failedCount() : null;
  // withdrawals and complaints not closed, and those past their deadline (issue 27)
  const returns = await context.services.returnsDesk.counts();
  // visible products without the safety information the law asks for (GPSR, issue 30)
  const lackingSafety = await context.services.productAdmin.countLackingSafetyInfo();
  // invoices KSeF refused (issue 28): staff mend the cause and send them again (while KSeF is on)
  const refusedInvoices =
    context.services.config.ksef.env === "off" ? null : await context.services.ksef.refusedCount();
  return {
    stats: result.value,
    invalid,
    asked,
    refundOwed,
    failedJobs,
    returns,
    lackingSafety,
    refusedInvoices,
  };
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-stone-900 sm:text-2xl">{children}</dd>
    </div>
  );
}

/**
 * A count that asks for staff attention: red with its explanation and the way to the filtered list
 * while above zero. The orders that received money they cannot take (issue 24); background jobs in
 * the dead letter (admins).
 */
function AttentionCount({
  id,
  count,
  title,
  text,
  textValues,
  show,
  to,
}: {
  id: string;
  count: number;
  title: MessageKey;
  text: MessageKey;
  textValues?: Record<string, number>;
  show: MessageKey;
  to: string;
}) {
  const t = useT();
  const raised = count > 0;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl p-4 shadow-sm ring-1 ${
        raised ? "bg-red-50 ring-red-300" : "bg-white ring-stone-200"
      }`}
    >
      <h2 id={`${id}-title`} className="font-semibold text-stone-900">
        {t(title)}
      </h2>
      <p
        className={`text-2xl font-semibold ${raised ? "text-red-800" : "text-stone-900"}`}
        data-testid={`${id}-count`}
      >
        {count}
      </p>
      {raised ? (
        <>
          <p className="min-w-0 basis-full text-sm text-red-900 sm:flex-1 sm:basis-auto">
            {t(text, textValues)}
          </p>
          <Link to={to} className="text-sm font-semibold text-red-800 underline underline-offset-2">
            {t(show)}
          </Link>
        </>
      ) : null}
    </section>
  );
}

/** The counts only some see: the refused invoices while KSeF is on, the dead letter for admins. */
const ATTENTION_COUNTS = [
  {
    id: "refused-invoices",
    title: "staff.invoices.dashboardTitle",
    text: "staff.invoices.dashboardText",
    show: "staff.invoices.dashboardShow",
    to: `${STAFF_SECTIONS.invoices}?stan=refused`,
  },
  {
    id: "failed-jobs",
    title: "staff.dashboard.failedJobs",
    text: "staff.dashboard.failedJobsText",
    show: "staff.dashboard.failedJobsShow",
    to: STAFF_SECTIONS.jobs,
  },
] as const satisfies readonly {
  id: string;
  title: MessageKey;
  text: MessageKey;
  show: MessageKey;
  to: string;
}[];

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5">
      <h2 className="mb-3 font-semibold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

function PeriodPicker({ from, to }: { from: string; to: string }) {
  const t = useT();
  return (
    <section aria-label={t("staff.dashboard.period")} className="mt-4 flex flex-wrap items-end gap-3">
      <ul className="flex flex-wrap gap-2">
        {STATS_PRESETS.map((days) => {
          const period = presetPeriod(days);
          const current = period.from === from && period.to === to;
          return (
            <li key={days}>
              <Link
                to={`${STAFF_PATH}?from=${period.from}&to=${period.to}`}
                aria-current={current ? "true" : undefined}
                className={`inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold ring-1 ${
                  current
                    ? "bg-accent-600 text-white ring-accent-600"
                    : "bg-white text-stone-800 ring-stone-300"
                }`}
              >
                {t("staff.dashboard.lastDays", { days })}
              </Link>
            </li>
          );
        })}
      </ul>
      <FilterForm
        values={{ from, to }}
        className="flex flex-wrap items-end gap-2"
        aria-label={t("staff.dashboard.custom")}
      >
        <FilterInput id="stats-from" name="from" type="date" required label="staff.dashboard.from" />
        <FilterInput id="stats-to" name="to" type="date" required label="staff.dashboard.to" />
        <button type="submit" className={PRIMARY_BUTTON}>
          {t("staff.dashboard.show")}
        </button>
      </FilterForm>
    </section>
  );
}

export default function StaffDashboard() {
  const t = useT();
  const lang = useLang();
  const { stats, invalid, refundOwed, failedJobs, returns, lackingSafety, refusedInvoices } =
    useLoaderData<typeof loader>();
  const percent = new Intl.NumberFormat(lang === "pl" ? "pl-PL" : "en-GB", {
    style: "percent",
    maximumFractionDigits: 1,
  });
  return (
    <div>
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">{t("staff.title")}</h1>
      <AttentionCount
        id="refund-owed"
        count={refundOwed}
        title="staff.dashboard.refundOwed"
        text="staff.dashboard.refundOwedText"
        show="staff.dashboard.refundOwedShow"
        to={`${STAFF_SECTIONS.orders}?zwrot=1`}
      />
      <AttentionCount
        id="returns"
        count={returns.open}
        title="staff.segment.zwroty"
        text="afterSale.desk.dashboardText"
        textValues={returns}
        show="afterSale.desk.dashboardShow"
        to={STAFF_SECTIONS.returns}
      />
      <AttentionCount
        id="gpsr"
        count={lackingSafety}
        title="staff.dashboard.gpsr"
        text="staff.dashboard.gpsrText"
        show="staff.dashboard.gpsrShow"
        to={`${STAFF_SECTIONS.products}?gpsr=brak`}
      />
      {/* invoices KSeF refused (while KSeF is on), jobs in the dead letter (admins) */}
      {ATTENTION_COUNTS.map((counter) => {
        const count = counter.id === "refused-invoices" ? refusedInvoices : failedJobs;
        return count === null ? null : <AttentionCount key={counter.id} {...counter} count={count} />;
      })}
      <PeriodPicker from={stats.from} to={stats.to} />
      {invalid ? (
        <div className="mt-3">
          <FormAlert message={t("validation.dateRange")} />
        </div>
      ) : null}
      <p className="mt-3 text-sm text-stone-600">{t("staff.dashboard.definition")}</p>
      {stats.startedOrders === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-6 text-center text-stone-700 shadow-sm ring-1 ring-stone-200">
          {t("staff.dashboard.noOrders")}
        </p>
      ) : (
        <div className="mt-4 space-y-4">
          <dl className="grid grid-cols-2 gap-3 xl:grid-cols-5">
            <Figure label={t("staff.dashboard.revenue")}>{formatPrice(stats.revenueGrosze)}</Figure>
            <Figure label={t("staff.dashboard.paidOrders")}>{stats.paidOrders}</Figure>
            <Figure label={t("staff.dashboard.startedOrders")}>{stats.startedOrders}</Figure>
            <Figure label={t("staff.dashboard.averageOrder")}>{formatPrice(stats.averageOrderGrosze)}</Figure>
            <Figure label={t("staff.dashboard.conversion")}>{percent.format(stats.conversion)}</Figure>
          </dl>
          <Card title={t("staff.dashboard.dailyTitle")}>
            <StatsChart daily={stats.daily} from={stats.from} to={stats.to} />
          </Card>
          <div className="grid gap-4 lg:grid-cols-2">
            <Card title={t("staff.dashboard.byStatus")}>
              <FigureTable
                columns={STATUS_COLUMNS}
                rows={stats.byStatus}
                rowKey={(row) => row.status}
                name={(row) => (
                  <Link
                    to={`${STAFF_SECTIONS.orders}?status=${encodeURIComponent(row.status)}&od=${stats.from}&do=${stats.to}`}
                    className="text-accent-700 underline-offset-2 hover:underline"
                  >
                    {t(orderStatusKey(row.status))}
                  </Link>
                )}
                figures={(row) => [row.orders]}
              />
            </Card>
            <Card title={t("staff.dashboard.topProducts")}>
              {stats.topProducts.length === 0 ? (
                <p className="text-sm text-stone-700">{t("staff.empty")}</p>
              ) : (
                <FigureTable
                  columns={PRODUCT_COLUMNS}
                  rows={stats.topProducts}
                  rowKey={(row) => `${row.productId}-${row.title}`}
                  name={(row) => row.title}
                  figures={(row) => [row.units, { grosze: row.revenueGrosze }]}
                />
              )}
            </Card>
          </div>
        </div>
      )}
    </div>
  );
}
