import { count } from "drizzle-orm";
import { parcelLockerName } from "../../areas/parcel-points/parcel-points.service";
import type { Db } from "../client";
import { parcelPoints } from "../schema";
import { parcelPointDefs } from "./demo-data/parcel-points";
import { type Executor, takeSeedLock } from "./seed-lock";

// The demo parcel lockers of the point picker.

/** Inserts the demo parcel lockers (existing ids are kept); returns how many were inserted. */
export async function insertDemoParcelPoints(db: Executor, now: Date): Promise<number> {
  const rows = await db
    .insert(parcelPoints)
    .values(
      parcelPointDefs.map((def) => ({
        ...def,
        provider: "inpost",
        type: "parcel_locker",
        name: parcelLockerName(def.id),
        flatNumber: null,
        status: "Operating",
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: parcelPoints.id });
  return rows.length;
}

/**
 * The demo parcel lockers when the points table is empty, independently of the catalogue: a shop
 * that already has products (seeded before the picker existed, or its own) still gets them.
 * Under the seed lock, so concurrent starts insert them once. Returns how many were inserted.
 */
export async function seedParcelPointsIfEmpty(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await takeSeedLock(tx);
    const [row] = await tx.select({ n: count() }).from(parcelPoints);
    if ((row?.n ?? 0) > 0) return 0;
    return insertDemoParcelPoints(tx, new Date());
  });
}
