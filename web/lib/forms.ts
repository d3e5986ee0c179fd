import type { MessageKey } from "../../domain/i18n";
import type { FieldError } from "../../domain/validation/errors";

// Form plumbing shared by the browser (validation before submitting) and route actions
// (validation of the posted form): both turn the form into the same plain object and parse
// it with the same zod schema from domain/validation.

/**
 * A form as a plain object for a zod schema: text entries as strings (files are skipped);
 * the named checkboxes as booleans (checked = present).
 */
export function formValues(form: FormData, booleans: readonly string[] = []): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && !(name in values)) values[name] = value;
  }
  for (const name of booleans) values[name] = form.has(name);
  return values;
}

/** Picks the named text values to send back to a form after an error (never passwords). */
export function keepValues<const K extends string>(
  values: Record<string, unknown>,
  names: readonly K[],
): Partial<Record<K, string>> {
  const kept: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = values[name];
    if (typeof value === "string") kept[name] = value;
  }
  return kept;
}

/** What an action returns when a form is refused: field errors and/or one form-level message. */
export interface FormFailure<K extends string = string> {
  /** message key shown above (or under) the form: a server error or errors.formContainsErrors */
  formError: MessageKey | (string & {});
  /** per-field message keys (the first failing rule of each field) */
  errors?: Record<string, FieldError>;
  /** what the user typed, to fill the form again */
  values?: Partial<Record<K, string>>;
}
