import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { idFromTextSchema } from "../../../domain/validation/common";
import { apiRoute, STAFF } from "../../http/api-route";
import { id, isoDate } from "../../http/reply-schemas";
import { staffParamsWrite } from "../../http/staff-write";
import { TRASH_KINDS, type TrashEntry } from "./trash.service";

// The trash for staff (docs/decisions/076): GET /api/trash lists trashed products, pages and blog
// articles; POST /api/trash/:kind/:id/restore takes one back ("Przywróć"), DELETE /api/trash/:kind/:id
// deletes it for good ("Usuń na zawsze"). Audited like every staff write.

const trashParamsSchema = z.object({ kind: z.enum(TRASH_KINDS), id: idFromTextSchema });

const trashEntryReply: z.ZodType<TrashEntry> = z.object({
  kind: z.enum(TRASH_KINDS),
  _id: id,
  title: z.string(),
  label: z.string(),
  deletedAt: isoDate,
  purgeAt: isoDate,
});
const trashedIdReply = z.object({ _id: id });

export async function trashRoutes(app: FastifyInstance): Promise<void> {
  const { trash } = app.services;

  app.get(
    "/trash",
    apiRoute({
      ...STAFF,
      summary: "The trash: deleted products, pages and blog articles, newest first, with their purge date",
      response: z.array(trashEntryReply),
    }),
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return trash.list();
    },
  );

  app.post(
    "/trash/:kind/:id/restore",
    staffParamsWrite(
      {
        summary: "Restore a trashed record (409 trash/link-taken: a page's link is used by another page now)",
        params: trashParamsSchema,
        body: "none",
        response: trashedIdReply,
        errors: ["not-found", "trash/link-taken"],
      },
      (actor, { kind, id: recordId }) => trash.restore(actor, kind, recordId),
    ),
  );

  app.delete(
    "/trash/:kind/:id",
    staffParamsWrite(
      {
        summary: "Delete a trashed record for good",
        params: trashParamsSchema,
        response: trashedIdReply,
        errors: ["not-found"],
      },
      (actor, { kind, id: recordId }) => trash.purge(actor, kind, recordId),
    ),
  );
}
