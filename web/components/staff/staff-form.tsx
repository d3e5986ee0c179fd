import type { ReactNode } from "react";
import { Link, useActionData, useLocation } from "react-router";
import type { MessageKey } from "../../../domain/i18n";
import type { FieldError } from "../../../domain/validation/errors";
import { useT } from "../../lib/i18n";
import { STAFF_SECTIONS } from "../../lib/staff-paths";
import { type SchemaSource, useFormValidation, useSubmitting } from "../../lib/use-form-validation";
import { FormAlert, SubmitButton } from "../form-field";
import { ValidatedForm } from "../validated-form";
import { CARD, SECONDARY_BUTTON, StaffHeading } from "./content/staff-ui";

// What every staff add/edit form shares: the browser's validation with the action's answer to a
// refused submit, the screen around the fields (heading, the validated form, its error) and the
// footer with "Zapisz" and the way back to the list.

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
function TaxonomyFormButtons({ backTo, save }: { backTo: string; save: MessageKey }) {
  return (
    <FormButtons
      backTo={backTo}
      save={save}
      className="flex flex-wrap items-center gap-3 border-t border-stone-200 pt-4"
      cancelClassName="font-semibold text-stone-700 underline"
    />
  );
}

/** The validation a form screen wires into its ValidatedForm (useStaffFormValidation). */
type FormWiring = Pick<ReturnType<typeof useFormValidation>, "formError" | "onSubmit" | "onChange">;

/**
 * A content add/edit screen (pages, blog, coupons, creators, games): the heading, then the form in a
 * card — its error, the fields, "Zapisz" and "Anuluj". With `twoColumns` the fields sit in two
 * columns from the small breakpoint, the error and the footer across both.
 */
export function ContentFormScreen({
  title,
  width = "max-w-3xl",
  twoColumns = false,
  validation,
  backTo,
  children,
}: {
  title: string;
  width?: "max-w-2xl" | "max-w-3xl";
  twoColumns?: boolean;
  validation: FormWiring;
  backTo: string;
  children: ReactNode;
}) {
  const t = useT();
  const location = useLocation();
  const alert = validation.formError ? <FormAlert message={t(validation.formError)} /> : null;
  return (
    <div className={width}>
      <StaffHeading title={title} />
      <ValidatedForm
        key={location.key}
        onSubmit={validation.onSubmit}
        onChange={validation.onChange}
        className={twoColumns ? `${CARD} grid gap-5 sm:grid-cols-2` : `${CARD} grid gap-5`}
      >
        {twoColumns && alert ? <div className="sm:col-span-2">{alert}</div> : alert}
        {children}
        <FormButtons
          backTo={backTo}
          className={twoColumns ? "flex flex-wrap gap-3 sm:col-span-2" : undefined}
        />
      </ValidatedForm>
    </div>
  );
}

/** The titles of the product field and banner slide forms: the add screen's and the save button's. */
const TAXONOMY_FORMS = {
  fields: { add: "staff.fields.add", save: "staff.fields.save" },
  slides: { add: "staff.slides.add", save: "staff.slides.save" },
} as const satisfies Record<string, { add: MessageKey; save: MessageKey }>;

/**
 * A product field's or a banner slide's add/edit screen: "Edytuj: {title}" (or the add title), the
 * form with its error, the fields and the ruled footer back to the section's list. After a refused
 * submit the form starts again from what the action sent back.
 */
export function TaxonomyFormScreen({
  section,
  editedTitle,
  validation,
  children,
}: {
  section: keyof typeof TAXONOMY_FORMS;
  /** the edited record's title; undefined on the add screen */
  editedTitle: string | undefined;
  validation: FormWiring;
  children: ReactNode;
}) {
  const t = useT();
  const location = useLocation();
  const failed = useActionData() !== undefined;
  const texts = TAXONOMY_FORMS[section];
  return (
    <div className="max-w-3xl space-y-5">
      <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {editedTitle === undefined ? t(texts.add) : `${t("staff.edit")}: ${editedTitle}`}
      </h1>
      <ValidatedForm
        key={`${location.key}-${failed ? "failed" : "fresh"}`}
        onSubmit={validation.onSubmit}
        onChange={validation.onChange}
        className="space-y-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
      >
        {validation.formError ? <FormAlert message={t(validation.formError)} /> : null}
        {children}
        <TaxonomyFormButtons backTo={STAFF_SECTIONS[section]} save={texts.save} />
      </ValidatedForm>
    </div>
  );
}
