import { deadlineUrgency, shopDaysLeft } from "../../../domain/after-sale-status";
import { formatDate } from "../../../domain/i18n";
import "../../lib/after-sale-texts";
import { useLang, useT } from "../../lib/i18n";

// The refund or answer deadline of a case on the returns desk (issue 27): the date and the days
// counted in Warsaw calendar days (domain/after-sale-status.ts shopDaysLeft), red once passed, amber
// when close (deadlineUrgency), plain otherwise; nothing counted once the shop has refunded or answered.

const TONE = {
  overdue: "bg-red-100 text-red-900 ring-red-300",
  close: "bg-amber-100 text-amber-900 ring-amber-300",
  ok: "bg-stone-100 text-stone-800 ring-stone-200",
} as const;

export function CaseDeadline({
  deadlineAt,
  awaiting,
  now,
}: {
  deadlineAt: string;
  awaiting: boolean;
  /** the loader's time (ISO), so the server and the browser count the same days */
  now: string;
}) {
  const t = useT();
  const lang = useLang();
  const date = formatDate(lang, deadlineAt);
  if (!awaiting) return <span className="text-sm text-stone-600">{date}</span>;
  const deadline = new Date(deadlineAt);
  const at = new Date(now);
  const urgency = deadlineUrgency(deadline, at);
  const days = shopDaysLeft(deadline, at);
  const counted =
    urgency === "overdue"
      ? t("afterSale.desk.overdueDays", { days: Math.max(-days, 1) })
      : days === 0
        ? t("afterSale.desk.dueToday")
        : days === 1
          ? t("afterSale.desk.dayLeft")
          : t("afterSale.desk.daysLeft", { days });
  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-sm">
      <span className="text-stone-700">{date}</span>
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${TONE[urgency]}`}
        data-urgency={urgency}
      >
        {counted}
        <span className="sr-only"> ({t(`afterSale.urgency.${urgency}`)})</span>
      </span>
    </span>
  );
}
