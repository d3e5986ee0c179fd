import { isRefundOwed, type StatusEntry } from "../../domain/order-status";
import { useT } from "../lib/i18n";
import "../lib/orders-texts";

// On the customer's order pages (/zamowienie, /gotowe, /konto/zakupy/{id}): money arrived that the
// order cannot take (paid after the cancel, a different amount, its goods sold meanwhile), so the
// customer is told it will be returned (issue 24). Nothing when no refund is owed.

export function RefundOwedNotice({ statuses }: { statuses: readonly Pick<StatusEntry, "status">[] }) {
  const t = useT();
  if (!isRefundOwed(statuses)) return null;
  return (
    <p
      role="status"
      className="rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
      data-testid="refund-owed-notice"
    >
      {t("order.refundOwed")}
    </p>
  );
}
