import { PARCEL_SIZES } from "../../../../domain/shipment";
import type { FieldError } from "../../../../domain/validation/errors";
import { useT } from "../../../lib/i18n";
import { FieldErrorText } from "../../form-field";

// "Gabaryt" on the product form (issue 29): the parcel-locker box the product fits in; a shipment's
// size is the largest of its products' unless staff choose another.

export function ParcelSizeField({
  value,
  error,
  className,
}: {
  value: string;
  error?: FieldError;
  className: string;
}) {
  const t = useT();
  return (
    <div>
      <label htmlFor="product-parcel-size" className="mb-1.5 block text-sm font-medium text-stone-800">
        {t("staff.product.parcelSize")}
      </label>
      <select
        id="product-parcel-size"
        name="parcelSize"
        defaultValue={value}
        aria-describedby="product-parcel-size-hint"
        className={className}
      >
        {PARCEL_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      <p id="product-parcel-size-hint" className="mt-1 text-xs text-stone-600">
        {t("staff.product.parcelSizeHint")}
      </p>
      <FieldErrorText id="product-parcel-size-error" error={error} />
    </div>
  );
}
