import { useEffect, useRef } from "react";
import { formatDate, formatDateTime } from "../../../domain/i18n";
import type { WithdrawalReceipt } from "../../../server/web-door";
import { useLang, useT } from "../../lib/i18n";
import { ReturnAddress } from "./return-address";
import "../../lib/after-sale-texts";
import { PrimaryLink } from "../../components/primary-link";

// The acknowledgement right after "Potwierdź odstąpienie od umowy": when the statement was received
// (Warsaw time), where its confirmation went, the PDF, what happens next (where to send the parcel,
// the refund deadline) and the statement itself. Focused when it appears, so it is announced.

export function WithdrawalReceived({
  receipt,
  orderPath,
}: {
  receipt: WithdrawalReceipt;
  orderPath: string;
}) {
  const t = useT();
  const lang = useLang();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="withdrawal-received" className="space-y-5">
      <div
        role="status"
        className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-950 sm:p-6"
      >
        <h2 id="withdrawal-received" ref={heading} tabIndex={-1} className="text-lg font-semibold">
          {t("afterSale.receivedTitle")}
        </h2>
        <p className="mt-2 font-medium">
          {t("afterSale.receivedAt", { dateTime: formatDateTime(lang, receipt.receivedAt) })}
        </p>
        <p className="mt-1">{t("afterSale.confirmationSent", { email: receipt.email })}</p>
        <a
          href={receipt.statementUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-4 inline-flex min-h-11 items-center rounded-full border border-emerald-700 bg-white px-5 py-2 font-semibold text-emerald-900 hover:bg-emerald-100"
        >
          {t("afterSale.statementPdf")}
        </a>
      </div>
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:p-6">
        <h2 className="text-lg font-semibold text-stone-900">{t("afterSale.whatNext")}</h2>
        <ReturnAddress lines={receipt.returnAddress} />
        <p className="mt-3 text-stone-700">
          {t("afterSale.refundBy", { date: formatDate(lang, receipt.refundDeadline) })}
        </p>
        <pre className="mt-4 overflow-x-auto whitespace-pre-wrap break-words rounded-lg bg-stone-50 p-4 font-sans text-sm text-stone-800">
          {receipt.text}
        </pre>
        <PrimaryLink to={orderPath} className="mt-4">
          {t("afterSale.backToOrder")}
        </PrimaryLink>
      </div>
    </section>
  );
}
