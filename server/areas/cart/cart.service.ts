import { sql } from "drizzle-orm";
import {
  addToCart,
  type CartLine,
  cartItemCount,
  cartLineId,
  type NewCartItem,
  productsTotalGrosze,
  type RestoreChange,
  restoreCart,
  restoreChanges,
  type SavedCartLine,
  setQuantity,
  toSavedCart,
} from "../../../domain/cart";
import { localized, localizedText } from "../../../domain/content-language";
import {
  type CouponRefusalKey,
  type CouponUsage,
  couponRefusal,
  couponRejection,
} from "../../../domain/coupon";
import type { DeliveryMethodId } from "../../../domain/delivery";
import type { Lang } from "../../../domain/i18n/translate";
import { effectivePriceGrosze } from "../../../domain/pricing";
import { orderTotals } from "../../../domain/totals";
import type { AppliedCoupon, CartLineView, CartView, Id, PublicUser } from "../../../domain/types";
import { hasNoNul } from "../../../domain/validation/common";
import type { FieldError } from "../../../domain/validation/errors";
import { MSG } from "../../../domain/validation/messages";
import {
  describeSelection,
  type FieldLike,
  normalizeSelection,
  type Selection,
} from "../../../domain/variants";
import type { Db } from "../../db/client";
import { coupons } from "../../db/schema";
import { createRateLimiter, type RateLimits } from "../../lib/rate-limit";
import { type ErrorCode, fail, ok, type Result } from "../../lib/result";
import { type CouponGuard, createCouponGuard } from "../coupons/coupon-guard";
import { countsAsCouponUse, orderUseColumns } from "../coupons/coupon-uses";
import { type CartCatalog, type CartProduct, loadCartCatalog } from "./cart.catalog";

// The visitor's cart (SPEC §2 Side cart / Cart screen, §4 Cart, Coupon; §9). The cart itself lives in
// the visitor's cookie (web/lib/shop-cookies.ts); this service is the authority that turns those
// saved lines into prices and totals against the database, and validates coupons:
// - restore: only visible products with stock, quantity capped, variants matched by id (restoreCart);
// - add: the product must be visible, the variant must belong to it, and there must be stock;
// - coupon: known (case-insensitive), active, within its usage limits, products total ≥ its minimum.

/** More lines than this in a cookie are ignored (a 4 kB cookie holds far fewer). */
export const MAX_CART_LINES = 100;

export interface CartViewInput {
  saved: readonly SavedCartLine[];
  couponCode: string | null;
  deliveryMethod: DeliveryMethodId;
  user: PublicUser | null;
  /** the client's address: a coupon code is checked under its limit (coupon-guard.ts) */
  ip: string;
  now?: Date;
  /** the interface's language: the lines' product titles and slugs in it (Polish by default) */
  lang?: Lang;
}

export interface CartViewResult {
  cart: CartView;
  /** what restoring changed against the saved lines (a line gone, a quantity lowered to the stock) */
  changes: RestoreChange[];
  /** the restored lines as they are to be saved (the cookie rewritten when `changes` is not empty) */
  saved: SavedCartLine[];
  /** the saved coupon code is no longer valid (unknown, expired, used up, below minimum): drop its cookie */
  couponDropped: boolean;
  /** the code was not checked: the caller is over the coupon limit (no discount this time) */
  couponLimited: boolean;
}

export interface AddToCartInput {
  productId: Id;
  /** the chosen variant; null for a product without variants */
  variantId: Id | null;
  /** field id -> option id of the chosen options (missing fields take their first option) */
  variantKeys: Selection;
}

export interface CouponCheckContext {
  /** products total of the cart (the coupon's minimum); null skips the minimum (API check) */
  productsGrosze: number | null;
  user: PublicUser | null;
  /** the client's address: the check counts against the coupon limit (coupon-guard.ts) */
  ip: string;
  now?: Date;
}

export interface CartServiceOptions {
  rateLimits?: Partial<RateLimits>;
  now?: () => Date;
  /** the one coupon limiter (services.ts shares it with the orders service); made here otherwise */
  couponGuard?: CouponGuard;
  /** ORDER_PAYMENT_TIMEOUT_MINUTES: how long an unpaid order's coupon use counts (default 60) */
  paymentTimeoutMinutes?: number;
}

export type CartService = ReturnType<typeof createCartService>;

