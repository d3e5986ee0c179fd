// Person/address forms (SPEC §5 "User/address form"): user settings, recipient, invoice data.
//
// Output normalisation: strings trimmed, e-mail lower-cased, postcode "NN-NNN", NIP digits only,
// phone trimmed but otherwise as typed. Optional fields come out as null when blank.

import { z } from "zod";
import { NAME_MAX, NAME_MIN } from "../constants";
import { emailSchema, requiredString } from "./common";
import { MSG } from "./messages";
import { nipSchema } from "./nip";
import { optionalPhoneSchema, phoneSchema } from "./phone";
import { postCodeSchema } from "./postcode";

export const displayNameSchema = requiredString({ min: NAME_MIN, max: NAME_MAX });

/** Optional e-mail (hidden field): blank -> null, otherwise must be valid. */
export const optionalEmailSchema = z.preprocess(
  (value) => (value == null || (typeof value === "string" && value.trim() === "") ? null : value),
  z
    .string({ error: MSG.email })
    .trim()
    .toLowerCase()
    .max(254, { error: MSG.maxLength })
    .regex(z.regexes.email, { error: MSG.email })
    .nullable(),
);

export interface AddressSchemaOptions {
  /** false when the e-mail field is hidden (e.g. a logged-in user's recipient form); default true */
  requireEmail?: boolean;
  /** false when the phone field is hidden; default true */
  requirePhone?: boolean;
}

type EmailFor<O extends AddressSchemaOptions> = O["requireEmail"] extends false
  ? typeof optionalEmailSchema
  : typeof emailSchema;
type PhoneFor<O extends AddressSchemaOptions> = O["requirePhone"] extends false
  ? typeof optionalPhoneSchema
  : typeof phoneSchema;

export function makeAddressSchema<const O extends AddressSchemaOptions>(options: O) {
  const email = (options.requireEmail === false ? optionalEmailSchema : emailSchema) as EmailFor<O>;
  const phone = (options.requirePhone === false ? optionalPhoneSchema : phoneSchema) as PhoneFor<O>;
  return z.object({
    displayName: displayNameSchema,
    email,
    phone,
    postCode: postCodeSchema,
    city: requiredString({ max: 100 }),
    street: requiredString({ max: 200 }),
    /** optional; 10 digits with checksum when given */
    nip: nipSchema,
  });
}

/** Every field shown: e-mail and phone required, NIP optional. */
export const addressSchema = makeAddressSchema({});
export type Address = z.output<typeof addressSchema>;
export type AddressInput = z.input<typeof addressSchema>;

/** Recipient of an order placed by a guest (e-mail required). */
export const recipientSchema = addressSchema;
/** Recipient of a logged-in user's order: e-mail hidden (taken from the account). */
export const loggedInRecipientSchema = makeAddressSchema({ requireEmail: false });

/** Invoice data ("Dane do faktury"): name, street, postcode, city, optional NIP; e-mail and phone optional. */
export const invoiceDataSchema = makeAddressSchema({ requireEmail: false, requirePhone: false });
export type InvoiceData = z.output<typeof invoiceDataSchema>;

/** Account settings: the address form without e-mail (the e-mail is the login and not edited here). */
export const userSettingsSchema = makeAddressSchema({ requireEmail: false }).omit({ email: true });
export type UserSettings = z.output<typeof userSettingsSchema>;
