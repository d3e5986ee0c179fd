import { useT } from "../../lib/i18n";

/**
 * How many confirmed subscribers wait for a product to be back in stock (issue 30, docs/decisions/080):
 * a count only, no addresses. Nothing when none wait.
 */
export function BackInStockBadge({ count }: { count: number | undefined }) {
  const t = useT();
  if (!count) return null;
  return (
    <span
      data-testid="back-in-stock-waiting"
      className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900"
    >
      {t("staff.products.backInStockWaiting", { count })}
    </span>
  );
}
