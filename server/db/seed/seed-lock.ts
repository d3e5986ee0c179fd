import { count, sql } from "drizzle-orm";
import type { Db, Tx } from "../client";
import { categories, products } from "../schema";

// What every seeding step runs on, the lock that serialises seeding, and the rule that a shop is
// seeded once.

/** The database or the seeding transaction. */
export type Executor = Db | Tx;

/** Serialises concurrent seeding (several instances starting against one PostgreSQL). */
const SEED_LOCK_ID = 7_246_002;

/** Takes the seed lock until the end of the transaction. */
export async function takeSeedLock(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
}

/** A shop that has ever had a catalogue is never seeded again (deleting every product must not bring the demo back). */
export async function hasCatalog(db: Executor): Promise<boolean> {
  const [productRow] = await db.select({ n: count() }).from(products);
  const [categoryRow] = await db.select({ n: count() }).from(categories);
  return (productRow?.n ?? 0) > 0 || (categoryRow?.n ?? 0) > 0;
}
