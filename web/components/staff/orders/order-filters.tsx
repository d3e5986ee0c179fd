import { orderStatusKey } from "../../../../domain/i18n";
import { KNOWN_ORDER_STATUSES } from "../../../../domain/order-status";
import { useT } from "../../../lib/i18n";
import { STAFF_SECTIONS } from "../../../lib/staff-paths";
import { FilterButtons, FilterForm, FilterInput, FilterSelect } from "../filter-fields";

// The orders list's filters: a GET form, so the filters live in the URL (shareable, back button)
// and work without JavaScript.

export type OrderFilterValues = {
  status: string;
  od: string;
  do: string;
  szukaj: string;
  /** "1": only orders with money owed back */
  zwrot: string;
};

export function OrderFilters({ values }: { values: OrderFilterValues }) {
  const t = useT();
  return (
    <FilterForm
      values={values}
      role="search"
      aria-label={t("staff.filters")}
      className="mt-4 grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2 lg:grid-cols-[1fr_10rem_10rem_12rem_auto] lg:items-end"
    >
      <FilterInput
        id="orders-search"
        name="szukaj"
        type="search"
        label="staff.orders.search"
        maxLength={100}
      />
      <FilterInput id="orders-from" name="od" type="date" label="staff.orders.from" />
      <FilterInput id="orders-to" name="do" type="date" label="staff.orders.to" />
      <FilterSelect
        id="orders-status"
        name="status"
        label="staff.orders.status"
        all="staff.orders.allStatuses"
        options={KNOWN_ORDER_STATUSES.map((status) => [status, orderStatusKey(status)] as const)}
      />
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
      <FilterButtons clearTo={STAFF_SECTIONS.orders} />
    </FilterForm>
  );
}
