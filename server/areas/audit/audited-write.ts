import type { Db, Tx } from "../../db/client";
import { isUniqueViolation } from "../../db/pg-errors";
import { type Failure, FailureError, fail, ok, type Result } from "../../lib/result";
import { type AuditActor, recordAudit } from "./audit";

// The one shape of a staff write (ADR 062): the service validates its input, then `auditedWrite`
// runs the write in one transaction and records its audit entry in that same transaction. Expected
// failures are thrown inside with `refuse` (rolling everything back) and come out as a Result; a
// unique violation the pre-check missed (a race) comes out as the service's coded failure.

/** An audit action: "<entity>.<verb>", the entity being the part before the dot. */
export type AuditAction = `${string}.${string}`;

/** What one staff write did: the value it returns, and the record before and after for the log. */
export interface AuditedChange<T> {
  value: T;
  entityId: number | string | null;
  /** null (or left out) for a create */
  before?: unknown;
  /** null (or left out) for a delete */
  after?: unknown;
  /** the write changed nothing (a bulk reorder that moved nothing, an edit to the same values): no entry */
  unchanged?: boolean;
  /** the action the write did, when it decides it (an account edit: roles, approval or data); of the same entity */
  action?: AuditAction;
}

/** A created record: returned as it is, and logged as the state after. */
export const created = <T extends { _id: number | string }>(record: T): AuditedChange<T> => ({
  value: record,
  entityId: record._id,
  before: null,
  after: record,
});

/** An updated record: returned as it is after the change. */
export const updated = <T>(entityId: number | string, before: unknown, after: T): AuditedChange<T> => ({
  value: after,
  entityId,
  before,
  after,
});

/** A deleted record: logged as the state before, `value` returned (the record itself by default). */
export function deleted<T>(entityId: number | string, before: T): AuditedChange<T>;
export function deleted<T>(entityId: number | string, before: unknown, value: T): AuditedChange<T>;
export function deleted(entityId: number | string, before: unknown, ...value: unknown[]) {
  return { value: value.length > 0 ? value[0] : before, entityId, before, after: null };
}

/**
 * Runs `work` in one transaction and records the change it reports as the audit entry `action`
 * ("<entity>.<verb>", the entity being the part before the dot) in that transaction.
 */
export function auditedWrite<T>(
  db: Db,
  actor: AuditActor,
  action: AuditAction,
  work: (tx: Tx) => Promise<AuditedChange<T>>,
  onUnique?: () => Failure,
): Promise<Result<T>> {
  return inTransaction(
    db,
    async (tx) => {
      const change = await work(tx);
      await recordChange(tx, actor, action, change);
      return change.value;
    },
    onUnique,
  );
}

/**
 * Records one change as the audit entry `change.action ?? action` (nothing when it is unchanged):
 * the step `auditedWrite` ends with, for a write of many records in one `inTransaction` (the
 * warehouse's bulk stock change records one entry per changed row).
 */
export async function recordChange(
  tx: Tx,
  actor: AuditActor,
  action: AuditAction,
  change: Omit<AuditedChange<unknown>, "value">,
): Promise<void> {
  if (change.unchanged) return;
  const done = change.action ?? action;
  await recordAudit(tx, actor, {
    action: done,
    entity: done.slice(0, done.indexOf(".")),
    entityId: change.entityId,
    before: change.before,
    after: change.after,
  });
}

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
