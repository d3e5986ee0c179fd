// Validation message convention: every zod issue message is an i18n KEY (never a sentence).
// The catalogs (domain/i18n) translate these keys; `MESSAGE_KEYS` lets their test check coverage.

export const MESSAGE_KEYS = [
  "validation.required",
  "validation.email",
  "validation.sameAsPassword",
  "validation.commonPassword",
  "validation.currentPasswordWrong",
  "validation.minLength",
  "validation.maxLength",
  "validation.minValue",
  "validation.maxValue",
  "validation.url",
  "validation.phone",
  "validation.nip",
  "validation.postCode",
  "validation.integer",
  "validation.number",
  "validation.invalid",
  "validation.termsRequired",
  "validation.dateRange",
  "validation.priceRange",
  "validation.promotionalPriceAbovePrice",
  "validation.unique",
  "validation.reservedLink",
  "coupon.enterCode",
  "coupon.invalid",
  "coupon.expired",
  "coupon.notStarted",
  "coupon.usedUp",
  "coupon.belowMinimum",
  "checkout.selectParcelLocker",
  "checkout.unknownParcelLocker",
  "shipment.sameAsPrevious",
  "staff.gallery.folderInvalid",
  "afterSale.linesRequired",
  "afterSale.chooseRemedy",
  "afterSale.tooManyPhotos",
] as const;

export type MessageKey = (typeof MESSAGE_KEYS)[number];

/** Short names for the keys, for use in schemas. */
export const MSG = {
  required: "validation.required",
  email: "validation.email",
  sameAsPassword: "validation.sameAsPassword",
  commonPassword: "validation.commonPassword",
  currentPasswordWrong: "validation.currentPasswordWrong",
  minLength: "validation.minLength",
  maxLength: "validation.maxLength",
  minValue: "validation.minValue",
  maxValue: "validation.maxValue",
  url: "validation.url",
  phone: "validation.phone",
  nip: "validation.nip",
  postCode: "validation.postCode",
  integer: "validation.integer",
  number: "validation.number",
  invalid: "validation.invalid",
  termsRequired: "validation.termsRequired",
  dateRange: "validation.dateRange",
  priceRange: "validation.priceRange",
  promotionalPriceAbovePrice: "validation.promotionalPriceAbovePrice",
  unique: "validation.unique",
  reservedLink: "validation.reservedLink",
  couponEnterCode: "coupon.enterCode",
  couponInvalid: "coupon.invalid",
  couponExpired: "coupon.expired",
  couponNotStarted: "coupon.notStarted",
  couponUsedUp: "coupon.usedUp",
  couponBelowMinimum: "coupon.belowMinimum",
  selectParcelLocker: "checkout.selectParcelLocker",
  unknownParcelLocker: "checkout.unknownParcelLocker",
  shipmentSameAsPrevious: "shipment.sameAsPrevious",
  galleryFolder: "staff.gallery.folderInvalid",
  afterSaleLinesRequired: "afterSale.linesRequired",
  afterSaleChooseRemedy: "afterSale.chooseRemedy",
  afterSaleTooManyPhotos: "afterSale.tooManyPhotos",
} as const satisfies Record<string, MessageKey>;

/** Placeholders each parameterised message uses ("{min}", "{max}"). */
export const MESSAGE_PARAMS: Readonly<Partial<Record<MessageKey, readonly string[]>>> = {
  "validation.minLength": ["min"],
  "validation.maxLength": ["max"],
  "validation.minValue": ["min"],
  "validation.maxValue": ["max"],
  "coupon.notStarted": ["date"],
  "coupon.belowMinimum": ["amount"],
  "afterSale.tooManyPhotos": ["max"],
};

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === "string" && (MESSAGE_KEYS as readonly string[]).includes(value);
}
