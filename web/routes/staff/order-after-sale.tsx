import { Form, Link } from "react-router";
import { isFinalRefundStatus } from "../../../domain/after-sale-status";
import { formatDateTime } from "../../../domain/i18n";
import { formatPrice, groszeToDecimalString } from "../../../domain/money";
import type { FieldError } from "../../../domain/validation/errors";
import { TextField } from "../../components/form-field";
import { PRIMARY_BUTTON } from "../../components/staff/orders/pager";
import "../../lib/after-sale-texts";
import { useLang, useT } from "../../lib/i18n";
import { staffCasePath } from "../../lib/staff-paths";
import { useSubmitting } from "../../lib/use-submitting";
import type { loader } from "./order";

// The after-sale part of the staff order page (issue 27): the order's withdrawals and complaints
// (each to its page on the returns desk), its refunds with their state, the provider's error and the
// correcting invoice, and — when the order received money it cannot keep (ADR 032, "Do zwrotu") —
// "Zwróć pieniądze" with the amount that may go back.

type Data = Awaited<ReturnType<typeof loader>>;

export function OrderAfterSale({
  cases,
  refunds,
  owed,
  typed,
}: {
  cases: Data["cases"];
  refunds: Data["refunds"];
  owed: Data["owed"];
  typed: { amount: string; error: FieldError } | null;
}) {
  const t = useT();
  const lang = useLang();
  const pending = useSubmitting();
  const owedLeft = owed && owed.hasPayment && owed.refundableGrosze > 0 ? owed : null;
  if (cases.length === 0 && refunds.length === 0 && !owedLeft) return null;
  return (
    <section
      aria-labelledby="order-after-sale"
      className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5"
    >
      <h2 id="order-after-sale" className="text-lg font-semibold text-stone-900">
        {t("afterSale.desk.orderCases")}
      </h2>
      {cases.length > 0 ? (
        <ul className="space-y-1 text-sm">
          {cases.map((item) => (
            <li key={item._id}>
              <Link
                to={staffCasePath(item._id)}
                className="font-semibold text-accent-700 underline underline-offset-2"
              >
                {t(`afterSale.kind.${item.kind}`)}
              </Link>{" "}
              · {t(`afterSale.state.${item.kind}.${item.status}`)} · {formatDateTime(lang, item.createdAt)}
            </li>
          ))}
        </ul>
      ) : null}
      {refunds.length > 0 ? (
        <div>
          <h3 className="font-semibold text-stone-900">{t("afterSale.desk.orderRefunds")}</h3>
          <ul className="mt-2 space-y-2 text-sm">
            {refunds.map((refund) => (
              <li key={refund._id} className="rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200">
                <p className="font-semibold text-stone-900">
                  {t("afterSale.desk.refundLine", {
                    amount: formatPrice(refund.amountGrosze),
                    status: t(`afterSale.refundStatus.${refund.status}`),
                  })}{" "}
                  <span className="font-normal text-stone-700">
                    ({t(`afterSale.refundReason.${refund.reason}`)})
                  </span>
                </p>
                {refund.lastError && !isFinalRefundStatus(refund.status) ? (
                  <p className="mt-1 break-words text-red-900">
                    {t("afterSale.desk.refundError", { error: refund.lastError })}
                  </p>
                ) : null}
                {refund.correction ? (
                  <a
                    href={refund.correction.url}
                    className="mt-1 inline-block font-semibold text-accent-700 underline underline-offset-2"
                  >
                    {t("afterSale.desk.correction", { number: refund.correction.number })}
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {owedLeft ? (
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="refund-owed" />
          <TextField
            name="amount"
            label={t("afterSale.desk.amount")}
            inputMode="decimal"
            required
            defaultValue={typed?.amount ?? groszeToDecimalString(owedLeft.refundableGrosze).replace(".", ",")}
            error={typed?.error}
            hint={t("afterSale.desk.owedRefund")}
            className="w-56"
          />
          <button
            type="submit"
            className={PRIMARY_BUTTON}
            disabled={pending}
            aria-busy={pending || undefined}
          >
            {pending ? t("afterSale.desk.refunding") : t("afterSale.desk.refundButton")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
