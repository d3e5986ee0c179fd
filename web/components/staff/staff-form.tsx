import { Link } from "react-router";
import type { MessageKey } from "../../../domain/i18n";
import type { FieldError } from "../../../domain/validation/errors";
import { useT } from "../../lib/i18n";
import { type SchemaSource, useFormValidation, useSubmitting } from "../../lib/use-form-validation";
import { SubmitButton } from "../form-field";
import { SECONDARY_BUTTON } from "./content/staff-ui";

// What every staff add/edit form shares: the browser's validation with the action's answer to a
// refused submit, and the footer with "Zapisz" and the way back to the list.

/** A refused submit as the staff form actions answer it. */
export interface StaffFormFailure {
  errors?: Record<string, FieldError> | undefined;
  formError?: string | undefined;
}

/** useFormValidation with the action's field errors and form error after a refused submit. */
export function useStaffFormValidation(
  schema: SchemaSource,
  failure: StaffFormFailure | undefined,
  booleans?: readonly string[],
) {
  return useFormValidation(schema, {
    booleans,
    serverErrors: failure?.errors,
    serverFormError: failure?.formError,
  });
}

/** The save button (busy while the form posts) and the link back to `backTo`. */
export function FormButtons({
  backTo,
  save = "common.save",
  className = "flex flex-wrap gap-3",
  cancelClassName = SECONDARY_BUTTON,
}: {
  backTo: string;
  save?: MessageKey;
  className?: string;
  cancelClassName?: string;
}) {
  const t = useT();
  const submitting = useSubmitting();
  return (
    <div className={className}>
      <SubmitButton pending={submitting}>{t(save)}</SubmitButton>
      <Link to={backTo} className={cancelClassName}>
        {t("common.cancel")}
      </Link>
    </div>
  );
}

/** The footer of the product field and banner slide forms: a rule above, a plain "Anuluj" link. */
export function TaxonomyFormButtons({ backTo, save }: { backTo: string; save: MessageKey }) {
  return (
    <FormButtons
      backTo={backTo}
      save={save}
      className="flex flex-wrap items-center gap-3 border-t border-stone-200 pt-4"
      cancelClassName="font-semibold text-stone-700 underline"
    />
  );
}
