import { useT } from "../../lib/i18n";
import "../../lib/after-sale-texts";

/** "Odeślij produkty w ciągu 14 dni na adres:" and the RETURN_ADDRESS lines. */
export function ReturnAddress({ lines }: { lines: readonly string[] }) {
  const t = useT();
  return (
    <div className="mt-2 text-stone-700">
      <p>{t("afterSale.sendParcelTo")}</p>
      <address className="mt-1 font-semibold not-italic text-stone-900">
        {lines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
    </div>
  );
}
