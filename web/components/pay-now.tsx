import { Form, useLocation, useNavigation } from "react-router";
import type { MessageKey } from "../../domain/i18n";
import { formatDateTime } from "../../domain/i18n";
import { useLang, useT } from "../lib/i18n";
import { Spinner } from "./spinner";
import "../lib/orders-texts";

// "Zapłać" on an unpaid order's pages (issue 25): posts to the page's own action (web/lib/pay-order.server.ts),
// which resumes the open payment at the bank or starts a new one. `until` (ISO, from payableUntil in the
// loader) is shown in the shop's time zone: after it the order is canceled, so the button is not offered.

const BUTTON =
  "inline-flex min-h-11 items-center gap-2 rounded-full bg-accent-600 px-6 py-2.5 font-semibold text-white hover:bg-accent-700 disabled:cursor-wait disabled:opacity-80";

export function PayNowButton({ label = "order.payNow" }: { label?: MessageKey }) {
  const t = useT();
  const location = useLocation();
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <Form method="post" action={`${location.pathname}${location.search}`}>
      <button type="submit" disabled={paying} aria-busy={paying || undefined} className={BUTTON}>
        {paying ? <Spinner /> : null}
        {paying ? t("checkout.redirectingToPayment") : t(label)}
      </button>
    </Form>
  );
}

/** "Możesz zapłacić do {time}." */
export function PayUntil({ until, className }: { until: string; className?: string }) {
  const t = useT();
  const lang = useLang();
  const time = formatDateTime(lang, until);
  return <p className={className}>{t("order.payUntil", { time })}</p>;
}

/** The order pages' panel: the order waits for payment, until when, and "Zapłać". */
export function PayNowPanel({ until }: { until: string }) {
  const t = useT();
  return (
    <section
      aria-label={t("order.awaitingPayment")}
      className="flex flex-col gap-3 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="text-stone-800">
        <p className="font-semibold">{t("order.awaitingPayment")}</p>
        <PayUntil until={until} />
      </div>
      <PayNowButton />
    </section>
  );
}
