// Product safety information (GPSR, Regulation (EU) 2023/988 art. 19; docs/decisions/073): what a
// product page shows before the purchase, and what a visible product still lacks. Pure: the seller's
// data (the default manufacturer of goods the shop makes itself) comes in as an argument.

/** A product's identity and SEO fields (issue 30); blank ones are null (numbers) or "" (texts). */
export interface ProductIdentity {
  /** the shop's own code, unique where set */
  sku: string | null;
  /** EAN/GTIN, digits only with a valid check digit (domain/gtin.ts) */
  gtin: string | null;
  weightGrams: number | null;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  /** overrides the generated <title> (the product's title) when set */
  seoTitle: string;
  /** overrides the generated meta description (the description's start) when set */
  seoDescription: string;
}

/** The GPSR fields as staff enter them; "" = not given. */
export interface ProductSafety {
  /** blank: the shop made it (the seller's name, address and contact) */
  manufacturerName: string;
  manufacturerAddress: string;
  /** an e-mail address or a web address */
  manufacturerContact: string;
  /** the manufacturer is outside the EU: the responsible person in the EU must be given */
  manufacturerOutsideEu: boolean;
  euRepName: string;
  euRepAddress: string;
  euRepContact: string;
  /** type, batch or model shown as the product's identifier; blank: the SKU */
  identifier: string;
  /** warnings and safety information in Polish (plain text, line breaks kept) */
  warnings: string;
  /** care and washing instructions (plain text, line breaks kept) */
  care: string;
}

/** The identity fields, in the form's order (the staff form, the product file). */
export const IDENTITY_KEYS = [
  "sku",
  "gtin",
  "weightGrams",
  "lengthMm",
  "widthMm",
  "heightMm",
  "seoTitle",
  "seoDescription",
] as const satisfies readonly (keyof ProductIdentity)[];

/** The safety fields that are text (all but manufacturerOutsideEu), in the form's order. */
export const SAFETY_TEXT_KEYS = [
  "manufacturerName",
  "manufacturerAddress",
  "manufacturerContact",
  "euRepName",
  "euRepAddress",
  "euRepContact",
  "identifier",
  "warnings",
  "care",
] as const satisfies readonly (keyof ProductSafety)[];

export const EMPTY_IDENTITY: ProductIdentity = {
  sku: null,
  gtin: null,
  weightGrams: null,
  lengthMm: null,
  widthMm: null,
  heightMm: null,
  seoTitle: "",
  seoDescription: "",
};

export const EMPTY_SAFETY: ProductSafety = {
  manufacturerName: "",
  manufacturerAddress: "",
  manufacturerContact: "",
  manufacturerOutsideEu: false,
  euRepName: "",
  euRepAddress: "",
  euRepContact: "",
  identifier: "",
  warnings: "",
  care: "",
};

/** A name with its postal and electronic address, as a product page shows them. */
export interface SafetyParty {
  name: string;
  address: string;
  contact: string;
}

/** What a product page shows in its "Bezpieczeństwo produktu" block; the parts the product lacks left out (page weight). */
export interface SafetyInfo {
  manufacturer: SafetyParty;
  /** the responsible person in the EU: only for a manufacturer outside the EU */
  euResponsible?: SafetyParty;
  identifier?: string;
  warnings?: string;
  care?: string;
}

/** What a visible product lacks, in the order the staff form shows them. */
export const SAFETY_GAPS = ["manufacturer", "euResponsible", "identifier", "warnings"] as const;
export type SafetyGap = (typeof SAFETY_GAPS)[number];

const filled = (value: string) => value.trim() !== "";
const partyComplete = (name: string, address: string, contact: string) =>
  filled(name) && filled(address) && filled(contact);

/** The identifier shown: the type/batch given, else the SKU, else "". */
export function shownIdentifier(safety: ProductSafety, sku: string | null): string {
  return filled(safety.identifier) ? safety.identifier.trim() : (sku ?? "");
}

/**
 * What the product lacks of the information GPSR asks for: the manufacturer (another manufacturer
 * than the shop without its address or contact), the responsible person in the EU (for a
 * manufacturer outside the EU), an identifier (type, batch or SKU) and the safety information.
 * Care instructions are recommended, not required (docs/decisions/073). Empty = complete.
 */
export function safetyGaps(safety: ProductSafety, sku: string | null): SafetyGap[] {
  const ownMake = !filled(safety.manufacturerName);
  const gaps: SafetyGap[] = [];
  if (
    !ownMake &&
    !partyComplete(safety.manufacturerName, safety.manufacturerAddress, safety.manufacturerContact)
  )
    gaps.push("manufacturer");
  if (
    safety.manufacturerOutsideEu &&
    (ownMake || !partyComplete(safety.euRepName, safety.euRepAddress, safety.euRepContact))
  )
    gaps.push("euResponsible");
  if (shownIdentifier(safety, sku) === "") gaps.push("identifier");
  if (!filled(safety.warnings)) gaps.push("warnings");
  return gaps;
}

/** The block a product page shows: the product's own manufacturer, or the seller for its own make. */
export function safetyInfo(safety: ProductSafety, sku: string | null, seller: SafetyParty): SafetyInfo {
  const own = filled(safety.manufacturerName);
  const identifier = shownIdentifier(safety, sku);
  return {
    manufacturer: own
      ? {
          name: safety.manufacturerName,
          address: safety.manufacturerAddress,
          contact: safety.manufacturerContact,
        }
      : seller,
    ...(own && safety.manufacturerOutsideEu && filled(safety.euRepName)
      ? {
          euResponsible: {
            name: safety.euRepName,
            address: safety.euRepAddress,
            contact: safety.euRepContact,
          },
        }
      : {}),
    ...(identifier ? { identifier } : {}),
    ...(filled(safety.warnings) ? { warnings: safety.warnings } : {}),
    ...(filled(safety.care) ? { care: safety.care } : {}),
  };
}

/** An electronic address as a link target: mailto: for an e-mail, the address itself for a web one. */
export function contactHref(contact: string): string | null {
  const value = contact.trim();
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return `mailto:${value}`;
  if (/^https?:\/\/\S+$/i.test(value)) return value;
  return null;
}
