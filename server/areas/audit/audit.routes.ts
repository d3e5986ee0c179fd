import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { textSchema } from "../../../domain/validation/common";
import { apiRoute } from "../../http/api-route";
import { auditPageReply } from "./audit.replies";

// GET /api/audit (admins): the staff audit log, newest first, by actor and/or entity, one page.

export const auditQuerySchema = z.object({
  actorId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  entity: textSchema().trim().max(40).optional(),
  entityId: textSchema().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/audit",
    apiRoute({
      summary: "The staff audit log, newest first, by actor and entity (admin)",
      tag: "staff",
      access: "admin",
      querystring: auditQuerySchema,
      response: auditPageReply,
    }),
    async (request, reply) => {
      const query = auditQuerySchema.parse(request.query);
      reply.header("cache-control", "no-store");
      return app.services.audit.list({
        actorId: query.actorId,
        entity: query.entity || undefined,
        entityId: query.entityId || undefined,
        page: query.page,
      });
    },
  );
}
