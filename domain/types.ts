// Shapes the API returns and the web app renders (SPEC §3). Ids are integers
// (a product URL is `/produkt/{id}-{slug}`, so ids must not contain a dash).
// Money is always integer grosze in fields ending in `Grosze`.

import type { PolishTexts } from "./content-language";
import type { ProductIdentity, ProductSafety } from "./gpsr";

export type Id = number;

export type ProcessingTime = "1-2" | "3-6" | "7-9" | "10-14";

export interface ImageRef {
  url: string;
  thumb_url: string;
  name: string;
  isNew: boolean;
}

export interface FieldOption extends PolishTexts<"title" | "description"> {
  _id: Id;
  title: string;
  description: string;
  image: string | null;
}

export interface ProductField extends PolishTexts<"title" | "description"> {
  _id: Id;
  title: string;
  type: string;
  description: string;
  changePrice: boolean;
  options: FieldOption[];
}

export interface Variant {
  _id: Id;
  /** field id -> option id */
  fields: Record<string, Id>;
  priceGrosze: number;
  promotionalPriceGrosze: number | null;
  quantity: number;
}

export interface ProductThumbnail {
  totalQuantity: number;
  discountPercent: number;
  priceGrosze: number;
  standardPriceGrosze: number;
  minPriceGrosze: number;
}

export interface Product extends PolishTexts<"title" | "description"> {
  _id: Id;
  slug: string;
  title: string;
  description: string;
  tags: string[];
  images: ImageRef[];
  categories: Id[];
  fields: Id[];
  variants: Variant[];
  quantity: number;
  priceGrosze: number;
  promotionalPriceGrosze: number | null;
  /** lowest price in the last 30 days (SPEC §9), product level */
  minPriceGrosze: number;
  /** lowest 30-day price per variant, keyed by sorted variant option ids joined by dots */
  minVariantPrice: Record<string, number>;
  vatRate: number;
  isHidden: boolean;
  isNew: boolean;
  isSale: boolean;
  isPremium: boolean;
  isLayette: boolean;
  isSet: boolean;
  hasSlides: boolean;
  slides: Id[];
  slidesTitle: string;
  slidesDescription: string;
  processingTime: ProcessingTime;
  /** the parcel size ("gabaryt", A/B/C) its shipment needs at least (issue 29) */
  parcelSize: "A" | "B" | "C";
  /** SKU, EAN/GTIN, weight, dimensions, SEO title and description (issue 30) */
  identity: ProductIdentity;
  /** the product safety information (GPSR) as staff entered it (domain/gpsr.ts) */
  safety: ProductSafety;
  createdAt: string;
  updatedAt: string;
  thumbnail: ProductThumbnail;
}

/** Light product entry for lists, carousels and the cart (`GET /api/shops/products/basic`). */
export interface ProductBasic extends PolishTexts<"title"> {
  _id: Id;
  slug: string;
  title: string;
  image: ImageRef | null;
  categories: Id[];
  isHidden: boolean;
  isNew: boolean;
  isSale: boolean;
  isPremium: boolean;
  isLayette: boolean;
  isSet: boolean;
  processingTime: ProcessingTime;
  updatedAt: string;
  thumbnail: ProductThumbnail;
}

export interface Category extends PolishTexts<"title"> {
  _id: Id;
  title: string;
  parent: Id | null;
  order: number;
  /** titles from the first level below root, joined by '/' */
  path: string;
  /** ids from the first level below root, joined by '/' */
  idsPath: string;
  image: string | null;
  subcategories: Category[];
}

/**
 * A category as the storefront's menus and the product list's tree show it: what the root loader
 * sends with every page (a Category without parent, order, path and idsPath, which no page uses).
 */
export interface MenuCategory extends PolishTexts<"title"> {
  _id: Id;
  title: string;
  image: string | null;
  subcategories: MenuCategory[];
}

export interface HeaderSlide extends PolishTexts<"title" | "description"> {
  _id: Id;
  title: string;
  description: string;
  link: string | null;
  image: { url: string };
  order: number;
}

export interface Page extends PolishTexts<"title" | "content"> {
  _id: Id;
  link: string;
  title: string;
  updatedAt: string;
  image: string | null;
  content: string;
  protected: boolean;
}

export interface BlogArticle extends PolishTexts<"title" | "content"> {
  _id: Id;
  slug: string;
  title: string;
  tags: string[];
  createdAt: string;
  image: ImageRef | null;
  content: string;
  hasSlides: boolean;
  slides: Id[];
  slidesTitle: string;
  slidesDescription: string;
}

export type DiscountType = "percent" | "fixed";

