import { formatPrice } from "../../domain/money";
import { useContentLang } from "../lib/i18n";

// The rows an order's summary is made of, the same on the checkout's Podsumowanie (the cart's lines)
// and on the order card (the ordered lines).

/** One ordered line: the product, its price for the quantity, the variant and "Ilość: 2 × 49,00 zł". */
export function OrderLineItem({
  title,
  variant,
  quantityLabel,
  quantity,
  unitPriceGrosze,
  totalGrosze,
  breakTitle = false,
}: {
  title: string;
  variant: string | null | undefined;
  quantityLabel: string;
  quantity: number;
  unitPriceGrosze: number;
  totalGrosze: number;
  /** long product names may break inside words (the narrow checkout column) */
  breakTitle?: boolean;
}) {
  const contentLang = useContentLang();
  return (
    <li className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 py-2.5 text-sm">
      <p
        lang={contentLang}
        className={`min-w-0 font-medium ${breakTitle ? "break-words " : ""}text-stone-900`}
      >
        {title}
      </p>
      <p className="text-right font-medium whitespace-nowrap text-stone-900">{formatPrice(totalGrosze)}</p>
      <p className="col-span-2 text-stone-600">
        {variant ? <span lang={contentLang}>{`${variant} · `}</span> : null}
        {quantityLabel}: {quantity} × {formatPrice(unitPriceGrosze)}
      </p>
    </li>
  );
}

/** A row of the totals (inside a <dl>); `strong` for the grand total. */
export function SummaryLine({
  label,
  value,
  strong = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <div
      className={`flex justify-between gap-4 ${strong ? "border-t border-stone-200 pt-2 text-base font-semibold" : ""}`}
    >
      <dt className={strong ? "text-stone-900" : "text-stone-600"}>{label}</dt>
      <dd className="text-right whitespace-nowrap text-stone-900">{value}</dd>
    </div>
  );
}
