import { STAFF_PRODUCT_FLAGS, type StaffProductFlag } from "../../../../domain/validation/catalog";
import { useT } from "../../../lib/i18n";

const COLOURS: Record<StaffProductFlag, string> = {
  isHidden: "bg-stone-800 text-white",
  isNew: "bg-sky-100 text-sky-900",
  isSale: "bg-red-100 text-red-800",
  isPremium: "bg-amber-100 text-amber-900",
  isLayette: "bg-pink-100 text-pink-900",
  isSet: "bg-emerald-100 text-emerald-900",
};

/** The product's flags as badges (Ukryty first, so a hidden product stands out). */
export function ProductBadges({ product }: { product: Record<StaffProductFlag, boolean> }) {
  const t = useT();
  const on = STAFF_PRODUCT_FLAGS.filter((flag) => product[flag]);
  if (on.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {on.map((flag) => (
        <li key={flag} className={`rounded-full px-2 py-0.5 text-xs font-semibold ${COLOURS[flag]}`}>
          {t(`staff.products.flag.${flag}`)}
        </li>
      ))}
    </ul>
  );
}
