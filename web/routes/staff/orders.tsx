import { Link, useLoaderData } from "react-router";
import { formatDateTime } from "../../../domain/i18n";
import { formatPrice } from "../../../domain/money";
import { isRefundOwed } from "../../../domain/order-status";
import { isValidDateString } from "../../../domain/validation/common";
import { pageNumberSchema } from "../../../domain/validation/pagination";
import { EmailText } from "../../components/email-text";
import { StatusBadge } from "../../components/order-card";
import { OrderFilters } from "../../components/staff/orders/order-filters";
import { Pager } from "../../components/staff/orders/pager";
import { OrderSelect, OrdersBulkBar } from "../../components/staff/orders-bulk-bar";
import { useLang, useT } from "../../lib/i18n";
import { requireStaff } from "../../lib/staff.server";
import { staffMeta } from "../../lib/staff-meta";
import { staffOrderPath } from "../../lib/staff-paths";
import type { Route } from "./+types/orders";
import { bulkShipmentsAction } from "./order-shipment.server";

// /konto/sklep/zamowienia (shop staff): every order, newest first, filtered by status, by the days
// placed (od, do), by number or e-mail and to those with money owed back (zwrot=1, "Do zwrotu");
// the filters and the page live in the URL.

const PAGE_SIZE = 20;

export function meta({ matches }: Route.MetaArgs) {
  return staffMeta(matches, "staff.segment.zamowienia");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request);
  const params = new URL(request.url).searchParams;
  const raw = {
    status: params.get("status") ?? "",
    od: params.get("od") ?? "",
    do: params.get("do") ?? "",
    szukaj: params.get("szukaj") ?? "",
    zwrot: params.get("zwrot") === "1" ? "1" : "",
  };
  // a malformed date is ignored rather than refused (it came from the address bar)
  const day = (value: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(value) && isValidDateString(value) ? value : undefined;
  const page = pageNumberSchema.parse(params.get("strona") ?? undefined);
  const list = await context.services.orderStaff.list({
    status: raw.status.trim().slice(0, 40) || undefined,
    refundOwed: raw.zwrot === "1",
    search: raw.szukaj.trim().slice(0, 100) || undefined,
    from: day(raw.od),
    to: day(raw.do),
    page,
    pageSize: PAGE_SIZE,
  });
  return { list, values: raw };
}

/** "Utwórz przesyłki" for the ticked orders (issue 29) */
export const action = bulkShipmentsAction;

/** Money arrived that the order cannot take: staff must return it (issue 24). */
function RefundOwedBadge() {
  const t = useT();
  return (
    <span className="inline-flex items-center rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-semibold text-white">
      {t("staff.orders.refundOwed")}
    </span>
  );
}

export default function StaffOrders() {
  const t = useT();
  const lang = useLang();
  const { list, values } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {t("staff.segment.zamowienia")}
      </h1>
      <OrderFilters values={values} />
      <p className="mt-4 text-sm text-stone-600" aria-live="polite">
        {t("staff.shell.results", { count: list.total })}
      </p>
      {list.items.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-white p-6 text-center text-stone-700 shadow-sm ring-1 ring-stone-200">
          {t("staff.empty")}
        </p>
      ) : (
        <OrdersBulkBar />
      )}
      {list.items.length === 0 ? null : (
        <ul className="mt-3 divide-y divide-stone-200 rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
          {list.items.map((order) => (
            <li
              key={order._id}
              className="grid gap-x-4 gap-y-1 p-4 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1.5fr)_auto_auto] sm:items-center"
            >
              <span className="flex items-center gap-3">
                <OrderSelect order={order} />
                <Link
                  to={staffOrderPath(order._id)}
                  className="font-semibold text-accent-700 underline-offset-2 hover:underline"
                >
                  {t("order.viewTitle", { orderNumber: order.orderNumber })}
                </Link>
              </span>
              <p className="min-w-0 text-sm text-stone-700">
                <span className="block wrap-anywhere">
                  <EmailText email={order.email} />
                </span>
                <time dateTime={order.createdAt} className="text-stone-500">
                  {formatDateTime(lang, order.createdAt)}
                </time>
              </p>
              <p className="text-sm font-semibold whitespace-nowrap text-stone-900">
                {formatPrice(order.priceGrosze)}
              </p>
              <p className="flex flex-wrap gap-1.5">
                <StatusBadge entry={{ status: order.status, data: null }} />
                {isRefundOwed(order.statuses) ? <RefundOwedBadge /> : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={list.page} pageSize={list.pageSize} total={list.total} />
    </div>
  );
}