/** The failure code of each reason a code is refused (server/http/errors.ts maps them to messages). */
const REFUSAL_CODES: Record<CouponRefusalKey, ErrorCode> = {
  "coupon.invalid": "coupon/invalid",
  "coupon.expired": "coupon/expired",
  "coupon.notStarted": "coupon/not-started",
  "coupon.usedUp": "coupon/used-up",
  "coupon.belowMinimum": "coupon/below-minimum",
};

type CouponRow = typeof coupons.$inferSelect;

function toAppliedCoupon(row: CouponRow): AppliedCoupon {
  return {
    _id: row.id,
    code: row.code,
    discountType: row.discountType,
    discountValue: row.discountValue,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    minOrderGrosze: row.minOrderGrosze,
  };
}

/** Units available of the line's variant (or of the product without variants). */
function stockOf(product: CartProduct, variantId: Id | null): number {
  if (product.variants.length === 0) return Math.max(0, product.quantity);
  const variant = product.variants.find((v) => v._id === variantId);
  return variant ? Math.max(0, variant.quantity) : 0;
}

function fieldsOf(catalog: CartCatalog, product: CartProduct): FieldLike[] {
  return product.fields.map((id) => catalog.fields.get(id)).filter((f): f is FieldLike => !!f);
}

function restoreFrom(catalog: CartCatalog, saved: readonly SavedCartLine[]): CartLine[] {
  return restoreCart(saved.slice(0, MAX_CART_LINES), catalog.products, catalog.fields);
}

/** A cart line as shown, its product's title and slug in `lang` (the variant's label stays Polish). */
function lineView(catalog: CartCatalog, line: CartLine, lang: Lang): CartLineView {
  const product = catalog.products.get(line.productId);
  const view: CartLineView = {
    lineId: cartLineId(line),
    productId: line.productId,
    productTitle: line.productTitle,
    productSlug: localizedText(lang, product?.slug ?? "", product?.slugEn),
    variantTitle: line.variantTitle,
    variantLabel: line.variantLabel,
    variantKeys: line.variantKeys,
    variantId: line.variantId,
    unitPriceGrosze: line.unitPriceGrosze,
    quantity: line.quantity,
    stock: product ? stockOf(product, line.variantId) : 0,
    processingTime: line.processingTime,
    image: product?.image ?? null,
  };
  return localized(view, lang, { productTitle: [line.productTitle, product?.titleEn] });
}

/**
 * The item a shopper adds (SPEC §4 Add to cart), checked against the product: missing, hidden,
 * a variant id that is not the product's (or none when it has variants, or one when it has
 * none) and no stock are all `product/unavailable`. Variant keys cover every field of the product
 * (non-price fields default to their first option); the variant's own options win for price fields.
 */
export function itemForAdd(
  catalog: CartCatalog,
  input: AddToCartInput,
): Result<{ item: NewCartItem; stock: number }> {
  const product = catalog.products.get(input.productId);
  if (!product || product.isHidden)
    return fail("product/unavailable", undefined, { productId: input.productId });
  const unavailable = fail("product/unavailable", undefined, { productId: product._id });
  const variant =
    product.variants.length > 0 ? product.variants.find((v) => v._id === input.variantId) : undefined;
  if (product.variants.length > 0 ? !variant : input.variantId != null) return unavailable;
  const stock = stockOf(product, variant?._id ?? null);
  if (stock <= 0) return unavailable;
  const fields = fieldsOf(catalog, product);
  const variantKeys: Record<string, Id> = {
    ...normalizeSelection(fields, input.variantKeys),
    ...variant?.fields,
  };
  const { variantTitle, variantLabel } = describeSelection(fields, variantKeys);
  return ok({
    item: {
      productId: product._id,
      productTitle: product.title,
      variantTitle,
      variantLabel,
      variantKeys,
      variantId: variant?._id ?? null,
      unitPriceGrosze: effectivePriceGrosze(variant ?? product),
      processingTime: product.processingTime,
    },
    stock,
  });
}

