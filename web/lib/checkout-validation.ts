import { invoiceDataSchema, loggedInRecipientSchema, recipientSchema } from "../../domain/validation/address";
import type { FieldError } from "../../domain/validation/errors";
import { parseForm } from "../../domain/validation/errors";
import { type AddressSection, type AddressValues, inputName } from "./checkout";

// The checkout's address sections checked with the order's own schemas: by the action, and by the
// page once a refused form is being corrected (imported then, so zod is not part of the page's
// first load: docs/decisions/021-bundle-budgets.md).

/** The schema of one address section. */
export function sectionSchema(section: AddressSection, loggedIn: boolean) {
  if (section === "invoiceData") return invoiceDataSchema;
  return loggedIn ? loggedInRecipientSchema : recipientSchema;
}

/**
 * The action's errors of one section checked again against what the section holds now: each field
 * the action named gets its current error, or null once it is valid (see liveErrors).
 */
export function recheckedErrors(
  answered: Record<string, FieldError>,
  section: AddressSection,
  loggedIn: boolean,
  values: AddressValues,
): Record<string, FieldError | null> {
  const found = sectionFieldErrors(section, loggedIn, values);
  const rechecked: Record<string, FieldError | null> = {};
  for (const name of Object.keys(answered)) {
    if (name.startsWith(`${section}.`)) rechecked[name] = found[name] ?? null;
  }
  return rechecked;
}

/** The field errors of one section's values, keyed by input name ("recipient.postCode"). */
export function sectionFieldErrors(
  section: AddressSection,
  loggedIn: boolean,
  values: AddressValues,
): Record<string, FieldError> {
  const parsed = parseForm(sectionSchema(section, loggedIn), values);
  if (parsed.ok) return {};
  return Object.fromEntries(
    Object.entries(parsed.errors).map(([field, error]) => [inputName(section, field), error]),
  );
}
