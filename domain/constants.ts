// Business constants and limits (SPEC §9). Money is integer grosze.

/** Every API request times out after this (SPEC §7, §9). */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Code chunk load timeout. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** The order result page re-fetches the order this often while payment is pending. */
export const ORDER_POLL_MS = 2_000;
/**
 * ...and stops after this long (a bank's confirmation normally takes seconds); it then says what to do:
 * the payment may still arrive, "Zapłać" is on the order page, and how to reach the shop.
 */
export const ORDER_POLL_STOP_MS = 2 * 60_000;
/** Navigation loading indicator duration. */
export const ROUTE_LOADING_MS = 300;

/** Cart, recipient, invoice data and delivery point cookies. */
export const CART_COOKIE_DAYS = 7;
export const CHECKOUT_DATA_COOKIE_DAYS = 7;
/** Cookie-consent cookie (1 year). */
export const CONSENT_COOKIE_DAYS = 365;
/** Auth token lifetime / cookie. */
export const AUTH_TOKEN_HOURS = 24;

/** Window of the "lowest price in the last 30 days" (Omnibus) rule. */
export const LOWEST_PRICE_WINDOW_DAYS = 30;

/** Home page: products per carousel (latest, premium, sale) and latest blog entries. */
export const HOME_CAROUSEL_MAX = 10;
export const HOME_BLOG_COUNT = 3;

/** Meta description length limit (characters, ellipsis included). */
export const META_DESCRIPTION_MAX = 160;

export const PASSWORD_MIN = 7;
/**
 * Not in the spec: the longest password any field takes (login, new, confirmation, current; ADMIN_PASSWORD
 * too), checked before any hashing so hashing stays cheap.
 */
export const PASSWORD_MAX = 128;
/** The longest text any field takes (the rich-text bodies are the longest; each field has its own, lower bound). */
export const TEXT_MAX = 200_000;
export const NAME_MIN = 3;
/** Not in the spec: sane upper bounds for free-text fields. */
export const NAME_MAX = 100;
export const TITLE_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5_000;
export const COUPON_CODE_MAX = 50;
export const SHIPMENT_NUMBER_MAX = 64;

export const NIP_LENGTH = 10;

/** VAT rates (percent) a product may carry. */
export const VAT_RATES = [23, 8, 5, 0] as const;
export type VatRate = (typeof VAT_RATES)[number];
export const DEFAULT_VAT_RATE: VatRate = 23;

/** Availability thresholds: above 9 high, above 5 medium, above 0 low, else unavailable. */
export const AVAILABILITY_HIGH_ABOVE = 9;
export const AVAILABILITY_MEDIUM_ABOVE = 5;
export const AVAILABILITY_LOW_ABOVE = 0;

/** Social-proof message ranges on the product screen (random, inclusive). */
export const SOCIAL_PROOF_VIEWERS = { min: 50, max: 120 } as const;
export const SOCIAL_PROOF_PURCHASES_PER_MONTH = { min: 5, max: 15 } as const;

/** Product gallery thumbnails (7; 10 in an option gallery). */
export const GALLERY_THUMBNAILS = 7;
export const OPTION_GALLERY_THUMBNAILS = 10;

/** Not in the spec: product list page size. */
export const PRODUCTS_PER_PAGE = 24;

export const CURRENCY_LABEL = "zł";
export const DEFAULT_LANGUAGE = "pl";
export const LANGUAGES = ["pl", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
