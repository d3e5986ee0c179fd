import { Link } from "react-router";
import { formatDateTime } from "../../../domain/i18n";
import type { FieldError } from "../../../domain/validation/errors";
import { TitledSection } from "../../components/titled-section";
import "../../lib/after-sale-texts";
import { useLang, useT } from "../../lib/i18n";

import { useSubmitting } from "../../lib/use-submitting";
import type { loader } from "./order";
import { RefundForm } from "./refund-form";
import { RefundItem, useRefreshWhileRefunding } from "./refund-item";
import { staffCasePath } from "./returns-paths";

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
  useRefreshWhileRefunding(refunds);
  const owedLeft = owed?.hasPayment && owed.refundableGrosze > 0 ? owed : null;
  if (cases.length === 0 && refunds.length === 0 && !owedLeft) return null;
  return (
    <TitledSection
      id="order-after-sale"
      title={t("afterSale.desk.orderCases")}
      className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5"
    >
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
              <RefundItem key={refund._id} refund={refund} withReason />
            ))}
          </ul>
        </div>
      ) : null}
      {owedLeft ? (
        <RefundForm
          intent="refund-owed"
          proposedGrosze={owedLeft.refundableGrosze}
          typed={typed}
          pending={pending}
          hint={t("afterSale.desk.owedRefund")}
        />
      ) : null}
    </TitledSection>
  );
}
