import { Link } from "react-router";
import { formatDate, formatDateTime } from "../../../domain/i18n";
import { formatPrice } from "../../../domain/money";
import type { OrderAfterSale } from "../../../server/web-door";
import { PrimaryLink } from "../../components/primary-link";
import { TitledSection } from "../../components/titled-section";
import { useLang, useT } from "../../lib/i18n";
import { ReturnAddress } from "./return-address";
import "../../lib/after-sale-texts";

// The after-sale part of the order pages (/konto/zakupy/{id}, /zamowienie; issue 27): the button
// "Odstąp od umowy tutaj" while the withdrawal period lasts and units are left (with until when),
// the date it ended afterwards; "Zgłoś reklamację" while the 2-year liability lasts (with until when),
// the date complaints ended afterwards; then each withdrawal or complaint with its state, lines and history,
// the statement's PDF, where to send the parcel while the goods are awaited, and the money given back
// ("Zwrócono pieniądze") with the correcting invoices.

const LINK = "font-semibold text-accent-700 underline underline-offset-2 hover:text-accent-800";

export function OrderAfterSalePanel({
  afterSale,
  withdrawUrl,
}: {
  afterSale: OrderAfterSale;
  withdrawUrl: string;
}) {
  const t = useT();
  const lang = useLang();
  const { window, complaints } = afterSale;
  const offer = window.open && afterSale.unitsLeft > 0;
  const ended = !window.open && window.reason === "ended" && window.endsAt;
  const complainUrl = withdrawUrl.replace("/odstapienie-od-umowy", "/reklamacja");
  // nothing to complain about on a canceled order
  const complainable = complaints.open && window.reason !== "canceled";
  if (!offer && !ended && afterSale.cases.length === 0 && afterSale.refunds.length === 0) return null;
  return (
    <TitledSection
      id="order-after-sale"
      title={t("afterSale.casesTitle")}
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      {offer ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <PrimaryLink to={withdrawUrl}>{t("afterSale.withdrawButton")}</PrimaryLink>
          <p className="text-sm text-stone-600">
            {window.endsAt
              ? t("afterSale.periodOpenUntil", { date: formatDate(lang, window.endsAt) })
              : t("afterSale.periodNotStarted")}
          </p>
        </div>
      ) : null}
      {complainable ? (
        <p className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <Link to={complainUrl} className={LINK}>
            {t("afterSale.complainButton")}
          </Link>
          {complaints.endsAt ? (
            <span className="text-sm text-stone-600">
              {t("afterSale.complaintPeriodUntil", { date: formatDate(lang, complaints.endsAt) })}
            </span>
          ) : null}
        </p>
      ) : !complaints.open && complaints.endsAt ? (
        <p className="text-stone-700">
          {t("afterSale.complaintPeriodEnded", { date: formatDate(lang, complaints.endsAt) })}
        </p>
      ) : null}
      {ended && window.endsAt ? (
        <p className="text-stone-700">
          {t("afterSale.periodEnded", { date: formatDate(lang, window.endsAt) })}
        </p>
      ) : null}
      {afterSale.refunds.map((refund) => (
        <p key={refund.id} className="rounded-lg bg-emerald-50 px-4 py-3 font-semibold text-emerald-900">
          {t("afterSale.refunded", { amount: formatPrice(refund.amountGrosze) })}
        </p>
      ))}
      {afterSale.corrections.length > 0 ? (
        <ul className="space-y-1">
          {afterSale.corrections.map((correction) => (
            <li key={correction.id}>
              <a href={correction.pdfUrl} target="_blank" rel="noopener noreferrer" className={LINK}>
                {t("afterSale.correctionPdf", { number: correction.number })}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {afterSale.cases.map((entry) => (
        <article key={entry.id} className="rounded-xl border border-stone-200 p-4">
          <h3 className="font-semibold text-stone-900">
            {t("afterSale.caseOf", {
              kind: t(`afterSale.kind.${entry.kind}`),
              dateTime: formatDateTime(lang, entry.receivedAt),
            })}
          </h3>
          <p className="mt-1 text-stone-800">
            {t("afterSale.state")}:{" "}
            <strong data-testid="after-sale-state">
              {t(`afterSale.state.${entry.kind}.${entry.status}`)}
            </strong>
          </p>
          <ul className="mt-2 list-disc pl-5 text-sm text-stone-700">
            {entry.lines.map((line) => (
              <li key={`${line.productTitle}-${line.variantLabel ?? ""}`}>
                {line.productTitle}
                {line.variantLabel ? ` (${line.variantLabel})` : ""}:{" "}
                {t("afterSale.quantity", { quantity: line.quantity })}
              </li>
            ))}
          </ul>
          {entry.kind === "withdrawal" && entry.status === "REPORTED" ? (
            <ReturnAddress lines={afterSale.returnAddress} />
          ) : null}
          {entry.events.length > 0 ? (
            <>
              <h4 className="mt-3 text-sm font-semibold text-stone-800">{t("afterSale.history")}</h4>
              <ol className="mt-1 space-y-1 text-sm text-stone-700">
                {entry.events.map((event) => (
                  <li key={`${event.createdAt}-${event.status ?? ""}-${event.message ?? ""}`}>
                    <time dateTime={event.createdAt}>{formatDateTime(lang, event.createdAt)}</time>
                    {event.status ? ` · ${t(`afterSale.state.${entry.kind}.${event.status}`)}` : ""}
                    {event.message ? ` · ${event.message}` : ""}
                  </li>
                ))}
              </ol>
            </>
          ) : null}
          {entry.statementUrl ? (
            <a
              href={entry.statementUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={`mt-3 inline-block ${LINK}`}
            >
              {t("afterSale.statementPdf")}
            </a>
          ) : null}
        </article>
      ))}
    </TitledSection>
  );
}
