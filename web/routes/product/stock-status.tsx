import type { AvailabilityLevel } from "../../../domain/availability";
import type { MessageKey } from "../../../domain/i18n";
import { useT } from "../../lib/i18n";
import "../../lib/product-texts";

/** Text and colour per stock level (SPEC §2, §4): 3 green, 2 orange, 1 red, 0 grey. */
const LEVELS: Readonly<Record<AvailabilityLevel, { key: MessageKey; text: string; dot: string }>> = {
  3: { key: "product.availabilityHigh", text: "text-emerald-800", dot: "bg-emerald-600" },
  2: { key: "product.availabilityMedium", text: "text-orange-800", dot: "bg-orange-500" },
  1: { key: "product.availabilityLow", text: "text-red-700", dot: "bg-red-600" },
  0: { key: "product.availabilityNone", text: "text-stone-600", dot: "bg-stone-400" },
};

export function StockStatus({ level }: { level: AvailabilityLevel }) {
  const t = useT();
  const style = LEVELS[level];
  return (
    <span data-level={level} className={`inline-flex items-center gap-2 font-medium ${style.text}`}>
      <span aria-hidden="true" className={`size-2.5 rounded-full ${style.dot}`} />
      {t(style.key)}
    </span>
  );
}
