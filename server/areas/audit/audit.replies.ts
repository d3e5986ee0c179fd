import { z } from "zod";
import { id, isoDate, optionalText } from "../../http/reply-schemas";
import type { AuditRecord, AuditService } from "./audit";

// What GET /api/audit answers on success (docs/decisions/060), typed against the audit service;
// audit.replies.test.ts checks a real reply. `before` and `after` are the record (or its changed
// part) as the write stored it: any JSON.

const auditRecordReply: z.ZodType<AuditRecord> = z.object({
  _id: id,
  actorId: id.nullable(),
  actorEmail: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: optionalText,
  before: z.unknown(),
  after: z.unknown(),
  createdAt: isoDate,
});

export const auditPageReply: z.ZodType<Awaited<ReturnType<AuditService["list"]>>> = z.object({
  items: z.array(auditRecordReply),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
