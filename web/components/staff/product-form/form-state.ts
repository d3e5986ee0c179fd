import type { EnglishOf } from "../../../../domain/english-texts";
import { groszeToDecimalString } from "../../../../domain/money";
import type { GridRow } from "../../../../domain/product-variants-grid";
import { DEFAULT_PARCEL_SIZE } from "../../../../domain/shipment";
import type { ImageRef, ProcessingTime, Product } from "../../../../domain/types";
import { STAFF_PRODUCT_FLAGS, type StaffProductFlag } from "../../../../domain/validation/catalog";
import { parseJsonArrayField } from "../../../lib/staff-forms";
import {
  EMPTY_IDENTITY_FORM,
  EMPTY_SAFETY_FORM,
  type IdentityFormState,
  identityFormStateFromForm,
  identityFormStateFromProduct,
  type SafetyFormState,
} from "./identity-form-state";

// The product form as the screen holds it (prices as typed, "12,34"), read from a product (edit,
// "dodaj podobny") or from a posted form; `formPayloadInput` turns it into what productFormSchema
// parses. The browser and the action read the form the same way.

export type FlagValues = Record<StaffProductFlag | "hasSlides", boolean>;

export interface ProductFormState extends FlagValues {
  title: string;
  description: string;
  /** the English title and description (issue 30): blank = none */
  titleEn: string;
  descriptionEn: string;
  tags: string;
  images: ImageRef[];
  categories: number[];
  fields: number[];
  variants: GridRow[];
  priceGrosze: string;
  promotionalPriceGrosze: string;
  quantity: string;
  vatRate: string;
  processingTime: ProcessingTime | string;
  /** "gabaryt" A/B/C (issue 29) */
  parcelSize: string;
  slides: number[];
  slidesTitle: string;
  slidesDescription: string;
  identity: IdentityFormState;
  safety: SafetyFormState;
}

export const FLAG_NAMES = [...STAFF_PRODUCT_FLAGS, "hasSlides"] as const;

const price = (grosze: number | null) =>
  grosze === null ? "" : groszeToDecimalString(grosze).replace(".", ",");

export const EMPTY_PRODUCT_FORM: ProductFormState = {
  title: "",
  description: "",
  titleEn: "",
  descriptionEn: "",
  tags: "",
  images: [],
  categories: [],
  fields: [],
  variants: [],
  priceGrosze: "",
  promotionalPriceGrosze: "",
  quantity: "0",
  vatRate: "23",
  processingTime: "1-2",
  parcelSize: "A",
  slides: [],
  slidesTitle: "",
  slidesDescription: "",
  identity: EMPTY_IDENTITY_FORM,
  safety: EMPTY_SAFETY_FORM,
  isHidden: false,
  isNew: false,
  isSale: false,
  isPremium: false,
  isLayette: false,
  isSet: false,
  hasSlides: false,
};

/**
 * The form filled from a product; `copySuffix` makes it a copy (new variants, title suffixed, and
 * an English title with `englishCopySuffix`).
 */
export function formStateFromProduct(
  product: Product & Partial<EnglishOf<"product">>,
  copySuffix?: string,
  englishCopySuffix = copySuffix,
): ProductFormState {
  const copy = copySuffix !== undefined;
  const titleEn = product.titleEn ?? "";
  return {
    title: copy ? `${product.title}${copySuffix}` : product.title,
    description: product.description,
    titleEn: copy && titleEn !== "" ? `${titleEn}${englishCopySuffix}` : titleEn,
    descriptionEn: product.descriptionEn ?? "",
    tags: product.tags.join(", "),
    images: product.images,
    categories: product.categories,
    fields: product.fields,
    variants: product.variants.map((variant) => ({
      ...(copy ? {} : { _id: variant._id }),
      fields: variant.fields,
      price: price(variant.priceGrosze),
      promotionalPrice: price(variant.promotionalPriceGrosze),
      quantity: String(variant.quantity),
    })),
    priceGrosze: price(product.priceGrosze),
    promotionalPriceGrosze: price(product.promotionalPriceGrosze),
    quantity: String(product.quantity),
    vatRate: String(product.vatRate),
    processingTime: product.processingTime,
    parcelSize: product.parcelSize,
    slides: product.slides,
    slidesTitle: product.slidesTitle,
    slidesDescription: product.slidesDescription,
    ...identityFormStateFromProduct(product, copy),
    isHidden: product.isHidden,
    isNew: product.isNew,
    isSale: product.isSale,
    isPremium: product.isPremium,
    isLayette: product.isLayette,
    isSet: product.isSet,
    hasSlides: product.hasSlides,
  };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};
