import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { auditLog } from "../../db/schema";

// The staff audit log (issue 6): every staff write records who did what to which record, with
// the record before and after. `recordAudit` runs inside the write's own transaction, so a change
// and its log entry are committed together or not at all.

/** Who made a change: the signed-in staff member. */
export interface AuditActor {
  _id: number;
  email: string;
}

export interface AuditEntry {
  /** "<entity>.<verb>", e.g. "product.create", "product.update", "order.status", "user.roles" */
  action: string;
  /** "product", "category", "field", "coupon", "slide", "page", "blog", "gallery", "order", "user", "stock", … */
  entity: string;
  entityId?: number | string | null;
  /** the record (or the changed part of it) before the change; null for a create */
  before?: unknown;
  /** the record (or the changed part of it) after the change; null for a delete */
  after?: unknown;
}

export async function recordAudit(tx: Db | Tx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await recordAudits(tx, actor, [entry]);
}

/** Rows of one statement: a bulk edit of a thousand products writes its entries in a few inserts. */
const AUDIT_ROWS_PER_INSERT = 500;

/** Many entries of one change (a bulk edit: one per record), inserted in as few statements as fit. */
export async function recordAudits(
  tx: Db | Tx,
  actor: AuditActor,
  entries: readonly AuditEntry[],
): Promise<void> {
  for (let start = 0; start < entries.length; start += AUDIT_ROWS_PER_INSERT) {
    await tx.insert(auditLog).values(
      entries.slice(start, start + AUDIT_ROWS_PER_INSERT).map((entry) => ({
        actorId: actor._id,
        actorEmail: actor.email,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
        before: entry.before === undefined ? null : toJson(entry.before),
        after: entry.after === undefined ? null : toJson(entry.after),
      })),
    );
  }
}

/**
 * Dates become ISO strings, undefined fields disappear: what jsonb stores is what the reader sees. A
 * lone surrogate (no character; jsonb refuses it, and the write with it) becomes U+FFFD, as it does
 * in the text column the record itself went to.
 */
function toJson(value: unknown): unknown {
  return value === null ? null : JSON.parse(JSON.stringify(value, wellFormedStrings));
}

function wellFormedStrings(_key: string, value: unknown): unknown {
  return typeof value === "string" ? value.replace(/\p{Cs}/gu, "\uFFFD") : value;
}

export interface AuditRecord {
  _id: number;
  actorId: number | null;
  actorEmail: string;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface AuditFilter {
  actorId?: number;
  entity?: string;
  entityId?: string;
  page?: number;
  pageSize?: number;
}

export function createAuditService(db: Db) {
  return {
    /** Newest first; by actor and/or entity (and id), one page. */
    async list(
      filter: AuditFilter,
    ): Promise<{ items: AuditRecord[]; total: number; page: number; pageSize: number }> {
      const pageSize = Math.min(Math.max(filter.pageSize ?? 50, 1), 200);
      const page = Math.max(filter.page ?? 1, 1);
      const conditions = [];
      if (filter.actorId !== undefined) conditions.push(eq(auditLog.actorId, filter.actorId));
      if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
      if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where);
      const rows = await db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return {
        items: rows.map((row) => ({
          _id: row.id,
          actorId: row.actorId,
          actorEmail: row.actorEmail,
          action: row.action,
          entity: row.entity,
          entityId: row.entityId,
          before: row.before,
          after: row.after,
          createdAt: row.createdAt.toISOString(),
        })),
        total: count?.total ?? 0,
        page,
        pageSize,
      };
    },

    /** The distinct entities and actors that appear in the log (for the filter selects). */
    async facets(): Promise<{
      entities: string[];
      actors: { actorId: number | null; actorEmail: string }[];
    }> {
      const entities = await db
        .selectDistinct({ entity: auditLog.entity })
        .from(auditLog)
        .orderBy(auditLog.entity);
      const actors = await db
        .selectDistinct({ actorId: auditLog.actorId, actorEmail: auditLog.actorEmail })
        .from(auditLog)
        .orderBy(auditLog.actorEmail);
      return { entities: entities.map((row) => row.entity), actors };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
