import type { CartLineChange } from "../../../domain/cart-changes";
import { formatPrice } from "../../../domain/money";
import type { CheckoutMessage } from "../../lib/checkout";
import { useT } from "../../lib/i18n";
import "../../lib/checkout-texts";

// The message of a refused order above "Przejdź do płatności" (role="alert": said once): the form's
// errors, the gateway's refusal, or a cart that changed since the page was shown — then what changed
// per line and the new amount (docs/decisions/042).

function CartChangeText({ change }: { change: CartLineChange }) {
  const t = useT();
  switch (change.reason) {
    case "out-of-stock":
      return <>{t("checkout.lineOutOfStock", { product: change.title })}</>;
    case "fewer-left":
      return (
        <>
          {t("checkout.lineFewerLeft", {
            product: change.title,
            available: change.available,
            requested: change.requested,
          })}
        </>
      );
    case "price-changed":
      return (
        <>
          {t("checkout.linePriceChanged", {
            product: change.title,
            newPrice: formatPrice(change.newUnitPriceGrosze),
            oldPrice: formatPrice(change.oldUnitPriceGrosze),
          })}
        </>
      );
  }
}

export function CheckoutRefusal({
  message,
  changes,
  newTotal,
}: {
  message: CheckoutMessage;
  changes: readonly CartLineChange[];
  /** the fresh total when prices or the cart changed */
  newTotal: number | null;
}) {
  const t = useT();
  return (
    <div
      role="alert"
      className={`rounded-lg border px-4 py-3 text-sm font-medium ${
        newTotal !== null
          ? "border-amber-300 bg-amber-50 text-amber-900"
          : "border-red-200 bg-red-50 text-red-800"
      }`}
    >
      <p>
        {message.errorPrefix ? t("errors.prefix") : null}
        {t(message.key, message.params)}
      </p>
      {changes.length > 0 ? (
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {changes.map((change) => (
            <li key={`${change.lineId}-${change.reason}`}>
              <CartChangeText change={change} />
            </li>
          ))}
        </ul>
      ) : null}
      {newTotal !== null ? (
        <p className="mt-1 font-semibold">{t("checkout.newTotal", { amount: formatPrice(newTotal) })}</p>
      ) : null}
    </div>
  );
}
