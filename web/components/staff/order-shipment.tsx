import { useState } from "react";
import { Form, useSubmit } from "react-router";
import { canTransition, isPaid } from "../../../domain/order-status";
import type { Order } from "../../../domain/types";
import type { ShipmentView } from "../../../server/web-door";
import { useT } from "../../lib/i18n";
import { useRefreshWhile } from "../../lib/use-refresh-while";
import { useSubmitting } from "../../lib/use-submitting";
import { TitledSection } from "../titled-section";
import { ConfirmDialog } from "./confirm-dialog";
import { DANGER_BUTTON, FILTER_INPUT, FILTER_LABEL, PRIMARY_BUTTON, SECONDARY_BUTTON } from "./orders/pager";

// The staff order page's shipment block (issue 29, docs/decisions/069): with no active shipment,
// "Utwórz przesyłkę" with the parcel size (by the products unless chosen); with one, its carrier,
// state, tracking number, labels (A6, A4), the packing slip, "Anuluj przesyłkę" (after a
// confirmation) and, with the demo carrier, "Następny status (demo)". While the carrier is still
// creating it the page reads its data again every 2 s. The posts go to the order route's action
// (web/routes/staff/order-shipment.server.ts).

export type ShipmentIntent = "shipment-create" | "shipment-cancel" | "shipment-demo-next";

const LINK_BUTTON = `${SECONDARY_BUTTON} no-underline`;

function Documents({ orderId }: { orderId: number }) {
  const t = useT();
  const label = (format: "A6" | "A4") => `/api/shipments/labels?id=${orderId}&format=${format}`;
  return (
    <div className="flex flex-wrap gap-2">
      <a href={label("A6")} target="_blank" rel="noopener" className={LINK_BUTTON}>
        {t("staff.shipment.labelA6")}
      </a>
      <a href={label("A4")} target="_blank" rel="noopener" className={LINK_BUTTON}>
        {t("staff.shipment.labelA4")}
      </a>
    </div>
  );
}

function PackingSlipLink({ orderId }: { orderId: number }) {
  const t = useT();
  return (
    <a
      href={`/api/shipments/packing-slips?id=${orderId}`}
      target="_blank"
      rel="noopener"
      className={LINK_BUTTON}
    >
      {t("staff.shipment.packingSlip")}
    </a>
  );
}

function CreateForm() {
  const t = useT();
  const pending = useSubmitting();
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="shipment-create" />
      <div>
        <label htmlFor="parcel-size" className={FILTER_LABEL}>
          {t("staff.shipment.size")}
        </label>
        <select id="parcel-size" name="parcelSize" defaultValue="" className={FILTER_INPUT}>
          <option value="">{t("staff.shipment.sizeAuto")}</option>
          {(["A", "B", "C"] as const).map((size) => (
            <option key={size} value={size}>
              {t("staff.shipment.sizeOption", { size })}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={PRIMARY_BUTTON} disabled={pending}>
        {t("staff.shipment.create")}
      </button>
    </Form>
  );
}

function ActiveShipment({ shipment, orderNumber }: { shipment: ShipmentView; orderNumber: string }) {
  const t = useT();
  const submit = useSubmit();
  const pending = useSubmitting();
  const [asking, setAsking] = useState(false);
  const created = shipment.carrierShipmentId !== null;
  return (
    <div className="space-y-3">
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-stone-600">{t("staff.shipment.heading")}</dt>
        <dd className="text-stone-900">
          {t(`staff.shipment.carrier.${shipment.carrier}`)} ·{" "}
          {t(`staff.shipment.delivery.${shipment.delivery}`)} ·{" "}
          {t("staff.shipment.sizeOption", { size: shipment.parcelSize })}
        </dd>
        <dt className="text-stone-600">{t("staff.shipment.tracking")}</dt>
        <dd className="font-mono wrap-anywhere text-stone-900" data-testid="shipment-tracking">
          {shipment.trackingNumber ?? (shipment.lastError ? "—" : t("staff.shipment.waiting"))}
        </dd>
        {shipment.statusTitle ? (
          <>
            <dt className="text-stone-600">{t("staff.shipment.status")}</dt>
            <dd className="text-stone-900" data-testid="shipment-status">
              {shipment.statusTitle}
            </dd>
          </>
        ) : null}
        {shipment.lastError ? (
          <>
            <dt className="font-semibold text-red-800">{t("staff.shipment.error")}</dt>
            <dd role="alert" className="wrap-anywhere text-red-800">
              {shipment.lastError}
            </dd>
          </>
        ) : null}
      </dl>
      <div className="flex flex-wrap gap-2">
        {created ? <Documents orderId={shipment.orderId} /> : null}
        <PackingSlipLink orderId={shipment.orderId} />
        {shipment.demoNextStatus ? (
          <Form method="post">
            <input type="hidden" name="intent" value="shipment-demo-next" />
            <button type="submit" className={SECONDARY_BUTTON} disabled={pending}>
              {t("staff.shipment.demoNext")}
            </button>
          </Form>
        ) : null}
        <Form
          method="post"
          onSubmit={(event) => {
            // with JavaScript: ask in the dialog first (without it the post cancels at once)
            event.preventDefault();
            setAsking(true);
          }}
        >
          <input type="hidden" name="intent" value="shipment-cancel" />
          <button type="submit" className={DANGER_BUTTON} disabled={pending}>
            {t("staff.shipment.cancel")}
          </button>
        </Form>
      </div>
      <ConfirmDialog
        open={asking}
        message={t("staff.shipment.confirmCancel", { orderNumber })}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          submit({ intent: "shipment-cancel" }, { method: "post" });
        }}
      />
    </div>
  );
}

export function OrderShipment({ order, shipments }: { order: Order; shipments: readonly ShipmentView[] }) {
  const t = useT();
  const active = shipments.find((shipment) => shipment.canceledAt === null) ?? null;
  const canceled = shipments.length - (active ? 1 : 0);
  useRefreshWhile(active !== null && active.trackingNumber === null && active.lastError === null);
  const canCreate = !active && isPaid(order.statuses) && canTransition(order.status, "SHIPMENT_NUMBER_ADDED");
  if (!active && !canCreate && shipments.length === 0) return null;
  return (
    <TitledSection
      id="order-shipment"
      title={t("staff.shipment.heading")}
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      {active ? <ActiveShipment shipment={active} orderNumber={order.orderNumber} /> : null}
      {!active ? <p className="text-sm text-stone-700">{t("staff.shipment.none")}</p> : null}
      {canCreate ? <CreateForm /> : null}
      {canCreate ? <PackingSlipLink orderId={order._id} /> : null}
      {canceled > 0 ? (
        <p className="text-sm text-stone-600">{t("staff.shipment.history", { count: canceled })}</p>
      ) : null}
    </TitledSection>
  );
}
