import type { Db, Tx } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { type Failure, FailureError, fail, ok, type Result } from "../../lib/result";

// Plumbing the staff write services of the content and coupon areas share: one transaction per
// write, expected failures thrown inside it as FailureError and returned as a Result outside.

/**
 * Runs `work` in one transaction. A FailureError thrown inside rolls it back and comes out as that
 * failure; a unique violation comes out as `onUnique()` when given (a race the pre-check missed).
 */
export async function inTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  onUnique?: () => Failure,
): Promise<Result<T>> {
  try {
    return ok(await db.transaction(work));
  } catch (error) {
    if (error instanceof FailureError) return error.failure;
    if (onUnique && isUniqueViolation(error)) return onUnique();
    throw error;
  }
}

/** Throws the failure out of a transaction (rolling it back). */
export function refuse(failure: Failure): never {
  throw new FailureError(failure);
}

export const notFound = () => fail("not-found");

export { unwrap } from "../../lib/result";
