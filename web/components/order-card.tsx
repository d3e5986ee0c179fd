import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { formatDateTime, orderStatusKey } from "../../domain/i18n";
import { formatPrice } from "../../domain/money";
import { historyForDisplay, type StatusColour, statusColour } from "../../domain/order-status";
import type { AddressData, DeliveryPoint, Order, OrderStatusEntry } from "../../domain/types";
import { useContentLang, useLang, useT } from "../lib/i18n";
import { EmailText } from "./email-text";
import "../lib/orders-texts";

// The order card of SPEC §2: order number, date, total, status and processing time.
// List mode adds the Szczegóły and Faktura buttons; full mode adds the products, delivery,
// RABAT and total lines, the user/recipient/invoice/pickup-point blocks, the status history and
// the tracking link. Moderator actions are not part of the card: staff screens pass them as
// children (rendered at the end of the full card).

/** The carrier's public tracking page for a shipment number (InPost). */
export function trackingUrl(shipmentNumber: string): string {
  return `https://inpost.pl/sledzenie-przesylek?number=${encodeURIComponent(shipmentNumber)}`;
}

const STATUS_COLOURS: Record<StatusColour, string> = {
  red: "bg-red-100 text-red-800",
  green: "bg-emerald-100 text-emerald-800",
  grey: "bg-stone-200 text-stone-700",
  indigo: "bg-indigo-100 text-indigo-800",
};

const BUTTON =
  "inline-flex min-h-10 items-center justify-center rounded-full px-5 py-2 text-sm font-semibold";
const PRIMARY = `${BUTTON} bg-accent-600 text-white hover:bg-accent-700`;
const SECONDARY = `${BUTTON} border border-stone-300 bg-white text-stone-800 hover:bg-stone-50`;

export interface OrderCardProps {
  order: Order;
  mode: "list" | "full";
  /** list mode: where the Szczegóły button leads */
  detailsTo?: string;
  /** moderators see no tracking link (they get the shipment entry among their actions) */
  viewerIsModerator?: boolean;
  /** heading level of "Zamówienie {number}" (default 2; 1 when the card is the page) */
  headingLevel?: 1 | 2 | 3;
  /** moderator actions (shipment number, status buttons) from the staff screens */
  children?: ReactNode;
}

export function StatusBadge({ entry }: { entry: Pick<OrderStatusEntry, "status" | "data"> }) {
  const t = useT();
  const label = entry.data?.title || t(orderStatusKey(entry.status));
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_COLOURS[statusColour(entry.status)]}`}
    >
      {label}
    </span>
  );
}

function InvoiceButton({ invoiceUrl }: { invoiceUrl: string | null }) {
  const t = useT();
  if (!invoiceUrl) {
    return (
      <button
        type="button"
        disabled
        title={t("order.invoiceUnavailable")}
        className={`${SECONDARY} cursor-not-allowed opacity-50`}
      >
        {t("order.invoice")}
        <span className="sr-only"> ({t("order.invoiceUnavailable")})</span>
      </button>
    );
  }
  return (
    <a href={invoiceUrl} target="_blank" rel="noopener noreferrer" className={SECONDARY}>
      {t("order.invoice")}
      <span className="sr-only"> {t("order.opensInNewWindow")}</span>
    </a>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{label}</dt>
      <dd className="mt-0.5 font-medium break-words text-stone-900">{children}</dd>
    </div>
  );
}

type SubHeading = "h2" | "h3" | "h4";

function AddressBlock({ title, address, as: H }: { title: string; address: AddressData; as: SubHeading }) {
  const t = useT();
  return (
    <section className="rounded-xl bg-stone-50 p-4">
      <H className="mb-2 font-semibold text-stone-900">{title}</H>
      <address className="space-y-0.5 text-sm text-stone-700 not-italic">
        <p className="font-medium text-stone-900">{address.displayName}</p>
        {address.street ? <p>{address.street}</p> : null}
        {address.postCode || address.city ? (
          <p>
            {address.postCode} {address.city}
          </p>
        ) : null}
        {address.phone ? <p>{address.phone}</p> : null}
        {address.email ? (
          <p className="wrap-anywhere">
            <EmailText email={address.email} />
          </p>
        ) : null}
        {address.nip ? (
          <p>
            {t("order.nip")}: {address.nip}
          </p>
        ) : null}
      </address>
    </section>
  );
}

function PickupPointBlock({ point, as: H }: { point: DeliveryPoint; as: SubHeading }) {
  const t = useT();
  const rows: [string, string | null][] = [
    [t("order.pickupPointId"), point.foreign_access_point_id],
    [t("order.pickupPointName"), point.name],
    [t("order.pickupPointStreet"), point.street],
    [t("order.pickupPointHouseNumber"), point.house_number],
    [t("order.pickupPointFlatNumber"), point.flat_number],
    [t("order.pickupPointPostalCode"), point.postal_code],
    [t("order.pickupPointCity"), point.city],
  ];
  return (
    <section className="rounded-xl bg-stone-50 p-4">
      <H className="mb-2 font-semibold text-stone-900">{t("order.pickupPoint")}</H>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-stone-500">{label}</dt>
              <dd className="text-stone-900">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

function SummaryLine({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-4 ${strong ? "border-t border-stone-200 pt-2 text-base font-semibold" : ""}`}
    >
      <dt className={strong ? "text-stone-900" : "text-stone-600"}>{label}</dt>
      <dd className="text-right whitespace-nowrap text-stone-900">{value}</dd>
    </div>
  );
}

