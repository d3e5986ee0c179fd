import type { ReactNode, SelectHTMLAttributes } from "react";
import type { ImageRef } from "../../../domain/types";
import type { FieldError } from "../../../domain/validation/errors";
import { useT } from "../../lib/i18n";
import { FieldErrorText } from "../form-field";
import { ImagePicker } from "./image-picker";

// Fields the staff forms share: the one image of a page, an article, a creator or a game; a label
// above its control; a labelled select; a group of radio buttons; a checkbox with its label beside it.

/** "Obraz": one image from the gallery or uploaded into `folder`, posted as the field "image". */
export function SingleImageField({
  folder,
  value,
  error,
}: {
  folder: string;
  value: ImageRef[];
  error: FieldError | undefined;
}) {
  const t = useT();
  return (
    <ImagePicker
      name="image"
      label={t("staff.content.image")}
      defaultValue={value}
      multiple={false}
      uploadFolder={folder}
      error={error ? t(error.key, error.params) : undefined}
    />
  );
}

/** A checkbox with its label beside it (a form's flag, a list's filter); `value` is what a ticked box posts. */
export function InlineCheckbox({
  name,
  value,
  defaultChecked,
  children,
}: {
  name: string;
  value?: string;
  defaultChecked: boolean;
  children: ReactNode;
}) {
  return (
    <label className="inline-flex min-h-10 items-center gap-2 text-sm text-stone-800">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        className="size-5 accent-accent-600"
      />
      {children}
    </label>
  );
}

/** A control under its label (the control, and anything after it, are `children`); `className` is the wrapper's. */
export function LabelledField({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A labelled select with its error under it (`hint` between them, read with the select). */
export function SelectField({
  id,
  name,
  label,
  hint,
  error,
  className,
  children,
  ...select
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error: FieldError | undefined;
  /** the select's */
  className: string;
  children: ReactNode;
  defaultValue: SelectHTMLAttributes<HTMLSelectElement>["defaultValue"];
  multiple?: boolean;
  size?: number;
}) {
  return (
    <LabelledField id={id} label={label}>
      <select
        id={id}
        name={name}
        {...select}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={className}
      >
        {children}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      <FieldErrorText id={`${id}-error`} error={error} />
    </LabelledField>
  );
}

/** Radio buttons in a row under their legend, with the group's error below them. */
export function RadioGroup<V extends string>({
  name,
  legend,
  options,
  checked,
  error,
  errorId,
  className,
  describedByError = false,
}: {
  name: string;
  legend: string;
  options: readonly { value: V; label: string }[];
  checked: string;
  error: FieldError | undefined;
  errorId: string;
  className?: string;
  /** the fieldset names its error as its description */
  describedByError?: boolean;
}) {
  return (
    <fieldset className={className} aria-describedby={describedByError && error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-stone-800">{legend}</legend>
      <div className="flex flex-wrap gap-4">
        {options.map((option) => (
          <label key={option.value} className="inline-flex min-h-10 items-center gap-2 text-stone-800">
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={checked === option.value}
              className="size-5 accent-accent-600"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldErrorText id={errorId} error={error} />
    </fieldset>
  );
}
