import { shopDay } from "../../../../domain/shop-time";
import { useT } from "../../../lib/i18n";
import { STAFF_ORDERS_EXPORT_PATH } from "../../../lib/staff-paths";
import { TitledSection } from "../../titled-section";
import { FILTER_INPUT, FILTER_LABEL, SECONDARY_BUTTON } from "../orders/pager";

// The orders list's export for the accountant (issue 29): the days paid (this month so far by
// default) and one button per file type. A plain GET form to the download (a document, not a page
// navigation), so it works without JavaScript.

export function OrdersExportForm() {
  const t = useT();
  const today = shopDay(new Date());
  return (
    <TitledSection
      id="orders-export"
      title={t("staff.export.title")}
      headingClassName="font-semibold text-stone-900"
      className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
    >
      <p className="mt-1 text-sm text-stone-600">{t("staff.export.hint")}</p>
      <form
        method="get"
        action={STAFF_ORDERS_EXPORT_PATH}
        className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[10rem_10rem_auto] lg:items-end"
      >
        <DateField
          id="export-from"
          name="od"
          label={t("staff.export.from")}
          value={`${today.slice(0, 8)}01`}
        />
        <DateField id="export-to" name="do" label={t("staff.export.to")} value={today} />
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-1">
          <button type="submit" name="format" value="csv" className={SECONDARY_BUTTON}>
            {t("staff.export.csv")}
          </button>
          <button type="submit" name="format" value="xlsx" className={SECONDARY_BUTTON}>
            {t("staff.export.xlsx")}
          </button>
        </div>
      </form>
    </TitledSection>
  );
}

function DateField({ id, name, label, value }: { id: string; name: string; label: string; value: string }) {
  return (
    <p>
      <label htmlFor={id} className={FILTER_LABEL}>
        {label}
      </label>
      <input id={id} name={name} type="date" required defaultValue={value} className={FILTER_INPUT} />
    </p>
  );
}
