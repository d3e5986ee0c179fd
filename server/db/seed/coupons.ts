import type { Tx } from "../client";
import { coupons } from "../schema";
import { couponDefs } from "./demo-data/coupons";
import { daysBefore } from "./plan";

// The demo coupons (existing codes are kept); returns how many were inserted.

export async function insertCoupons(tx: Tx, now: Date): Promise<number> {
  const rows = await tx
    .insert(coupons)
    .values(
      couponDefs(now).map((def) => ({
        ...def,
        createdAt: daysBefore(now, 60),
        updatedAt: daysBefore(now, 60),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: coupons.id });
  return rows.length;
}