export interface Coupon {
  _id: Id;
  code: string;
  discountType: DiscountType;
  /** percent: whole percent (e.g. 10); fixed: grosze */
  discountValue: number;
  startDate: string;
  endDate: string;
}

export type Role = "admin" | "shop-admin" | "moderator" | "shop-moderator" | "user";

export interface PublicUser {
  _id: Id;
  roles: Role[];
  approved: boolean;
  displayName: string;
  email: string;
  phone: string | null;
  postCode: string | null;
  city: string | null;
  street: string | null;
  nip: string | null;
  createdAt: string;
  approvedAt: string | null;
}

export interface AddressData {
  displayName: string;
  email: string;
  phone: string;
  postCode: string;
  city: string;
  street: string;
  nip?: string | null;
}

export interface DeliveryPoint {
  foreign_access_point_id: string;
  name: string;
  street: string;
  house_number: string | null;
  flat_number: string | null;
  postal_code: string;
  city: string;
}

export interface OrderStatusEntry {
  status: string;
  createdAt: string;
  hidden: boolean;
  data: { title?: string } | null;
}

export interface OrderCartItem {
  product: Id | null;
  productTitle: string;
  variantTitle: string | null;
  variantLabel: string | null;
  variantKeys: Record<string, Id>;
  variant: Id | null;
  unitPriceGrosze: number;
  quantity: number;
  /** unitPriceGrosze × quantity */
  priceGrosze: number;
  /** VAT rate in percent the line is invoiced with (23 unless the product says otherwise) */
  vatRate: number;
}

/** An order as the order card shows it (SPEC §3 Order). */
export interface Order {
  _id: Id;
  orderNumber: string;
  createdAt: string;
  status: string;
  statuses: OrderStatusEntry[];
  priceGrosze: number;
  totalProductsGrosze: number;
  cart: OrderCartItem[];
  delivery: { method: "courier" | "parcel-locker"; title: string; priceGrosze: number };
  coupon: { code: string } | null;
  couponDiscountGrosze: number;
  maxProcessingTime: ProcessingTime;
  shipmentNumber: string | null;
  invoiceUrl: string | null;
  user: Pick<PublicUser, "_id" | "displayName" | "email"> | null;
  email: string;
  recipient: AddressData;
  invoiceData: AddressData;
  deliveryPoint: DeliveryPoint | null;
  /** ISO: the unpaid order's units are held (and it may be paid) until then; null once paid or canceled */
  reservedUntil: string | null;
}

// ---------------------------------------------------------------- cart and checkout

/** A coupon applied to the cart (what the cart needs to compute and show the discount). */
export interface AppliedCoupon {
  _id: Id;
  code: string;
  discountType: DiscountType;
  /** percent: whole percent; fixed: grosze */
  discountValue: number;
  startDate: string;
  endDate: string;
  /** the smallest products total the coupon accepts, or null */
  minOrderGrosze: number | null;
}

/** One cart line as the cart screens show it (restored on the server from the cart cookie). */
export interface CartLineView extends PolishTexts<"productTitle"> {
  /** cartLineId(line): product id + variant keys */
  lineId: string;
  productId: Id;
  productTitle: string;
  productSlug: string;
  variantTitle: string;
  variantLabel: string;
  variantKeys: Record<string, Id>;
  variantId: Id | null;
  unitPriceGrosze: number;
  quantity: number;
  /** units available of the variant (or of the product without variants): the quantity choices 0..stock */
  stock: number;
  processingTime: ProcessingTime;
  image: ImageRef | null;
}

/** The cart of this visitor (root loader data `cart`). Totals use the chosen delivery method. */
export interface CartView {
  lines: CartLineView[];
  coupon: AppliedCoupon | null;
  deliveryMethod: "courier" | "parcel-locker";
  itemCount: number;
  productsGrosze: number;
  deliveryGrosze: number;
  couponDiscountGrosze: number;
  totalGrosze: number;
  missingForFreeDeliveryGrosze: number;
  maxProcessingTime: ProcessingTime;
}

/** Fresh figures sent back when the total the client showed differs from the server's. */
export interface PriceChangedDetails {
  totalGrosze: number;
  productsGrosze: number;
  deliveryGrosze: number;
  couponDiscountGrosze: number;
  /** the server's unit price per cart line (same order as the request's cart) */
  unitPricesGrosze: number[];
}

/** A pick-up point of the built-in parcel-locker picker (`GET /api/parcel-points`). */
export interface ParcelPoint {
  id: string;
  name: string;
  street: string;
  houseNumber: string | null;
  flatNumber: string | null;
  postalCode: string;
  city: string;
  locationDescription: string | null;
  openingHours: string | null;
  latitude: number | null;
  longitude: number | null;
}
