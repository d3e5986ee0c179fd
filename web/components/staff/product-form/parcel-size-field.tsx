import { PARCEL_SIZES } from "../../../../domain/shipment";
import type { FieldError } from "../../../../domain/validation/errors";
import { useT } from "../../../lib/i18n";
import { SelectField } from "../staff-fields";

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
    <SelectField
      id="product-parcel-size"
      name="parcelSize"
      label={t("staff.product.parcelSize")}
      hint={t("staff.product.parcelSizeHint")}
      error={error}
      defaultValue={value}
      className={className}
    >
      {PARCEL_SIZES.map((size) => (
        <option key={size} value={size}>
          {size}
        </option>
      ))}
    </SelectField>
  );
}