const ids = (form: FormData, name: string) =>
  form
    .getAll(name)
    .map((value) => (typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Number.NaN))
    .filter((value) => Number.isSafeInteger(value) && value > 0);

/**
 * Ticked ids in a stable order: the ones the product already had keep their saved order (the
 * first category is the breadcrumb default), newly ticked ones follow in the form's order.
 * `savedOrder` is the hidden "<name>Order" field (JSON of the saved ids).
 */
function orderedIds(form: FormData, name: string): number[] {
  const ticked = ids(form, name);
  const saved = parseJsonArrayField(form.get(`${name}Order`)).filter(
    (id): id is number => typeof id === "number" && ticked.includes(id),
  );
  return [...saved, ...ticked.filter((id) => !saved.includes(id))];
}

/**
 * The posted form: one set of `variant*` inputs per variant row (so the editor works without
 * JavaScript too), checkboxes as id lists, the images as the picker's JSON.
 */
export function formStateFromForm(form: FormData): ProductFormState {
  const variantFields = form.getAll("variantFields");
  const variantIds = form.getAll("variantId");
  const prices = form.getAll("variantPrice");
  const promotional = form.getAll("variantPromotionalPrice");
  const quantities = form.getAll("variantQuantity");
  const variants: GridRow[] = variantFields.flatMap((raw, index) => {
    let fields: unknown;
    try {
      fields = JSON.parse(String(raw));
    } catch {
      return [];
    }
    if (typeof fields !== "object" || fields === null) return [];
    const id = Number(variantIds[index]);
    return [
      {
        ...(Number.isSafeInteger(id) && id > 0 ? { _id: id } : {}),
        fields: fields as Record<string, number>,
        price: String(prices[index] ?? ""),
        promotionalPrice: String(promotional[index] ?? ""),
        quantity: String(quantities[index] ?? ""),
      },
    ];
  });
  const flags = Object.fromEntries(FLAG_NAMES.map((name) => [name, form.has(name)])) as FlagValues;
  return {
    title: text(form, "title"),
    description: text(form, "description"),
    titleEn: text(form, "titleEn"),
    descriptionEn: text(form, "descriptionEn"),
    tags: text(form, "tags"),
    images: parseJsonArrayField(form.get("images")) as ImageRef[],
    categories: orderedIds(form, "categories"),
    fields: orderedIds(form, "fields"),
    variants,
    priceGrosze: text(form, "priceGrosze"),
    promotionalPriceGrosze: text(form, "promotionalPriceGrosze"),
    quantity: text(form, "quantity"),
    vatRate: text(form, "vatRate"),
    processingTime: text(form, "processingTime"),
    parcelSize: text(form, "parcelSize") || DEFAULT_PARCEL_SIZE,
    slides: ids(form, "slides"),
    slidesTitle: text(form, "slidesTitle"),
    slidesDescription: text(form, "slidesDescription"),
    ...identityFormStateFromForm(form),
    ...flags,
  };
}

/** What productFormSchema parses (it converts the typed prices and the comma-separated tags). */
export function formPayloadInput(state: ProductFormState): Record<string, unknown> {
  return {
    ...state,
    variants: state.variants.map((row) => ({
      ...(row._id === undefined ? {} : { _id: row._id }),
      fields: row.fields,
      priceGrosze: row.price,
      promotionalPriceGrosze: row.promotionalPrice,
      quantity: row.quantity,
    })),
  };
}
