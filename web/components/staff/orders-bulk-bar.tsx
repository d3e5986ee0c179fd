import type { Order } from "../../../domain/types";
import { useT } from "../../lib/i18n";
import { useHydrated } from "../../lib/use-hydrated";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "./orders/pager";

// The staff orders list's bulk bar (issue 29): the rows' checkboxes belong to one plain form (not
// React Router's: two of its buttons leave for the API's PDFs), so it works without JavaScript and
// with the keyboard. "Utwórz przesyłki" posts the ticked orders to the list's action
// (order-shipment.server.ts bulkShipmentsAction); "Pobierz etykiety" and "Lista do spakowania" open
// one PDF of the ticked orders in a new tab.

const FORM_ID = "orders-bulk";

/** the buttons that open one PDF of the ticked orders: where, and their label */
const PDF_BUTTONS = [
  ["/api/shipments/labels", "staff.orders.downloadLabels"],
  ["/api/shipments/packing-slips", "staff.orders.packingSlips"],
] as const;

export function OrdersBulkBar() {
  const t = useT();
  return (
    <form
      id={FORM_ID}
      method="post"
      aria-label={t("staff.orders.createShipments")}
      className="mt-3 flex flex-wrap gap-2"
    >
      <SelectAll />
      <button type="submit" name="intent" value="create-shipments" className={PRIMARY_BUTTON}>
        {t("staff.orders.createShipments")}
      </button>
      {PDF_BUTTONS.map(([action, label]) => (
        <button
          key={action}
          type="submit"
          formAction={action}
          formMethod="get"
          formTarget="_blank"
          className={SECONDARY_BUTTON}
        >
          {t(label)}
        </button>
      ))}
    </form>
  );
}

/** "Zaznacz wszystkie na stronie": ticks or clears every row's checkbox (shown once JavaScript runs). */
function SelectAll() {
  const t = useT();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <label className="inline-flex items-center gap-2 basis-full text-sm text-stone-800">
      <input
        type="checkbox"
        className="size-5 accent-accent-700"
        onChange={(event) => {
          const rows = document.querySelectorAll<HTMLInputElement>(`input[name="id"][form="${FORM_ID}"]`);
          for (const row of rows) row.checked = event.currentTarget.checked;
        }}
      />
      {t("staff.orders.selectAll")}
    </label>
  );
}

/** A row's checkbox, part of the bulk bar's form. */
export function OrderSelect({ order }: { order: Pick<Order, "_id" | "orderNumber"> }) {
  const t = useT();
  return (
    <input
      type="checkbox"
      name="id"
      value={order._id}
      form={FORM_ID}
      aria-label={t("staff.orders.select", { orderNumber: order.orderNumber })}
      className="size-5 shrink-0 accent-accent-700"
    />
  );
}
