import { useId } from "react";
import { COMPLAINT_PHOTOS_MAX } from "../../../domain/after-sale-status";
import type { FieldError } from "../../../domain/validation/errors";
import { FieldErrorText } from "../../components/form-field";
import { useT } from "../../lib/i18n";
import "../../lib/after-sale-texts";

// The complaint form's photos (issue 27): a file input a phone opens on its camera or gallery
// (accept="image/*", several at once), with the count and the size limit said, and each refused
// photo's error naming its file. A refused form cannot give files back (no browser lets a page fill
// a file input), so after a refusal the shopper is asked to choose them again.

export function ComplaintPhotosField({
  maxMb,
  errors,
  chooseAgain,
}: {
  maxMb: number;
  /** `photos` (too many) and `photos.{index}` (that file), as the action answered them */
  errors: Record<string, FieldError>;
  /** photos came with a refused form: they were not kept */
  chooseAgain: boolean;
}) {
  const t = useT();
  const id = useId();
  const refused = Object.entries(errors).filter(([path]) => path === "photos" || path.startsWith("photos."));
  const described = [
    `${id}-hint`,
    chooseAgain ? `${id}-again` : null,
    ...refused.map(([path]) => `${id}-${path}`),
  ];
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {t("afterSale.complaintPhotos")}
      </label>
      <p id={`${id}-hint`} className="mb-1.5 text-sm text-stone-600">
        {t("afterSale.complaintPhotosHint", { count: COMPLAINT_PHOTOS_MAX, max: maxMb })}
      </p>
      {chooseAgain ? (
        <p id={`${id}-again`} className="mb-1.5 text-sm font-medium text-amber-800">
          {t("afterSale.complaintPhotosAgain")}
        </p>
      ) : null}
      <input
        id={id}
        name="photos"
        type="file"
        accept="image/*"
        multiple
        aria-invalid={refused.length > 0 ? true : undefined}
        aria-describedby={described.filter(Boolean).join(" ")}
        className="block w-full min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 file:mr-3 file:rounded-full file:border-0 file:bg-stone-100 file:px-4 file:py-2 file:font-semibold file:text-stone-800"
      />
      {refused.map(([path, error]) => (
        <FieldErrorText key={path} id={`${id}-${path}`} error={error} />
      ))}
    </div>
  );
}
