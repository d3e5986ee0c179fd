// EAN/GTIN product codes (GS1 General Specifications §7.9): GTIN-8, GTIN-12 (UPC-A), GTIN-13
// (EAN-13) and GTIN-14, the last digit a check digit over the others. Used by the product form and
// the API (domain/validation/product-identity.ts) and by the structured data of the product page.

/** The lengths a GTIN has. */
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/** A typed code as digits only: spaces and hyphens (as printed under a barcode) removed. */
export function normalizeGtin(raw: string): string {
  return raw.replace(/[\s-]/g, "");
}

/**
 * The GS1 check digit of the digits before it: from the right, weights 3, 1, 3, 1…; the digit
 * that brings the weighted sum to a multiple of 10.
 */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    const digit = body.charCodeAt(body.length - 1 - index) - 48;
    sum += digit * (index % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True for 8, 12, 13 or 14 digits whose last digit is the GS1 check digit of the others. */
export function isValidGtin(code: string): boolean {
  if (!/^\d+$/.test(code) || !(GTIN_LENGTHS as readonly number[]).includes(code.length)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}
