import type { DeliveryPoint } from "../../../domain/types";
import type { FieldError } from "../../../domain/validation/errors";
import type { PublicSettings } from "../../../server/app";
import { useT } from "../../lib/i18n";
import { FieldErrorText } from "../form-field";
import { CheckoutCard } from "./checkout-card";
import { ParcelPointPicker } from "./parcel-point-picker";

// Punkt odbioru (parcel locker only): the picker shows the chosen point with "zmień", or
// "Zaznacz paczkomat". The point travels with the form as JSON in a hidden input; the action
// validates it with the shared deliveryPointSchema ("Wybierz paczkomat" when missing).

export function PickupPointSection({
  point,
  onSelect,
  settings,
  error,
}: {
  point: DeliveryPoint | null;
  onSelect: (point: DeliveryPoint) => void;
  settings: PublicSettings["parcelLockers"];
  error: FieldError | undefined;
}) {
  const t = useT();
  return (
    <CheckoutCard headingId="checkout-pickup-point" title={t("checkout.pickupPoint")}>
      <input type="hidden" name="deliveryPoint" value={point ? JSON.stringify(point) : ""} />
      <div className="mt-3">
        <ParcelPointPicker value={point} onSelect={onSelect} settings={settings} />
      </div>
      {error ? (
        <div role="alert" className="mt-2">
          <FieldErrorText id="checkout-pickup-point-error" error={error} />
        </div>
      ) : null}
    </CheckoutCard>
  );
}