export function OrderCard({
  order,
  mode,
  detailsTo,
  viewerIsModerator = false,
  headingLevel = 2,
  children,
}: OrderCardProps) {
  const t = useT();
  const contentLang = useContentLang();
  const lang = useLang();
  const headingId = useId();
  const Heading = (["h1", "h2", "h3"] as const)[headingLevel - 1] ?? "h2";
  // the card's sections one level below its heading (no skipped level when the card is the page)
  const H = (["h2", "h3", "h4"] as const)[headingLevel - 1] ?? "h3";
  const compact = historyForDisplay(order.statuses, "compact");
  const history = mode === "full" ? historyForDisplay(order.statuses, "full") : [];
  const showTracking = !!order.shipmentNumber && !viewerIsModerator;

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <Heading id={headingId} className="font-serif text-lg font-semibold text-stone-900 sm:text-xl">
        {t("order.viewTitle", { orderNumber: order.orderNumber })}
      </Heading>

      <dl className="mt-4 grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
        <Field label={t("order.date")}>{formatDateTime(lang, order.createdAt)}</Field>
        <Field label={t("order.total")}>{formatPrice(order.priceGrosze)}</Field>
        <Field label={t("order.status")}>
          {compact.length > 0
            ? compact.map((entry) => <StatusBadge key={`${entry.status}-${entry.createdAt}`} entry={entry} />)
            : t("orderStatus.unknown")}
        </Field>
        <Field label={t("order.processingTime")}>{t("common.days", { days: order.maxProcessingTime })}</Field>
      </dl>

      {mode === "list" ? (
        <div className="mt-5 flex flex-wrap gap-2">
          {detailsTo ? (
            <Link to={detailsTo} className={PRIMARY}>
              {t("order.details")}
              <span className="sr-only">: {order.orderNumber}</span>
            </Link>
          ) : null}
          <InvoiceButton invoiceUrl={order.invoiceUrl} />
        </div>
      ) : (
        <>
          <section className="mt-6">
            <H className="mb-2 font-semibold text-stone-900">{t("order.products")}</H>
            <ul className="divide-y divide-stone-100 border-y border-stone-100">
              {order.cart.map((item, index) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: order lines have no id and never reorder
                  key={index}
                  className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 py-2.5 text-sm"
                >
                  <p lang={contentLang} className="min-w-0 font-medium text-stone-900">
                    {item.productTitle}
                  </p>
                  <p className="text-right font-medium whitespace-nowrap text-stone-900">
                    {formatPrice(item.priceGrosze)}
                  </p>
                  <p className="col-span-2 text-stone-600">
                    {item.variantLabel || item.variantTitle ? (
                      <span lang={contentLang}>{`${item.variantLabel || item.variantTitle} · `}</span>
                    ) : null}
                    {t("order.quantity")}: {item.quantity} × {formatPrice(item.unitPriceGrosze)}
                  </p>
                </li>
              ))}
            </ul>
            <dl className="mt-3 ml-auto max-w-sm space-y-1.5 text-sm">
              <SummaryLine label={t("order.productsValue")} value={formatPrice(order.totalProductsGrosze)} />
              <SummaryLine
                label={`${t("order.delivery")}: ${order.delivery.title}`}
                value={
                  order.delivery.priceGrosze === 0
                    ? t("cart.freeDelivery")
                    : formatPrice(order.delivery.priceGrosze)
                }
              />
              {order.couponDiscountGrosze > 0 ? (
                <SummaryLine
                  label={
                    order.coupon
                      ? t("cart.discountWithCode", { code: order.coupon.code })
                      : t("order.discount")
                  }
                  value={formatPrice(-order.couponDiscountGrosze)}
                />
              ) : null}
              <SummaryLine label={t("order.totalLine")} value={formatPrice(order.priceGrosze)} strong />
            </dl>
          </section>

          <div className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <section className="rounded-xl bg-stone-50 p-4">
              <H className="mb-2 font-semibold text-stone-900">{t("order.userData")}</H>
              <div className="space-y-0.5 text-sm text-stone-700">
                {order.user ? (
                  <>
                    <p className="font-medium text-stone-900">{order.user.displayName}</p>
                    <p className="wrap-anywhere">
                      <EmailText email={order.user.email} />
                    </p>
                  </>
                ) : (
                  <>
                    <p>{t("order.guestOrder")}</p>
                    <p className="wrap-anywhere">
                      <EmailText email={order.email} />
                    </p>
                  </>
                )}
              </div>
            </section>
            <AddressBlock title={t("order.recipientData")} address={order.recipient} as={H} />
            <AddressBlock title={t("order.invoiceData")} address={order.invoiceData} as={H} />
            {order.deliveryPoint ? <PickupPointBlock point={order.deliveryPoint} as={H} /> : null}
          </div>

          <section className="mt-6">
            <H className="mb-2 font-semibold text-stone-900">{t("order.statusHistory")}</H>
            <ol className="space-y-2">
              {history.map((entry) => (
                <li
                  key={`${entry.status}-${entry.createdAt}`}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm"
                >
                  <time dateTime={entry.createdAt} className="shrink-0 text-stone-600 sm:w-36">
                    {formatDateTime(lang, entry.createdAt)}
                  </time>
                  <StatusBadge entry={entry} />
                </li>
              ))}
            </ol>
          </section>

          <div className="mt-6 flex flex-wrap items-center gap-2">
            <InvoiceButton invoiceUrl={order.invoiceUrl} />
            {showTracking && order.shipmentNumber ? (
              <a
                href={trackingUrl(order.shipmentNumber)}
                target="_blank"
                rel="noopener noreferrer"
                className={PRIMARY}
              >
                {t("order.trackShipment")}
                <span className="sr-only">
                  {" "}
                  {order.shipmentNumber} {t("order.opensInNewWindow")}
                </span>
              </a>
            ) : null}
            {order.shipmentNumber ? (
              <p className="text-sm text-stone-600">
                {t("order.shipmentNumber")}:{" "}
                <span className="font-medium text-stone-900">{order.shipmentNumber}</span>
              </p>
            ) : null}
          </div>

          {children ? <div className="mt-6 border-t border-stone-200 pt-6">{children}</div> : null}
        </>
      )}
    </article>
  );
}
