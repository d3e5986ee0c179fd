import type { CartLineChange } from "../../domain/cart-changes";
import type { MessageKey } from "../../domain/i18n";
import type { DeliveryPoint, ParcelPoint, PriceChangedDetails, PublicUser } from "../../domain/types";
import type { FieldError } from "../../domain/validation/errors";

// The checkout form (/dostawa-i-platnosc) as plain data, shared by the route's loader/action and
// the browser. One HTML form holds every section; the recipient and invoice fields are named
// "recipient.<field>" and "invoiceData.<field>", so the order schema's error paths
// ("recipient.postCode") name the inputs directly.

export type AddressSection = "recipient" | "invoiceData";
export const ADDRESS_SECTIONS: readonly AddressSection[] = ["recipient", "invoiceData"];

/** The recipient form's fields (the e-mail only for guests: a logged-in user's comes from the account). */
export const RECIPIENT_FIELDS = ["displayName", "email", "phone", "street", "postCode", "city"] as const;
/** The invoice form's fields (NIP optional, with checksum). */
export const INVOICE_FIELDS = ["displayName", "street", "postCode", "city", "nip"] as const;

export type AddressValues = Record<string, string>;

export function sectionFields(section: AddressSection, loggedIn: boolean): readonly string[] {
  if (section === "invoiceData") return INVOICE_FIELDS;
  return loggedIn ? RECIPIENT_FIELDS.filter((field) => field !== "email") : RECIPIENT_FIELDS;
}

/** Name of the input holding `field` of `section` ("recipient.city"). */
export function inputName(section: AddressSection, field: string): string {
  return `${section}.${field}`;
}

/** Name of the hidden input telling the action whether a section was posted as a form or as a summary. */
export function modeInputName(section: AddressSection): string {
  return `${section}Mode`;
}

/** The typed values of one section of the posted form (only its known fields, as strings). */
export function postedSection(form: FormData, section: AddressSection, loggedIn: boolean): AddressValues {
  const values: AddressValues = {};
  for (const field of sectionFields(section, loggedIn)) {
    const value = form.get(inputName(section, field));
    if (typeof value === "string") values[field] = value.slice(0, 300);
  }
  return values;
}

/** The named fields of `source` as form values, "" for a missing one. */
function fieldValues<K extends string>(
  source: Partial<Record<K, string | null>>,
  fields: readonly K[],
): AddressValues {
  const values: AddressValues = {};
  for (const field of fields) values[field] = source[field] ?? "";
  return values;
}

/** The invoice's name and address: what "Kopiuj z danych odbiorcy" copies (not the NIP). */
const INVOICE_ADDRESS_FIELDS = INVOICE_FIELDS.filter((field) => field !== "nip");

/** A logged-in user's account data as the recipient form's starting values. */
export function recipientFromUser(user: PublicUser | null): AddressValues {
  return user
    ? fieldValues(
        user,
        RECIPIENT_FIELDS.filter((field) => field !== "email"),
      )
    : {};
}

/** A logged-in user's account data as the invoice form's starting values (with the NIP). */
export function invoiceFromUser(user: PublicUser | null): AddressValues {
  return user ? fieldValues(user, INVOICE_FIELDS) : {};
}

/** "Kopiuj z danych odbiorcy": name and address from the recipient; the invoice's NIP stays. */
export function copyRecipientToInvoice(recipient: AddressValues, invoice: AddressValues): AddressValues {
  return { ...fieldValues(recipient, INVOICE_ADDRESS_FIELDS), nip: invoice.nip ?? "" };
}

/** Name of the checkbox "Chcę fakturę na inne dane": without it the invoice data are the recipient's. */
export const INVOICE_OTHER = "invoiceOther";

/** The invoice data of a shopper who did not ask for other ones: the recipient's name and address. */
export function invoiceFromRecipient(recipient: AddressValues): AddressValues {
  return copyRecipientToInvoice(recipient, {});
}

/**
 * True when the invoice data are just the recipient's (or both are empty): the checkout then
 * leaves "Chcę fakturę na inne dane" unticked and shows no invoice form (issue 25).
 */
export function invoiceIsRecipient(recipient: AddressValues, invoice: AddressValues): boolean {
  const copied = invoiceFromRecipient(recipient);
  return INVOICE_FIELDS.every((field) => (invoice[field] ?? "").trim() === (copied[field] ?? "").trim());
}

/** Field errors of one section, keyed by the section's field ("postCode"). */
export function sectionErrors(
  errors: Record<string, FieldError> | undefined,
  section: AddressSection,
): Record<string, FieldError> {
  const prefix = `${section}.`;
  const found: Record<string, FieldError> = {};
  for (const [path, error] of Object.entries(errors ?? {})) {
    if (path.startsWith(prefix)) found[path.slice(prefix.length)] = error;
  }
  return found;
}

/**
 * The errors to show while a refused form is corrected: the action's, each replaced by what the
 * page found since (`rechecked`: the field's current error, or null once it is valid). Fields
 * without an error from the action get none while the shopper types.
 */
export function liveErrors(
  answered: Record<string, FieldError> | undefined,
  rechecked: Record<string, FieldError | null>,
): Record<string, FieldError> {
  const shown: Record<string, FieldError> = {};
  for (const [name, error] of Object.entries(answered ?? {})) {
    const now = name in rechecked ? rechecked[name] : error;
    if (now) shown[name] = now;
  }
  return shown;
}

export function hasSectionErrors(errors: Record<string, FieldError> | undefined, section: AddressSection) {
  return Object.keys(sectionErrors(errors, section)).length > 0;
}

/** The checkout's buttons (the `intent` of the posted form). */
export const CHECKOUT_INTENTS = [
  "pay",
  "save-recipient",
  "save-invoiceData",
  "edit-recipient",
  "edit-invoiceData",
  "copy-recipient",
  "delivery",
  "point",
  // without JavaScript: search the lockers list, then choose one (the picker dialog needs JS)
  "search-points",
  "choose-point",
] as const;
export type CheckoutIntent = (typeof CHECKOUT_INTENTS)[number];

export function isCheckoutIntent(value: unknown): value is CheckoutIntent {
  return typeof value === "string" && (CHECKOUT_INTENTS as readonly string[]).includes(value);
}

/** A translated message with its parameters (shown above the pay button). */
export interface CheckoutMessage {
  key: MessageKey;
  params?: Record<string, string | number>;
  /** prefix with "Błąd: " (SPEC §8: a failed order shows Error plus the message) */
  errorPrefix?: boolean;
}

/** What the checkout action answers when it does not redirect. */
export interface CheckoutActionData {
  intent: CheckoutIntent | null;
  /** what was typed, to fill the forms again */
  values: Record<AddressSection, AddressValues>;
  /** which address sections show their form (true) or their summary (false) */
  editing: Record<AddressSection, boolean>;
  /** per-field message keys, by input name ("recipient.postCode", "deliveryPoint", "acceptTermsAndConditions") */
  errors?: Record<string, FieldError>;
  message?: CheckoutMessage;
  /** the server's figures when the total changed (the page shows the new amount) */
  priceChanged?: PriceChangedDetails;
  /** what changed per line since the page was shown (order/cart-changed): the page lists them */
  cartChanges?: CartLineChange[];
  /** the delivery point the form posted (kept when the order is refused) */
  deliveryPoint?: DeliveryPoint | null;
  acceptTermsAndConditions?: boolean;
  /** "Chcę fakturę na inne dane" was ticked */
  invoiceOther?: boolean;
  /** without JavaScript: the lockers found for the typed query */
  pointSearch?: { query: string; results: ParcelPoint[] };
}
