import type { MouseEvent, ReactNode } from "react";
import type { MessageKey } from "../../../domain/i18n";
import type { FieldError } from "../../../domain/validation/errors";
import { RequiredLegend, TextField } from "../../components/form-field";
import {
  type AddressValues,
  inputName,
  modeInputName,
  type AddressSection as Section,
} from "../../lib/checkout";
import { useT } from "../../lib/i18n";
import { CheckoutCard, SECONDARY_BUTTON } from "./checkout-card";
import "../../lib/checkout-texts";

// One address form of the checkout (Dane odbiorcy, Dane do faktury). It toggles between a
// read-only summary of stored valid data with an edit button, and the form. Both post their values
// (the summary as hidden inputs), so "Przejdź do płatności" always sends every section.

export interface AddressFieldSpec {
  name: string;
  label: MessageKey;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
  optional?: boolean;
  /** spans both columns on wide screens */
  wide?: boolean;
}

export interface AddressSectionProps {
  section: Section;
  title: string;
  fields: readonly AddressFieldSpec[];
  values: AddressValues;
  errors: Record<string, FieldError>;
  editing: boolean;
  /** with JavaScript: open the form without a round trip */
  onEdit: () => void;
  /** extra buttons in the form (Kopiuj z danych odbiorcy) */
  actions?: ReactNode;
  /** a note under the heading (where a logged-in user's confirmation goes) */
  note?: ReactNode;
  /**
   * a checkbox that shows the section's form or summary only while ticked ("Chcę fakturę na inne
   * dane"), with `whenOff` said otherwise. Pure CSS (peer-checked), so it works without JavaScript.
   */
  gate?: { name: string; label: string; whenOff: string; checked: boolean };
}

export function AddressSection({
  section,
  title,
  fields,
  values,
  errors,
  editing,
  onEdit,
  actions,
  note,
  gate,
}: AddressSectionProps) {
  const t = useT();
  const headingId = `checkout-${section}`;

  function edit(event: MouseEvent<HTMLButtonElement>) {
    // the button posts intent=edit-… without JavaScript; with it the form opens at once
    event.preventDefault();
    onEdit();
  }

  const body = (
    <>
      <input type="hidden" name={modeInputName(section)} value={editing ? "edit" : "view"} />
      {editing ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-2" data-section={section}>
          <RequiredLegend className="sm:col-span-2" />
          {fields.map((field) => (
            <TextField
              key={field.name}
              name={inputName(section, field.name)}
              label={t(field.label)}
              type={field.type ?? "text"}
              autoComplete={field.autoComplete}
              inputMode={field.inputMode}
              optional={field.optional}
              required={!field.optional}
              defaultValue={values[field.name] ?? ""}
              error={errors[field.name]}
              className={field.wide ? "sm:col-span-2" : ""}
            />
          ))}
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <button
              type="submit"
              name="intent"
              value={`save-${section}`}
              data-default-button
              aria-label={`${t("common.save")}: ${title}`}
              className="inline-flex min-h-11 items-center justify-center rounded-full bg-stone-900 px-5 py-2 text-sm font-semibold text-white hover:bg-stone-700"
            >
              {t("common.save")}
            </button>
            {actions}
          </div>
        </div>
      ) : (
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <dl className="grid min-w-0 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            {fields
              .filter((field) => values[field.name])
              .map((field) => (
                <div key={field.name} className="contents">
                  <dt className="text-stone-500">{t(field.label)}</dt>
                  <dd className="font-medium break-words text-stone-900">{values[field.name]}</dd>
                </div>
              ))}
          </dl>
          {fields.map((field) => (
            <input
              key={field.name}
              type="hidden"
              name={inputName(section, field.name)}
              value={values[field.name] ?? ""}
            />
          ))}
          <div className="flex flex-wrap gap-2">
            <button
              type="submit"
              name="intent"
              value={`edit-${section}`}
              onClick={edit}
              aria-label={`${t("common.edit")}: ${title}`}
              className={SECONDARY_BUTTON}
            >
              {t("common.edit")}
            </button>
            {actions}
          </div>
        </div>
      )}
    </>
  );

  return (
    <CheckoutCard headingId={headingId} title={title}>
      {note ? <div className="mt-1 text-sm text-stone-600">{note}</div> : null}
      {gate ? (
        <>
          <input
            id={`${headingId}-gate`}
            type="checkbox"
            name={gate.name}
            defaultChecked={gate.checked}
            className="peer mt-3 size-5 align-middle accent-accent-600"
          />
          <label
            htmlFor={`${headingId}-gate`}
            className="ml-2 align-middle text-sm font-medium text-stone-900"
          >
            {gate.label}
          </label>
          <p className="mt-2 text-sm text-stone-800 peer-checked:hidden">{gate.whenOff}</p>
        </>
      ) : null}
      <div className={gate ? "hidden peer-checked:block" : undefined}>{body}</div>
    </CheckoutCard>
  );
}
