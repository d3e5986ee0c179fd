import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import type { FieldError } from "../../domain/validation/errors";
import { useT } from "../lib/i18n";
import { Spinner } from "./spinner";

export { Spinner };

// Labelled form controls that show a translated field error (SPEC §5: the text of the first
// failing rule). Reuse them for every form: the error is tied to its input with
// aria-invalid/aria-describedby, so screen readers read it with the field.

const INPUT_BASE =
  "block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-stone-900 shadow-xs placeholder:text-stone-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-600/40 disabled:bg-stone-100 disabled:text-stone-500";

function inputClass(invalid: boolean): string {
  return `${INPUT_BASE} ${invalid ? "border-red-600 focus-visible:border-red-600" : "border-stone-300 focus-visible:border-accent-600"}`;
}

/**
 * The visual mark of a required field beside its label (the field itself carries `required`, which
 * screen readers announce; the forms are `noValidate`, so the browser's own bubbles never show).
 * One mark for every form (the checkout's too), explained by RequiredLegend at the form's top.
 */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 font-semibold text-red-700">
      *
    </span>
  );
}

/**
 * A field's label line: the label, then the required mark beside it, outside the label so the
 * field's name stays the label's text.
 */
export function LabelRow({ required = false, children }: { required?: boolean; children: ReactNode }) {
  return (
    <div className="mb-1.5 flex items-baseline">
      {children}
      {required ? <RequiredMark /> : null}
    </div>
  );
}

/** "Pola oznaczone * są obowiązkowe." at the top of a form that marks its required fields. */
export function RequiredLegend({ className = "" }: { className?: string }) {
  const t = useT();
  return <p className={`text-sm text-stone-600 ${className}`}>{t("common.requiredLegend")}</p>;
}

/** The translated text of a field error. */
export function FieldErrorText({ id, error }: { id: string; error: FieldError | undefined }) {
  const t = useT();
  if (!error) return null;
  return (
    <p id={id} data-inline-message className="mt-1.5 text-sm font-medium text-red-700">
      {t(error.key, error.params)}
    </p>
  );
}

/** A field's label with its required mark and "(opcjonalnie)". */
function FieldLabel(props: { htmlFor: string; label: string; optional: boolean; required: boolean }) {
  const t = useT();
  return (
    <LabelRow required={props.required}>
      <label htmlFor={props.htmlFor} className="text-sm font-medium text-stone-800">
        {props.label}
        {props.optional ? (
          <span className="ml-1 font-normal text-stone-500">{t("common.optional")}</span>
        ) : null}
      </label>
    </LabelRow>
  );
}

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "defaultValue" | "children"> {
  name: string;
  label: string;
  error?: FieldError | undefined;
  defaultValue?: string | null | undefined;
  /** short help under the label */
  hint?: string;
  /** shows "(opcjonalnie)" after the label */
  optional?: boolean;
  /** marks the field required (RequiredMark after the label, `required` on the input) */
  required?: boolean;
}

/** A labelled text input (text, email, password, tel…). */
export function TextField({
  name,
  label,
  error,
  defaultValue,
  hint,
  optional = false,
  required = false,
  type = "text",
  className = "",
  ...input
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} optional={optional} required={required} />
      {hint ? (
        <p id={hintId} className="mb-1.5 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue ?? undefined}
        required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass(!!error)}
        {...input}
      />
      <FieldErrorText id={errorId} error={error} />
    </div>
  );
}

/** A labelled plain textarea with its field error. */
export function TextAreaField({
  name,
  label,
  defaultValue,
  error,
  rows = 4,
  optional = false,
  required = false,
  hint,
}: {
  name: string;
  label: string;
  defaultValue?: string | undefined;
  error?: FieldError | undefined;
  rows?: number;
  /** short help under the label */
  hint?: string;
  /** shows "(opcjonalnie)" after the label */
  optional?: boolean;
  /** marks the field required (RequiredMark after the label, `required` on the textarea) */
  required?: boolean;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} optional={optional} required={required} />
      {hint ? (
        <p id={`${id}-hint`} className="mb-1.5 text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={inputClass(!!error)}
      />
      <FieldErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

/** A checkbox whose label may contain links (e.g. the terms on the register form). */
export function CheckboxField({
  name,
  label,
  error,
  defaultChecked,
  disabled,
  required = false,
}: {
  name: string;
  label: ReactNode;
  /** marks the box required (RequiredMark after the label, `required` on the input) */
  required?: boolean;
  error?: FieldError | undefined;
  defaultChecked?: boolean;
  /** shown but not changeable; its value is then posted by a hidden field (the form cannot change it) */
  disabled?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      {disabled && defaultChecked ? <input type="hidden" name={name} value="on" /> : null}
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={disabled ? undefined : name}
          type="checkbox"
          defaultChecked={defaultChecked}
          disabled={disabled}
          required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`mt-0.5 size-5 shrink-0 rounded accent-accent-600 ${error ? "outline outline-2 outline-red-600" : ""}`}
        />
        <span>
          <label htmlFor={id} className="text-sm text-stone-800">
            {label}
          </label>
          {required ? <RequiredMark /> : null}
        </span>
      </div>
      <FieldErrorText id={errorId} error={error} />
    </div>
  );
}

/**
 * A form-level message (a server error or errors.formContainsErrors). Rendered as an alert,
 * so it is announced when it appears.
 */
export function FormAlert({
  message,
  tone = "error",
}: {
  message: string | undefined;
  tone?: "error" | "info";
}) {
  if (!message) return null;
  const colours =
    tone === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-sky-200 bg-sky-50 text-sky-900";
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-inline-message
      className={`rounded-lg border px-4 py-3 text-sm font-medium ${colours}`}
    >
      {message}
    </div>
  );
}

/** The primary submit button; while `pending` it shows a spinner and the "sending" text. */
export function SubmitButton({
  children,
  pending = false,
  className = "",
}: {
  children: ReactNode;
  pending?: boolean;
  className?: string;
}) {
  const t = useT();
  return (
    <button
      type="submit"
      disabled={pending}
      aria-busy={pending || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-accent-600 px-6 py-2.5 font-semibold text-white hover:bg-accent-700 disabled:cursor-wait disabled:opacity-80 ${className}`}
    >
      {pending ? (
        <>
          <Spinner />
          <span>{t("auth.submitting")}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}
