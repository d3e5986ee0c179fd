import { Form, Link } from "react-router";
import { orderStatusKey } from "../../../../domain/i18n";
import { KNOWN_ORDER_STATUSES } from "../../../../domain/order-status";
import { useT } from "../../../lib/i18n";
import { STAFF_SECTIONS } from "../../../lib/staff-paths";
import { FILTER_INPUT, FILTER_LABEL, PRIMARY_BUTTON } from "./pager";

// The orders list's filters: a GET form, so the filters live in the URL (shareable, back button)
// and work without JavaScript.

export interface OrderFilterValues {
  status: string;
  od: string;
  do: string;
  szukaj: string;
  /** "1": only orders with money owed back */
  zwrot: string;
}

export function OrderFilters({ values }: { values: OrderFilterValues }) {
  const t = useT();
  return (
    <Form
      method="get"
      role="search"
      className="mt-4 grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2 lg:grid-cols-[1fr_10rem_10rem_12rem_auto] lg:items-end"
    >
      <div>
        <label htmlFor="orders-search" className={FILTER_LABEL}>
          {t("staff.orders.search")}
        </label>
        <input
          id="orders-search"
          name="szukaj"
          type="search"
          defaultValue={values.szukaj}
          maxLength={100}
          className={FILTER_INPUT}
        />
      </div>
      <div>
        <label htmlFor="orders-from" className={FILTER_LABEL}>
          {t("staff.orders.from")}
        </label>
        <input id="orders-from" name="od" type="date" defaultValue={values.od} className={FILTER_INPUT} />
      </div>
      <div>
        <label htmlFor="orders-to" className={FILTER_LABEL}>
          {t("staff.orders.to")}
        </label>
        <input id="orders-to" name="do" type="date" defaultValue={values.do} className={FILTER_INPUT} />
      </div>
      <div>
        <label htmlFor="orders-status" className={FILTER_LABEL}>
          {t("staff.orders.status")}
        </label>
        <select id="orders-status" name="status" defaultValue={values.status} className={FILTER_INPUT}>
          <option value="">{t("staff.orders.allStatuses")}</option>
          {KNOWN_ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(orderStatusKey(status))}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:col-span-2 lg:col-span-4">
        <label className="inline-flex min-h-10 items-center gap-2 text-sm font-semibold text-stone-800">
          <input
            type="checkbox"
            name="zwrot"
            value="1"
            defaultChecked={values.zwrot === "1"}
            className="size-4 accent-accent-600"
          />
          {t("staff.orders.refundOwedOnly")}
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={PRIMARY_BUTTON}>
          {t("staff.shell.filter")}
        </button>
        <Link
          to={STAFF_SECTIONS.orders}
          className="text-sm font-semibold text-accent-700 underline-offset-2 hover:underline"
        >
          {t("staff.shell.clearFilters")}
        </Link>
      </div>
    </Form>
  );
}
