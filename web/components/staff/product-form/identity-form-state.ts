import {
  IDENTITY_KEYS,
  type ProductIdentity,
  type ProductSafety,
  SAFETY_TEXT_KEYS,
} from "../../../../domain/gpsr";

// The product form's identity/SEO and safety (GPSR) groups as the screen holds them (numbers as
// typed), read from a product or from a posted form (inputs named "identity.sku", "safety.care"…);
// productFormSchema turns them into the payload (domain/validation/product-identity.ts).

export type IdentityFormState = Record<keyof ProductIdentity, string>;
export type SafetyFormState = Record<Exclude<keyof ProductSafety, "manufacturerOutsideEu">, string> & {
  manufacturerOutsideEu: boolean;
};

export const EMPTY_IDENTITY_FORM = Object.fromEntries(
  IDENTITY_KEYS.map((key) => [key, ""]),
) as IdentityFormState;
export const EMPTY_SAFETY_FORM = {
  ...Object.fromEntries(SAFETY_TEXT_KEYS.map((key) => [key, ""])),
  manufacturerOutsideEu: false,
} as SafetyFormState;

/** The groups filled from a product; a copy ("dodaj podobny") leaves out the SKU and the GTIN, which are the original's. */
export function identityFormStateFromProduct(
  product: { identity: ProductIdentity; safety: ProductSafety },
  copy: boolean,
): { identity: IdentityFormState; safety: SafetyFormState } {
  const identity = Object.fromEntries(
    IDENTITY_KEYS.map((key) => {
      const value = product.identity[key];
      return [key, value === null ? "" : String(value)];
    }),
  ) as IdentityFormState;
  return {
    identity: copy ? { ...identity, sku: "", gtin: "" } : identity,
    safety: { ...product.safety },
  };
}

/** The groups of a posted form. */
export function identityFormStateFromForm(form: FormData): {
  identity: IdentityFormState;
  safety: SafetyFormState;
} {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    identity: Object.fromEntries(
      IDENTITY_KEYS.map((key) => [key, text(`identity.${key}`)]),
    ) as IdentityFormState,
    safety: {
      ...(Object.fromEntries(SAFETY_TEXT_KEYS.map((key) => [key, text(`safety.${key}`)])) as Omit<
        SafetyFormState,
        "manufacturerOutsideEu"
      >),
      manufacturerOutsideEu: form.has("safety.manufacturerOutsideEu"),
    },
  };
}
