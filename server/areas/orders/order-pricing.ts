import { effectivePriceGrosze } from "../../../domain/pricing";
import { orderTotals } from "../../../domain/totals";
import type { ProcessingTime } from "../../../domain/types";
import type { OrderCreatePayload } from "../../../domain/validation/order";
import { describeSelection, type FieldLike, normalizeSelection } from "../../../domain/variants";
import type { coupons } from "../../db/schema";
import { type Failure, fail } from "../../lib/result";
import type { CartCatalog } from "../cart/cart.catalog";
import type { StockLine } from "./stock";

// Pricing an order (DESIGN.md "The server is the authority"): every line priced from the catalog as
// it is now, then the totals with the delivery and the coupon (domain/totals.ts).

export interface PricedLine extends StockLine {
  productId: number;
  variantTitle: string;
  variantLabel: string;
  variantKeys: Record<string, number>;
  unitPriceGrosze: number;
  vatRate: number;
  processingTime: ProcessingTime;
}

/** Prices every line from the catalog (or fails: hidden, missing, variant not on the product). */
export function priceLines(catalog: CartCatalog, payload: OrderCreatePayload): PricedLine[] | Failure {
  const priced: PricedLine[] = [];
  for (const line of payload.cart) {
    const product = catalog.products.get(line.productId);
    if (!product || product.isHidden)
      return fail("product/unavailable", undefined, { productId: line.productId });
    const fields = product.fields
      .map((id) => catalog.fields.get(id))
      .filter((field): field is FieldLike => field !== undefined);
    let keys = normalizeSelection(fields, line.variantKeys);
    let priceSource: { priceGrosze: number; promotionalPriceGrosze: number | null } = product;
    let variantId: number | null = null;
    if (product.variants.length > 0) {
      const variant = product.variants.find((v) => v._id === line.variantId);
      if (!variant) return fail("product/unavailable", undefined, { productId: product._id });
      keys = { ...keys, ...variant.fields };
      priceSource = variant;
      variantId = variant._id;
    } else if (line.variantId !== null) {
      return fail("product/unavailable", undefined, { productId: product._id });
    }
    const { variantTitle, variantLabel } = describeSelection(fields, keys);
    priced.push({
      productId: product._id,
      variantId,
      quantity: line.quantity,
      productTitle: product.title,
      variantTitle,
      variantLabel,
      variantKeys: keys,
      unitPriceGrosze: effectivePriceGrosze(priceSource),
      vatRate: product.vatRate,
      processingTime: product.processingTime,
    });
  }
  return priced;
}

export type CouponRow = typeof coupons.$inferSelect;

export function totalsOf(
  lines: PricedLine[],
  payload: OrderCreatePayload,
  coupon: CouponRow | null,
  now: Date,
) {
  return orderTotals({
    lines,
    deliveryMethod: payload.delivery,
    coupon: coupon
      ? {
          discountType: coupon.discountType,
          discountValue: coupon.discountValue,
          startDate: coupon.startDate.toISOString(),
          endDate: coupon.endDate.toISOString(),
        }
      : null,
    now,
  });
}
