import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { COMPLAINT_PHOTOS_MAX } from "../../../domain/after-sale-status";
import { complaintAnswerSchema, complaintRequestSchema } from "../../../domain/validation/after-sale";
import { textSchema, urlIdParamsSchema } from "../../../domain/validation/common";
import { ORDER_NUMBER_MAX } from "../../../domain/validation/order";
import { apiRoute, ORDER_FILE, STAFF } from "../../http/api-route";
import { signedInUser } from "../../http/auth";
import { readMultipart, registerMultipart } from "../../http/multipart";
import { unwrap } from "../../lib/result";
import type { UploadFile } from "../gallery/gallery.service";
import { caseIdReply } from "./after-sale.replies";
import { caseSubmissionHandler } from "./case-order";
import { complaintReceiptReply } from "./complaint.replies";

// Complaints over the API (issue 27, docs/decisions/066): a shopper's complaint (a guest names the
// order by number and its e-mail) with its photos, a complaint photo for staff and the case's
// customer, and the staff answer. Thin: parse, one service call, the reply.
//
// POST /after-sale/complaints takes JSON (complaintRequestSchema, no photos) or multipart/form-data:
// a `complaint` part holding that JSON and up to 5 `photos` files (each at most MEDIA_MAX_UPLOAD_MB;
// a 6th is refused with a field error, more than that with 413).

const photoParamsSchema = urlIdParamsSchema.extend({ photoId: urlIdParamsSchema.shape.id });
const photoQuerySchema = z.object({
  size: z.enum(["full", "thumb"]).default("full"),
  orderNumber: textSchema().trim().max(ORDER_NUMBER_MAX).optional(),
  email: textSchema().trim().max(254).optional(),
});

/** The complaint and its photos: a JSON body as it came, or the multipart's `complaint` and `photos`. */
async function readComplaint(request: FastifyRequest): Promise<{ body: unknown; photos: UploadFile[] }> {
  if (!request.isMultipart()) return { body: request.body, photos: [] };
  const { fields, files } = await readMultipart(request);
  return { body: parseJson(fields.complaint ?? "{}"), photos: files };
}

/** The `complaint` part's JSON; a text that is not JSON goes to validation as it is. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function complaintRoutes(app: FastifyInstance): Promise<void> {
  const { complaints, config } = app.services;

  // multipart for these routes only: at most one photo more than allowed is read (and refused with
  // its field error), the part carrying the complaint is as bounded as a JSON body
  await registerMultipart(app, {
    fileSize: config.media.maxUploadBytes,
    files: COMPLAINT_PHOTOS_MAX + 1,
    fields: 1,
    fieldSize: 64 * 1024,
  });

  // complaints and their photos are a person's data: never cached, never stored on the way
  app.addHook("onSend", async (request, reply) => {
    reply.header("cache-control", request.method === "GET" ? "private, no-store" : "no-store");
  });

  app.post(
    "/after-sale/complaints",
    apiRoute({
      summary:
        "Make a complaint about a paid order within 2 years of delivery (guest: orderNumber + the order's e-mail); JSON, or multipart with a `complaint` part (this JSON) and up to 5 `photos` files; the same submissionKey answers the first complaint",
      tag: "orders",
      access: "owner",
      body: complaintRequestSchema,
      status: 201,
      response: complaintReceiptReply,
      errors: [
        "order/not-found",
        "after-sale/complaint-unavailable",
        "after-sale/complaint-period-ended",
        "after-sale/too-many-units",
        "rate-limited",
        "request/too-large",
      ],
    }),
    async (request, reply) => {
      const { body, photos } = await readComplaint(request);
      return caseSubmissionHandler((input) => complaints.complain({ ...input, body, photos }))(
        request,
        reply,
      );
    },
  );

  app.get(
    "/after-sale/cases/:id/photos/:photoId",
    apiRoute({
      summary:
        "A complaint photo as WebP (?size=thumb for the thumbnail; staff, the order's customer, a guest with ?orderNumber=&email=); anyone else not-found",
      ...ORDER_FILE,
      params: photoParamsSchema,
      querystring: photoQuerySchema,
      response: "image/webp",
    }),
    async (request, reply: FastifyReply) => {
      const { id, photoId } = photoParamsSchema.parse(request.params);
      const { size, ...guest } = photoQuerySchema.parse(request.query);
      const reader = { ...guest, user: request.user, ip: request.ip };
      const photo = unwrap(await complaints.photo(id, photoId, size, reader));
      return reply.type("image/webp").send(photo.data);
    },
  );

  app.post(
    "/after-sale/cases/:id/answer",
    apiRoute({
      ...STAFF,
      summary: "Answer a complaint: accepted or rejected, the message e-mailed to the customer (staff)",
      params: urlIdParamsSchema,
      body: complaintAnswerSchema,
      response: caseIdReply,
      errors: ["not-found", "after-sale/state-conflict"],
    }),
    async (request) => {
      const { id } = urlIdParamsSchema.parse(request.params);
      return unwrap(await complaints.answer(signedInUser(request), id, request.body));
    },
  );
}
