import { isFinalRefundStatus } from "../../../domain/after-sale-status";
import { formatDateTime } from "../../../domain/i18n";
import { formatPrice } from "../../../domain/money";
import type { RefundView } from "../../../server/web-door";
import "../../lib/after-sale-texts";
import { useLang, useT } from "../../lib/i18n";
import { useRefreshWhile } from "../../lib/use-refresh-while";

// One refund as staff see it (the returns desk's case page, the staff order page; issue 27): amount
// and state, when it was asked for, the payment provider's error while it is not done, the notice
// that the page follows it, and its correcting invoice.

export function RefundItem({ refund, withReason = false }: { refund: RefundView; withReason?: boolean }) {
  const t = useT();
  const lang = useLang();
  const done = isFinalRefundStatus(refund.status);
  return (
    <li className="rounded-lg bg-stone-50 p-3 text-sm ring-1 ring-stone-200">
      <p className="font-semibold text-stone-900" data-testid="refund-status">
        {t("afterSale.desk.refundLine", {
          amount: formatPrice(refund.amountGrosze),
          status: t(`afterSale.refundStatus.${refund.status}`),
        })}
        {withReason ? (
          <span className="font-normal text-stone-700">
            {" "}
            ({t(`afterSale.refundReason.${refund.reason}`)})
          </span>
        ) : null}
      </p>
      <p className="text-xs text-stone-600">{formatDateTime(lang, refund.createdAt)}</p>
      {refund.lastError && !done ? (
        <p className="mt-1 break-words text-red-900" role="alert">
          {t("afterSale.desk.refundError", { error: refund.lastError })}
        </p>
      ) : null}
      {done ? null : <p className="mt-1 text-stone-700">{t("afterSale.desk.refundWaiting")}</p>}
      {refund.correction ? (
        <a
          href={refund.correction.url}
          className="mt-1 inline-block font-semibold text-accent-700 underline underline-offset-2"
        >
          {t("afterSale.desk.correction", { number: refund.correction.number })}
        </a>
      ) : null}
    </li>
  );
}

/** While a refund is on its way, the page reloads its data every few seconds until it is final. */
export function useRefreshWhileRefunding(refunds: readonly Pick<RefundView, "status">[]): void {
  useRefreshWhile(refunds.some((refund) => !isFinalRefundStatus(refund.status)));
}
