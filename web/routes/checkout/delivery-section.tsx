import type { DeliveryMethodId } from "../../../domain/delivery";
import type { MessageKey } from "../../../domain/i18n";
import { formatPrice } from "../../../domain/money";
import { useT } from "../../lib/i18n";
import { SECONDARY_BUTTON } from "./checkout-card";
import "../../lib/checkout-texts";

// Dostawa: courier or parcel locker (the default), each with its price for this cart ("0,00 zł"
// once delivery is free). With JavaScript a change is saved at once (the summary follows); without
// it the "save" button posts the choice.

const LABELS: Record<DeliveryMethodId, MessageKey> = {
  courier: "checkout.courier",
  "parcel-locker": "checkout.parcelLocker",
};

export function DeliverySection({
  options,
  value,
  onChange,
  showApplyButton,
}: {
  options: readonly { id: DeliveryMethodId; priceGrosze: number }[];
  value: DeliveryMethodId;
  onChange: (method: DeliveryMethodId) => void;
  /** before hydration (no JavaScript): a button that saves the choice */
  showApplyButton: boolean;
}) {
  const t = useT();
  return (
    <fieldset className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6">
      <legend className="float-left mb-3 w-full text-lg font-semibold text-stone-900">
        {t("checkout.delivery")}
      </legend>
      <div className="clear-both grid gap-3 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.id}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-stone-300 px-4 py-3 has-[:checked]:border-accent-600 has-[:checked]:bg-accent-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-600/40"
          >
            <input
              type="radio"
              name="delivery"
              value={option.id}
              checked={value === option.id}
              onChange={() => onChange(option.id)}
              className="size-5 shrink-0 accent-accent-600"
            />
            <span className="flex-1 font-medium text-stone-900">{t(LABELS[option.id])}</span>
            <span className="font-semibold whitespace-nowrap text-stone-900">
              {formatPrice(option.priceGrosze)}
            </span>
          </label>
        ))}
      </div>
      {showApplyButton ? (
        <button type="submit" name="intent" value="delivery" className={`${SECONDARY_BUTTON} mt-3`}>
          {t("checkout.applyDelivery")}
        </button>
      ) : null}
    </fieldset>
  );
}
