import { and, eq, or, sql } from "drizzle-orm";
import { couponRejection } from "../../../domain/coupon";
import type { Tx } from "../../db/client";
import { coupons, orders } from "../../db/schema";
import { countsAsCouponUse } from "./coupon-uses";

// Applying a coupon to an order (docs/decisions/030): the order's transaction locks the coupon's row
// and counts its uses under that lock, so its limits hold whatever the concurrency
// (orders/order-place-one.ts). The cart checks a code the same way without the lock (cart.service.ts);
// every check goes through the one limiter on guessing (coupon-guard.ts).

/**
 * The coupon with this code (case-insensitive) locked for this transaction, checked against its
 * dates and limits; null for an unknown code or one it refuses. `proven` is called when the code
 * matched a coupon (before its dates and limits are judged). `paymentTimeoutMinutes`: how long an
 * unpaid order's hold counts as a use (coupon-uses.ts).
 */
export async function lockedCoupon(
  tx: Tx,
  code: string,
  productsGrosze: number,
  customer: { userId: number | null; email: string },
  now: Date,
  proven: (() => void) | undefined,
  paymentTimeoutMinutes: number,
) {
  const [coupon] = await tx
    .select()
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${code})`)
    .limit(1)
    .for("update");
  if (!coupon) return null;
  proven?.();
  const counted = and(eq(orders.couponId, coupon.id), countsAsCouponUse(orders, now, paymentTimeoutMinutes));
  const sameCustomer =
    customer.userId !== null
      ? or(eq(orders.userId, customer.userId), sql`lower(${orders.email}) = ${customer.email}`)
      : sql`lower(${orders.email}) = ${customer.email}`;
  const [usage] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      byCustomer: sql<number>`count(*) filter (where ${sameCustomer})::int`,
    })
    .from(orders)
    .where(counted);
  const rejection = couponRejection(
    {
      startDate: coupon.startDate.toISOString(),
      endDate: coupon.endDate.toISOString(),
      usageLimit: coupon.usageLimit,
      usageLimitPerCustomer: coupon.usageLimitPerCustomer,
      minOrderGrosze: coupon.minOrderGrosze,
    },
    now,
    productsGrosze,
    { usesTotal: usage?.total ?? 0, usesByCustomer: usage?.byCustomer ?? 0 },
  );
  return rejection ? null : coupon;
}