export function createCartService(db: Db, options: CartServiceOptions = {}) {
  const clock = options.now ?? (() => new Date());
  const guard =
    options.couponGuard ??
    createCouponGuard(createRateLimiter(db, { limits: options.rateLimits, now: clock }));
  const timeoutMinutes = options.paymentTimeoutMinutes ?? 60;

  /** The coupon with this code (case-insensitive) and how often it was used, in one query. */
  async function findCoupon(
    code: string,
    user: PublicUser | null,
    now: Date,
  ): Promise<{ row: CouponRow; usage: CouponUsage } | null> {
    const trimmed = code.trim();
    // a code from the cookie is not validated: one with U+0000 cannot exist (and PostgreSQL refuses it)
    if (trimmed === "" || trimmed.length > 64 || !hasNoNul(trimmed)) return null;
    const userId = user?._id ?? null;
    // Column names are written out: inside a select list Drizzle leaves them unqualified, and
    // "id" would mean orders.id in the subquery.
    const counted = countsAsCouponUse(orderUseColumns("o"), now, timeoutMinutes);
    const uses = (extra: ReturnType<typeof sql>) =>
      sql<number>`(select count(*)::int from orders o where o.coupon_id = coupons.id and ${counted} ${extra})`;
    const [found] = await db
      .select({
        row: coupons,
        usesTotal: uses(sql``),
        usesByCustomer: userId === null ? sql<number>`0` : uses(sql`and o.user_id = ${userId}`),
      })
      .from(coupons)
      .where(sql`lower(${coupons.code}) = lower(${trimmed})`)
      .limit(1);
    if (!found) return null;
    return {
      row: found.row,
      usage: { usesTotal: Number(found.usesTotal), usesByCustomer: Number(found.usesByCustomer) },
    };
  }

  /**
   * The coupon when it can be used now for this products total and customer, else null with why
   * (only "coupon.invalid" for a code that matches no coupon); under the coupon limit (rate-limited
   * when the caller is over it). A code that matches a coupon is proven.
   */
  async function validCoupon(
    code: string,
    productsGrosze: number | null,
    caller: { user: PublicUser | null; ip: string },
    now: Date,
  ): Promise<Result<{ coupon: AppliedCoupon } | { coupon: null; refusal: FieldError }>> {
    return guard.check(caller, async (proven) => {
      const found = await findCoupon(code, caller.user, now);
      if (!found) return { coupon: null, refusal: { key: MSG.couponInvalid } };
      proven();
      const coupon = toAppliedCoupon(found.row);
      const limits = {
        usageLimit: found.row.usageLimit,
        usageLimitPerCustomer: found.row.usageLimitPerCustomer,
      };
      const rejection = couponRejection({ ...coupon, ...limits }, now, productsGrosze, found.usage);
      if (rejection !== null) return { coupon: null, refusal: couponRefusal(coupon, rejection, now) };
      return { coupon };
    });
  }

  async function view(input: CartViewInput): Promise<CartViewResult> {
    const now = input.now ?? clock();
    const catalog = await loadCartCatalog(
      db,
      input.saved.slice(0, MAX_CART_LINES).map((line) => line.productId),
    );
    const lines = restoreFrom(catalog, input.saved);
    const changes = restoreChanges(
      input.saved.slice(0, MAX_CART_LINES),
      lines,
      (productId) => catalog.products.get(productId)?.title ?? null,
    );
    const base = orderTotals({ lines, deliveryMethod: input.deliveryMethod, coupon: null, now });
    const checked = input.couponCode
      ? await validCoupon(input.couponCode, base.productsGrosze, input, now)
      : null;
    // over the coupon limit: no discount now, but the code (the shopper's own) stays in its cookie
    const coupon = checked?.ok ? checked.value.coupon : null;
    const totals = coupon ? orderTotals({ lines, deliveryMethod: input.deliveryMethod, coupon, now }) : base;
    return {
      cart: {
        lines: lines.map((line) => lineView(catalog, line, input.lang ?? "pl")),
        coupon,
        deliveryMethod: input.deliveryMethod,
        itemCount: cartItemCount(lines),
        productsGrosze: totals.productsGrosze,
        deliveryGrosze: totals.deliveryGrosze,
        couponDiscountGrosze: totals.couponDiscountGrosze,
        totalGrosze: totals.totalGrosze,
        missingForFreeDeliveryGrosze: totals.missingForFreeDeliveryGrosze,
        maxProcessingTime: totals.maxProcessingTime,
      },
      changes,
      saved: toSavedCart(lines),
      couponDropped: input.couponCode !== null && checked?.ok === true && coupon === null,
      couponLimited: checked?.ok === false,
    };
  }

  async function checkCoupon(code: string, context: CouponCheckContext): Promise<Result<AppliedCoupon>> {
    const checked = await validCoupon(code, context.productsGrosze, context, context.now ?? clock());
    if (!checked.ok) return checked;
    const { value } = checked;
    if (value.coupon === null) {
      const { refusal } = value;
      return fail(
        REFUSAL_CODES[refusal.key as CouponRefusalKey] ?? "coupon/invalid",
        { code: refusal },
        refusal.params ? { params: refusal.params } : undefined,
      );
    }
    return ok(value.coupon);
  }

  return {
    /** The cart of the saved (cookie) lines against the database, with the coupon checked and totals. */
    view,

    /** The line a shopper adds (quantity 1) and the stock of its variant, or product/unavailable. */
    async lineForAdd(input: AddToCartInput): Promise<Result<{ line: CartLine; stock: number }>> {
      const catalog = await loadCartCatalog(db, [input.productId]);
      const result = itemForAdd(catalog, input);
      if (!result.ok) return result;
      return ok({ line: { ...result.value.item, quantity: 1 }, stock: result.value.stock });
    },

    /**
     * Adds one piece to the saved cart (SPEC §4 Cart): the same product and variant keys raise the
     * quantity by 1 (never beyond the stock), otherwise a new line. The saved lines are restored
     * first, so what comes back is clean. `added` is false when the stock is already in the cart.
     */
    async add(
      saved: readonly SavedCartLine[],
      input: AddToCartInput,
    ): Promise<Result<{ saved: SavedCartLine[]; lineId: string; added: boolean }>> {
      const kept = saved.slice(0, MAX_CART_LINES);
      const catalog = await loadCartCatalog(db, [...kept.map((line) => line.productId), input.productId]);
      const result = itemForAdd(catalog, input);
      if (!result.ok) return result;
      const lines = restoreFrom(catalog, kept);
      const next = addToCart(lines, result.value.item, result.value.stock);
      const lineId = cartLineId(result.value.item);
      const quantityOf = (list: CartLine[]) =>
        list.find((line) => cartLineId(line) === lineId)?.quantity ?? 0;
      return ok({ saved: toSavedCart(next), lineId, added: quantityOf(next) > quantityOf(lines) });
    },

    /**
     * Sets a line's quantity (SPEC §5 Cart quantity: 0 to the stock; 0 removes the line). An
     * unknown line id changes nothing. Returns the restored, updated saved lines.
     */
    async setQuantity(
      saved: readonly SavedCartLine[],
      lineId: string,
      quantity: number,
    ): Promise<SavedCartLine[]> {
      const kept = saved.slice(0, MAX_CART_LINES);
      const catalog = await loadCartCatalog(
        db,
        kept.map((line) => line.productId),
      );
      const lines = restoreFrom(catalog, kept);
      const line = lines.find((l) => cartLineId(l) === lineId);
      if (!line) return toSavedCart(lines);
      const product = catalog.products.get(line.productId);
      const stock = product ? stockOf(product, line.variantId) : 0;
      return toSavedCart(setQuantity(lines, lineId, quantity, stock));
    },

    /**
     * Checks a coupon code typed in the cart or asked by the API: unknown (case-insensitive) →
     * coupon/invalid; a known code that is expired, not yet started, used up (in total or by this
     * customer) or below its minimum → coupon/expired, coupon/not-started, coupon/used-up or
     * coupon/below-minimum (field error on `code` with the message's values, also in details.params). Each check counts against the coupon limit (coupon-guard.ts):
     * rate-limited beyond it.
     */
    checkCoupon,

    /** The cart form's "Dodaj kod": checkCoupon against the products total of the saved cart. */
    async applyCoupon(
      code: string,
      context: { saved: readonly SavedCartLine[]; user: PublicUser | null; ip: string },
    ): Promise<Result<AppliedCoupon>> {
      const kept = context.saved.slice(0, MAX_CART_LINES);
      const catalog = await loadCartCatalog(
        db,
        kept.map((line) => line.productId),
      );
      const productsGrosze = productsTotalGrosze(restoreFrom(catalog, kept));
      return checkCoupon(code, { productsGrosze, user: context.user, ip: context.ip });
    },
  };
}
